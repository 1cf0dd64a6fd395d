import { use } from 'react'
import { css } from '../../../../styled-system/css'
import type { Monitor } from '@vigil/domain/monitor.schema'
import type { LatestFacts } from '../../../machines/monitor-detail.machine.ts'
import * as Alert from '../../components/alert.tsx'
import * as Card from '../../components/card.tsx'
import { formatDateTime } from './format.ts'
import { muted } from './table-styles.ts'
import { loadTypeFacts, typeUi } from './types/index.ts'

/**
 * What the newest check of a monitor whose type has a facts panel reported, under the panel's title. Before any
 * check: "not checked yet"; when the newest check reported nothing (it failed before an answer), the last facts
 * known, with why. The facts themselves are the type's panel (its module's `<type>.facts.tsx`).
 */
export function FactsPanel({ monitor, latest, now }: { monitor: Monitor; latest: LatestFacts; now: number }) {
  const Facts = use(loadTypeFacts(monitor.type))
  const { newest, reported } = latest
  const stale = newest && reported && newest.checked_at !== reported.checked_at ? newest : null
  return (
    <Card.Root as="section" aria-labelledby="facts-title" data-testid="facts-panel" gap="3">
      <div className={css({ display: 'flex', gap: '3', alignItems: 'baseline', flexWrap: 'wrap' })}>
        <Card.Title id="facts-title" flex="1">
          {typeUi(monitor.type).facts?.title}
        </Card.Title>
        {reported && (
          <Card.Description>
            As of <time dateTime={reported.checked_at}>{formatDateTime(reported.checked_at)}</time>
          </Card.Description>
        )}
      </div>
      {!newest ? (
        <p className={muted}>Not checked yet: the first check runs shortly.</p>
      ) : !reported ? (
        <p className={muted}>No recent check could tell these. The latest says: {newest.message}</p>
      ) : (
        <>
          {stale && (
            <Alert.Root role="note" status="warning">
              <Alert.Description>
                The latest check, at {formatDateTime(stale.checked_at)}, found nothing to show: {stale.message}
              </Alert.Description>
            </Alert.Root>
          )}
          {reported.facts.type === monitor.type && <Facts monitor={monitor} detail={reported.facts.detail} now={now} />}
        </>
      )}
    </Card.Root>
  )
}
