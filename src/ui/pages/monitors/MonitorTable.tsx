import { Pause, Pencil, Play, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import type { Monitor } from '../../../domain/monitor.schema.ts'
import { Button } from '../../components/button.tsx'
import * as Table from '../../components/table.tsx'
import { formatAgo, formatDateTime, formatMs, formatUptime, NO_DATA } from './format.ts'
import { StatusBadge } from './StatusBadge.tsx'
import { link, muted, numeric } from './table-styles.ts'
import type { AnyMonitorTypeUi } from './types/define.ts'

export interface RowActions {
  pause(monitor: Monitor): void
  resume(monitor: Monitor): void
  edit(monitor: Monitor): void
  remove(monitor: Monitor): void
  /** The monitor an action is running on: its buttons wait. */
  busyId: string | null
}

/**
 * The monitors of one type: state, uptime, speed, last check, and what can be done to each; the type's own columns
 * (its module's) after the name.
 */
export function MonitorTable({
  ui,
  monitors,
  now,
  actions,
}: {
  ui: AnyMonitorTypeUi
  monitors: readonly Monitor[]
  now: number
  actions: RowActions
}) {
  return (
    <Table.Scroll tabIndex={0} aria-label={`${ui.label} monitors`}>
      <Table.Root>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">Name</Table.Header>
            {ui.columns.map((c) => (
              <Table.Header key={c.title} scope="col">
                {c.title}
              </Table.Header>
            ))}
            <Table.Header scope="col">Status</Table.Header>
            <Table.Header scope="col">Uptime 24 h</Table.Header>
            <Table.Header scope="col">Uptime 30 d</Table.Header>
            <Table.Header scope="col">Response</Table.Header>
            <Table.Header scope="col">Last check</Table.Header>
            <Table.Header scope="col">
              <span className={css({ srOnly: true })}>Actions</span>
            </Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {monitors.map((m) => {
            const busy = actions.busyId === m.id
            return (
              <Table.Row key={m.id} data-monitor-id={m.id}>
                <Table.Cell minW="48">
                  <Link to={ui.detail(m.id)} className={link}>
                    {m.name}
                  </Link>
                  <div className={css({ color: 'muted', fontSize: 'xs', wordBreak: 'break-all', maxW: '72' })}>
                    {ui.target(m)}
                  </div>
                </Table.Cell>
                {ui.columns.map((c) => (
                  <Table.Cell key={c.title} className={numeric}>
                    {c.cell(m, now)}
                  </Table.Cell>
                ))}
                <Table.Cell>
                  <StatusBadge status={m.status} />
                </Table.Cell>
                <Table.Cell className={numeric}>{formatUptime(m.uptime_24h)}</Table.Cell>
                <Table.Cell className={numeric}>{formatUptime(m.uptime_30d)}</Table.Cell>
                <Table.Cell className={numeric}>{formatMs(m.last_response_ms)}</Table.Cell>
                <Table.Cell className={numeric}>
                  {m.last_checked_at ? (
                    <time dateTime={m.last_checked_at} title={formatDateTime(m.last_checked_at)}>
                      {formatAgo(m.last_checked_at, now)}
                    </time>
                  ) : (
                    <span className={muted}>{m.paused ? NO_DATA : 'not yet'}</span>
                  )}
                </Table.Cell>
                <Table.Cell>
                  <div className={css({ display: 'flex', gap: '1', justifyContent: 'flex-end' })}>
                    {m.paused ? (
                      <RowButton label={`Resume ${m.name}`} disabled={busy} onClick={() => actions.resume(m)}>
                        <Play aria-hidden="true" />
                      </RowButton>
                    ) : (
                      <RowButton label={`Pause ${m.name}`} disabled={busy} onClick={() => actions.pause(m)}>
                        <Pause aria-hidden="true" />
                      </RowButton>
                    )}
                    <RowButton label={`Edit ${m.name}`} disabled={busy} onClick={() => actions.edit(m)}>
                      <Pencil aria-hidden="true" />
                    </RowButton>
                    <RowButton
                      label={`Delete ${m.name}`}
                      disabled={busy}
                      onClick={() => actions.remove(m)}
                      className={css({ color: 'red.700' })}
                    >
                      <Trash2 aria-hidden="true" />
                    </RowButton>
                  </div>
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.Scroll>
  )
}

/** An icon button of a row, named (and titled) by what it does to which monitor. */
function RowButton({
  label,
  disabled,
  onClick,
  className,
  children,
}: {
  label: string
  disabled: boolean
  onClick: () => void
  className?: string
  children: React.ReactNode
}) {
  return (
    <Button
      size="sm"
      variant="ghost"
      disabled={disabled}
      aria-label={label}
      title={label}
      onClick={onClick}
      className={className}
    >
      {children}
    </Button>
  )
}
