import { css } from '../../../../styled-system/css'
import type { Monitor } from '../../../domain/monitor.schema.ts'
import type { LatestFacts, MonitorFacts } from '../../../machines/monitor-detail.machine.ts'
import { card } from '../page-styles.ts'
import { BlacklistZones } from './BlacklistZones.tsx'
import { CertificateFacts } from './CertificateFacts.tsx'
import { DnsFacts } from './DnsFacts.tsx'
import { formatDateTime } from './format.ts'
import { RegistrationFacts } from './RegistrationFacts.tsx'
import { muted } from './table-styles.ts'

/**
 * What the newest check of a DNS, SSL, domain or blacklist monitor reported. Before any check: "not checked
 * yet"; when the newest check reported nothing (it failed before an answer), the last facts known, with why.
 */
export function FactsPanel({
  title,
  monitor,
  latest,
  now,
}: {
  title: string
  monitor: Monitor
  latest: LatestFacts
  now: number
}) {
  const { newest, reported } = latest
  const stale = newest && reported && newest.checked_at !== reported.checked_at ? newest : null
  return (
    <section className={card} aria-labelledby="facts-title" data-testid="facts-panel">
      <div className={css({ display: 'flex', gap: '3', alignItems: 'baseline', flexWrap: 'wrap', mb: '3' })}>
        <h2 id="facts-title" className={css({ fontSize: 'lg', fontWeight: 'semibold', flex: '1' })}>
          {title}
        </h2>
        {reported && (
          <p className={css({ color: 'muted', fontSize: 'sm' })}>
            As of <time dateTime={reported.checked_at}>{formatDateTime(reported.checked_at)}</time>
          </p>
        )}
      </div>
      {!newest ? (
        <p className={muted}>Not checked yet: the first check runs shortly.</p>
      ) : !reported ? (
        <p className={muted}>No recent check could tell these. The latest says: {newest.message}</p>
      ) : (
        <>
          {stale && (
            <p role="note" className={css({ bg: 'amber.50', color: 'amber.900', p: '3', rounded: 'md', mb: '3' })}>
              The latest check, at {formatDateTime(stale.checked_at)}, found nothing to show: {stale.message}
            </p>
          )}
          <Facts monitor={monitor} facts={reported.facts} now={now} />
        </>
      )}
    </section>
  )
}

function Facts({ monitor, facts, now }: { monitor: Monitor; facts: MonitorFacts; now: number }) {
  if (facts.type === 'dns' && monitor.type === 'dns') return <DnsFacts monitor={monitor} detail={facts.detail} />
  if (facts.type === 'ssl' && monitor.type === 'ssl')
    return <CertificateFacts monitor={monitor} detail={facts.detail} now={now} />
  if (facts.type === 'domain' && monitor.type === 'domain')
    return <RegistrationFacts monitor={monitor} detail={facts.detail} now={now} />
  if (facts.type === 'blacklist') return <BlacklistZones detail={facts.detail} />
  return null
}
