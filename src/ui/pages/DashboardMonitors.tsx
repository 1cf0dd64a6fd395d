import { useActorRef, useSelector } from '../app/actor-hooks.ts'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { css } from '../../../styled-system/css'
import { monitorsApi } from '../../adapters/monitors-api.ts'
import { overviewLogic } from '../../adapters/overview.actors.ts'
import { formatDateTime } from '@vigil/domain/date-format'
import type { MonitorType } from '@vigil/domain/monitor.schema'
import { MONITOR_PAGES } from '@vigil/domain/monitor-pages'
import { notificationTarget } from '@vigil/domain/notification-target'
import * as Card from '../components/card.tsx'
import * as EmptyState from '../components/empty-state.tsx'
import { ExpiringSoon } from './ExpiringSoon.tsx'
import { useLiveRefresh } from './monitors/use-live-refresh.ts'
import { usePageVisibility } from './monitors/use-page-visibility.ts'
import { RetryAlert } from './PageParts.tsx'

const detailOf = (type: string, id: string) =>
  type in MONITOR_PAGES ? MONITOR_PAGES[type as MonitorType].detail(id) : (notificationTarget(type, id) ?? '#')

const tile = css({ bg: 'canvas', rounded: 'md', p: '3', display: 'grid', gap: '0.5' })
const figure = css({ fontSize: '2xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })

/** The dashboard's monitors by state, its open incidents and what expires soon, asked again every 10 s. */
export function DashboardMonitors() {
  const logic = useMemo(() => overviewLogic(monitorsApi), [])
  const overview = useActorRef(logic)
  usePageVisibility(overview)
  // The overview counts states and lists open incidents: a result that changes no state changes nothing here.
  useLiveRefresh(overview, (e) => (e.kind === 'monitor' ? e.changed : e.kind === 'monitors' || e.kind === 'incident'))
  const data = useSelector(overview, (s) => s.context.data)
  const error = useSelector(overview, (s) => s.context.error)
  const failed = useSelector(overview, (s) => s.matches('failed'))
  const counts = data?.counts
  const tiles = counts
    ? ([
        ['Up', counts.up, 'green.700'],
        ['Down', counts.down, 'red.700'],
        ['Paused', counts.paused, 'gray.700'],
        ...(counts.degraded > 0 ? ([['Degraded', counts.degraded, 'amber.800']] as const) : []),
        ...(counts.pending > 0 ? ([['Pending', counts.pending, 'gray.700']] as const) : []),
      ] as const)
    : []

  return (
    <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: '2fr 3fr' } })}>
      <Card.Root as="section" aria-labelledby="monitor-counts" gap="3">
        <Card.Title id="monitor-counts" fontSize="md">
          Monitors{counts ? ` (${counts.total})` : ''}
        </Card.Title>
        {failed && <RetryAlert onRetry={() => overview.send({ type: 'poll.refresh' })}>{error}</RetryAlert>}
        {!counts ? (
          !failed && <p role="status">Loading...</p>
        ) : (
          <dl
            className={css({ display: 'grid', gap: '3', gridTemplateColumns: 'repeat(auto-fit, minmax(5.5rem, 1fr))' })}
          >
            {tiles.map(([label, count, color]) => (
              <div key={label} className={tile}>
                <dt className={css({ fontSize: 'sm', color: 'muted' })}>{label}</dt>
                <dd className={figure} style={{ color: `var(--colors-${color.replace('.', '-')})` }}>
                  {count}
                </dd>
              </div>
            ))}
          </dl>
        )}
        {counts?.total === 0 && (
          <EmptyState.Root>
            <EmptyState.Description fontSize="sm" color="inherit">
              No monitors yet.{' '}
              <Link to={MONITOR_PAGES.web.list} className={css({ color: 'primary', textDecoration: 'underline' })}>
                Add your first website monitor
              </Link>
            </EmptyState.Description>
          </EmptyState.Root>
        )}
      </Card.Root>
      <Card.Root as="section" aria-labelledby="open-incidents" gap="3">
        <Card.Title id="open-incidents" fontSize="md">
          Open incidents{data && data.openIncidents > 0 ? ` (${data.openIncidents})` : ''}
        </Card.Title>
        {!data ? (
          !failed && <p role="status">Loading...</p>
        ) : data.incidents.length === 0 ? (
          <EmptyState.Root>
            <EmptyState.Description>No open incidents: everything is up.</EmptyState.Description>
          </EmptyState.Root>
        ) : (
          <ul className={css({ display: 'grid', gap: '2' })}>
            {data.incidents.map((i) => (
              <li key={i.id} className={css({ borderLeftWidth: '3px', borderColor: 'red.600', pl: '3' })}>
                <Link
                  to={`/incidents/${encodeURIComponent(i.id)}`}
                  className={css({ fontWeight: 'semibold', color: 'primary', textDecoration: 'underline' })}
                >
                  {i.monitor_name}
                </Link>{' '}
                <Link
                  to={detailOf(i.monitor_type, i.monitor_id)}
                  aria-label={`The monitor ${i.monitor_name}`}
                  className={css({ fontSize: 'xs', color: 'muted', textDecoration: 'underline' })}
                >
                  monitor
                </Link>
                <p className={css({ fontSize: 'sm' })}>{i.cause}</p>
                <p className={css({ fontSize: 'xs', color: 'muted' })}>
                  Down since <time dateTime={i.started_at}>{formatDateTime(i.started_at)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
        {data && (
          <Link to="/incidents" className={css({ fontSize: 'sm', color: 'primary', textDecoration: 'underline' })}>
            All incidents
          </Link>
        )}
      </Card.Root>
      {data && (
        <div className={css({ gridColumn: '1 / -1' })}>
          <ExpiringSoon expiring={data.expiring} watched={data.expiryWatched} now={Date.now()} />
        </div>
      )}
    </div>
  )
}
