import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import { integrationChoicesLogic } from '../../../adapters/integration-choices.actors.ts'
import { integrationsApi } from '../../../adapters/integrations-api.ts'
import { INTEGRATION_LABELS, type Integration } from '@vigil/domain/integration.schema'
import type { Monitor } from '@vigil/domain/monitor.schema'
import * as Card from '../../components/card.tsx'
import { RetryAlert } from '../PageParts.tsx'
import { intervalLabel } from './format.ts'
import { link, muted } from './table-styles.ts'

const chip = css({
  display: 'inline-flex',
  gap: '1',
  alignItems: 'center',
  px: '2.5',
  py: '1',
  rounded: 'full',
  bg: 'navy.50',
  fontSize: 'sm',
})

/** Which of the user's channels a monitor alerts (all of them when it chose none), and its reminders. */
export function MonitorAlerts({ monitor }: { monitor: Monitor }) {
  const logic = useMemo(() => integrationChoicesLogic(integrationsApi), [])
  const choices = useActorRef(logic)
  const list = useSelector(choices, (s) => s.context.data)
  const error = useSelector(choices, (s) => (s.matches('failed') ? s.context.error : null))
  const all = monitor.integration_ids === null
  const chosen = new Set(monitor.integration_ids ?? [])
  // A channel removed since it was chosen is no longer alerted, so it is not listed.
  const alerted: Integration[] = (list?.integrations ?? []).filter((i) => all || chosen.has(i.id))

  return (
    <Card.Root as="section" aria-labelledby="alerts-title" gap="3">
      <div className={css({ display: 'flex', gap: '3', alignItems: 'baseline', flexWrap: 'wrap' })}>
        <Card.Title id="alerts-title" flex="1">
          Alerts
        </Card.Title>
        <Link to="/integrations" className={link}>
          Manage integrations
        </Link>
      </div>
      {error ? (
        <RetryAlert role="status" onRetry={() => choices.send({ type: 'load.retry' })}>
          Your channels could not be loaded: {error}
        </RetryAlert>
      ) : !list ? (
        <p className={muted}>Loading...</p>
      ) : alerted.length === 0 ? (
        <p data-testid="alerted-channels">
          Only the bell:{' '}
          {all
            ? 'you have no alert channels yet.'
            : chosen.size === 0
              ? 'no channels are chosen for this monitor.'
              : 'the channels chosen for it were removed.'}
        </p>
      ) : (
        <div data-testid="alerted-channels">
          <p className={css({ mb: '2' })}>{all ? 'All your channels:' : 'These channels:'}</p>
          <ul className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', listStyle: 'none', p: '0', m: '0' })}>
            {alerted.map((i) => (
              <li key={i.id} className={chip}>
                {i.name}
                <span className={muted}>
                  ({INTEGRATION_LABELS[i.type]}
                  {i.enabled ? '' : ', switched off'})
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className={css({ fontSize: 'sm' })}>
        <span className={muted}>Reminders while down: </span>
        {monitor.reminder_minutes === null ? 'off' : `every ${intervalLabel(monitor.reminder_minutes * 60)}`}
      </p>
    </Card.Root>
  )
}
