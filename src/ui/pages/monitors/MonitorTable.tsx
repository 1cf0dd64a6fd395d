import { Pause, Pencil, Play, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import type { Monitor } from '../../../domain/monitor.schema.ts'
import { Button } from '../../components/button.tsx'
import { ExpiryText } from './ExpiryText.tsx'
import { formatAgo, formatDateTime, formatMs, formatUptime, NO_DATA, targetOf } from './format.ts'
import type { ExtraColumn, MonitorKind } from './monitor-kinds.ts'
import { StatusBadge } from './StatusBadge.tsx'
import { link, muted, numeric, table, tableWrap } from './table-styles.ts'

export interface RowActions {
  pause(monitor: Monitor): void
  resume(monitor: Monitor): void
  edit(monitor: Monitor): void
  remove(monitor: Monitor): void
  /** The monitor an action is running on: its buttons wait. */
  busyId: string | null
}

/** The monitors of one type: state, uptime, speed, last check, and what can be done to each. */
export function MonitorTable({
  kind,
  monitors,
  now,
  actions,
}: {
  kind: MonitorKind
  monitors: readonly Monitor[]
  now: number
  actions: RowActions
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className={tableWrap} tabIndex={0} aria-label={`${kind.title} monitors`}>
      <table className={table}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            {kind.columns.map((c) => (
              <th key={c} scope="col">
                {COLUMN_TITLES[c]}
              </th>
            ))}
            <th scope="col">Status</th>
            <th scope="col">Uptime 24 h</th>
            <th scope="col">Uptime 30 d</th>
            <th scope="col">Response</th>
            <th scope="col">Last check</th>
            <th scope="col">
              <span className={css({ srOnly: true })}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {monitors.map((m) => {
            const busy = actions.busyId === m.id
            return (
              <tr key={m.id} data-monitor-id={m.id}>
                <td className={css({ minW: '48' })}>
                  <Link to={kind.detail(m.id)} className={link}>
                    {m.name}
                  </Link>
                  <div className={css({ color: 'muted', fontSize: 'xs', wordBreak: 'break-all', maxW: '72' })}>
                    {targetOf(m)}
                  </div>
                </td>
                {kind.columns.map((c) => (
                  <td key={c} className={numeric}>
                    <ExtraCell column={c} monitor={m} now={now} />
                  </td>
                ))}
                <td>
                  <StatusBadge status={m.status} />
                </td>
                <td className={numeric}>{formatUptime(m.uptime_24h)}</td>
                <td className={numeric}>{formatUptime(m.uptime_30d)}</td>
                <td className={numeric}>{formatMs(m.last_response_ms)}</td>
                <td className={numeric}>
                  {m.last_checked_at ? (
                    <time dateTime={m.last_checked_at} title={formatDateTime(m.last_checked_at)}>
                      {formatAgo(m.last_checked_at, now)}
                    </time>
                  ) : (
                    <span className={muted}>{m.paused ? NO_DATA : 'not yet'}</span>
                  )}
                </td>
                <td>
                  <div className={css({ display: 'flex', gap: '1', justifyContent: 'flex-end' })}>
                    {m.paused ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={busy}
                        aria-label={`Resume ${m.name}`}
                        title={`Resume ${m.name}`}
                        onClick={() => actions.resume(m)}
                      >
                        <Play aria-hidden="true" />
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={busy}
                        aria-label={`Pause ${m.name}`}
                        title={`Pause ${m.name}`}
                        onClick={() => actions.pause(m)}
                      >
                        <Pause aria-hidden="true" />
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      aria-label={`Edit ${m.name}`}
                      title={`Edit ${m.name}`}
                      onClick={() => actions.edit(m)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      aria-label={`Delete ${m.name}`}
                      title={`Delete ${m.name}`}
                      onClick={() => actions.remove(m)}
                      className={css({ color: 'red.700' })}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

const COLUMN_TITLES: Record<ExtraColumn, string> = { record: 'Record', expires: 'Expires' }

/** "any answer", "contains 2 values", "exactly 1 value". */
const expectation = (expected: readonly string[], match: 'contains' | 'exact') => {
  if (expected.length === 0) return 'any answer'
  const values = `${expected.length} value${expected.length === 1 ? '' : 's'}`
  return match === 'exact' ? `exactly ${values}` : `contains ${values}`
}

function ExtraCell({ column, monitor, now }: { column: ExtraColumn; monitor: Monitor; now: number }) {
  if (column === 'record' && monitor.type === 'dns')
    return (
      <>
        <span className={css({ fontWeight: 'semibold' })}>{monitor.record_type}</span>
        <div className={css({ color: 'muted', fontSize: 'xs' })}>
          {expectation(monitor.expected, monitor.expected_match)}
        </div>
      </>
    )
  if (column === 'expires' && (monitor.type === 'ssl' || monitor.type === 'domain'))
    return <ExpiryText expiresAt={monitor.expires_at} warnDays={monitor.warn_days} now={now} />
  return null
}
