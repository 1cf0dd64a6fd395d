import type { Monitor } from '@vigil/domain/monitor.schema'
import type { MonitorSort } from '@vigil/domain/monitor-list'
import { PERIOD_MS } from '@vigil/domain/uptime'
import { Copy, Pause, Pencil, Play, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import { Button } from '../../components/button.tsx'
import { SortHeader } from '../../components/sort-header.tsx'
import * as Table from '../../components/table.tsx'
import { formatAgo, formatDateTime, formatMs, NO_DATA } from './format.ts'
import { HeartbeatBar } from './list/HeartbeatBar.tsx'
import { TagChips } from './list/TagChips.tsx'
import { StatusBadge } from './StatusBadge.tsx'
import { link, muted, numeric } from './table-styles.ts'
import type { AnyMonitorTypeUi } from './types/define.ts'
import { typeUi } from './types/index.ts'
import { UptimeFigure } from './UptimeFigure.tsx'

export interface RowActions {
  pause(monitor: Monitor): void
  resume(monitor: Monitor): void
  edit(monitor: Monitor): void
  /** Opens the form of a new monitor with this one's settings. */
  duplicate(monitor: Monitor): void
  remove(monitor: Monitor): void
  /** The monitor an action is running on: its buttons wait. */
  busyId: string | null
}

export interface RowSelection {
  selected: ReadonlySet<string>
  select(id: string, selected: boolean): void
  selectPage(selected: boolean): void
}

export interface ListSort {
  by: MonitorSort
  desc: boolean
  sortBy(by: MonitorSort): void
}

// The cells' labels on phones, where each row is a block of label and value lines (the kit's `layout="stack"`).
const nameCell = css({
  minW: '48',
  mdDown: { display: 'block !important', '&::before': { display: 'none' }, fontSize: 'md' },
})
const plainCell = css({ mdDown: { '&::before': { display: 'none' } } })
const actionsCell = css({ mdDown: { display: 'block !important', '&::before': { display: 'none' } } })
const target = css({ color: 'muted', fontSize: 'xs', overflowWrap: 'anywhere', maxW: '72' })

/**
 * The monitors of one page of the list: a box to select each (and the page), name with target and tags, the type (when
 * the list has several), the type's own columns (on a type's page), state, the heartbeat bar, uptime, response time,
 * last check, and what can be done to each. The headers of the sorted columns sort (again: the other way). On phones
 * each row is a block.
 */
export function MonitorTable({
  label,
  monitors,
  now,
  actions,
  selection,
  sort,
  showType = false,
  ui = null,
}: {
  label: string
  monitors: readonly Monitor[]
  now: number
  actions: RowActions
  selection: RowSelection
  sort: ListSort
  /** The type column, for a list of several types. */
  showType?: boolean
  /** The type of a type's own page: its columns after the name. */
  ui?: AnyMonitorTypeUi | null
}) {
  const current = { column: sort.by, direction: sort.desc ? ('desc' as const) : ('asc' as const) }
  const header = (by: MonitorSort, title: string, isNumeric = false) => (
    <SortHeader column={by} sort={current} onSort={() => sort.sortBy(by)} numeric={isNumeric}>
      {title}
    </SortHeader>
  )
  const all = monitors.length > 0 && monitors.every((m) => selection.selected.has(m.id))
  const some = !all && monitors.some((m) => selection.selected.has(m.id))
  return (
    <Table.Scroll tabIndex={0} aria-label={label}>
      <Table.Root layout="stack">
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col" w="8">
              <input
                type="checkbox"
                aria-label="Select all on this page"
                checked={all}
                ref={(el) => {
                  if (el) el.indeterminate = some
                }}
                onChange={(e) => selection.selectPage(e.target.checked)}
                className={checkbox}
              />
            </Table.Header>
            {header('name', 'Name')}
            {showType && <Table.Header scope="col">Type</Table.Header>}
            {ui?.columns.map((c) => (
              <Table.Header key={c.title} scope="col">
                {c.title}
              </Table.Header>
            ))}
            {header('status', 'Status')}
            <Table.Header scope="col">Last checks</Table.Header>
            {header('uptime', 'Uptime 24 h', true)}
            <Table.Header scope="col" textAlign="end">
              Uptime 30 d
            </Table.Header>
            {header('response', 'Response', true)}
            {header('last_check', 'Last check', true)}
            <Table.Header scope="col">
              <span className={css({ srOnly: true })}>Actions</span>
            </Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {monitors.map((m) => {
            const busy = actions.busyId === m.id
            const own = ui ?? typeUi(m.type)
            return (
              <Table.Row key={m.id} data-monitor-id={m.id} data-status={m.status}>
                <Table.Cell data-label="Select">
                  <input
                    type="checkbox"
                    aria-label={`Select ${m.name}`}
                    checked={selection.selected.has(m.id)}
                    onChange={(e) => selection.select(m.id, e.target.checked)}
                    className={checkbox}
                  />
                </Table.Cell>
                <Table.Cell className={nameCell}>
                  <Link to={own.detail(m.id)} className={link}>
                    {m.name}
                  </Link>
                  <div className={target}>{own.target(m)}</div>
                  {m.tags && m.tags.length > 0 && (
                    <div className={css({ mt: '1' })}>
                      <TagChips tags={m.tags} />
                    </div>
                  )}
                </Table.Cell>
                {showType && <Table.Cell data-label="Type">{typeUi(m.type).label}</Table.Cell>}
                {ui?.columns.map((c) => (
                  <Table.Cell key={c.title} data-label={c.title} className={numeric}>
                    {c.cell(m, now)}
                  </Table.Cell>
                ))}
                <Table.Cell data-label="Status">
                  <StatusBadge status={m.status} />
                  {m.open_incident_id && (
                    <Link
                      to={`/incidents/${encodeURIComponent(m.open_incident_id)}`}
                      aria-label={`The incident of ${m.name}`}
                      className={css({
                        display: 'block',
                        mt: '1',
                        fontSize: 'xs',
                        color: 'primary',
                        textDecoration: 'underline',
                      })}
                    >
                      Incident
                    </Link>
                  )}
                </Table.Cell>
                <Table.Cell data-label="Last checks" className={plainCell}>
                  <HeartbeatBar beats={m.heartbeats ?? []} name={m.name} />
                </Table.Cell>
                <Table.Cell data-label="Uptime 24 h" className={numeric} textAlign="end">
                  <UptimeFigure uptime={m.uptime_24h} monitor={m} windowFrom={now - PERIOD_MS.day} />
                </Table.Cell>
                <Table.Cell data-label="Uptime 30 d" className={numeric} textAlign="end">
                  <UptimeFigure uptime={m.uptime_30d} monitor={m} windowFrom={now - 30 * PERIOD_MS.day} />
                </Table.Cell>
                <Table.Cell data-label="Response" className={numeric} textAlign="end">
                  <span title="Average over the last 24 hours">
                    {formatMs(m.avg_response_ms_24h ?? m.last_response_ms)}
                  </span>
                </Table.Cell>
                <Table.Cell data-label="Last check" className={numeric} textAlign="end">
                  {m.last_checked_at ? (
                    <time dateTime={m.last_checked_at} title={formatDateTime(m.last_checked_at)}>
                      {formatAgo(m.last_checked_at, now)}
                    </time>
                  ) : (
                    <span className={muted}>{m.paused ? NO_DATA : 'not yet'}</span>
                  )}
                </Table.Cell>
                <Table.Cell className={actionsCell}>
                  <div
                    className={css({
                      display: 'flex',
                      gap: '1',
                      justifyContent: 'flex-end',
                      mdDown: { justifyContent: 'flex-start' },
                    })}
                  >
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
                    <RowButton label={`Duplicate ${m.name}`} disabled={busy} onClick={() => actions.duplicate(m)}>
                      <Copy aria-hidden="true" />
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

const checkbox = css({ w: '4', h: '4', accentColor: 'navy.800', cursor: 'pointer' })

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
