import type { Monitor } from '@vigil/domain/monitor.schema'
import type { MonitorSort } from '@vigil/domain/monitor-list'
import { PERIOD_MS } from '@vigil/domain/uptime'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import { SortHeader } from '../../components/sort-header.tsx'
import * as Table from '../../components/table.tsx'
import { formatAgo, formatDateTime, formatMs, NO_DATA } from './format.ts'
import { HeartbeatBar } from './list/HeartbeatBar.tsx'
import { type RowActions, RowActionsCell } from './list/RowActions.tsx'

export type { RowActions }

import { TagChips } from './list/TagChips.tsx'
import { StatusBadge } from './StatusBadge.tsx'
import { link, muted, numeric } from './table-styles.ts'
import type { AnyMonitorTypeUi } from './types/define.ts'
import { typeUi } from './types/index.ts'
import { UptimeFigure } from './UptimeFigure.tsx'

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

// The table fits its region at any width: the region is a container (`fit`), and the columns that matter least give
// way first as it narrows (the type and 30-day uptime under 1,100 px, the type's own columns under 960, response and
// last check under 900); name, state, last checks, 24-hour uptime and the actions always stay. Under the `md`
// breakpoint (phones) a row is a compact grid: the box, the name and its target, the state and the actions on one
// line, the last checks and the 24-hour uptime on the next.
const giveWay = {
  first: Table.givesWayUnder[1100],
  typeOwn: Table.givesWayUnder[960],
  second: Table.givesWayUnder[900],
}
const row = css({
  mdDown: {
    display: 'grid !important',
    gridTemplateColumns: 'auto auto minmax(0, 1fr) auto',
    gridTemplateAreas: '"select name name actions" ". status bar uptime"',
    alignItems: 'center',
    columnGap: '2',
    rowGap: '1',
    // The cells' own hiding (!important) still wins over this.
    '& > td': { display: 'block', p: '0' },
    '& > td::before': { display: 'none' },
  },
})
// Written out, as Panda reads styles when it builds (a style made from a variable would not exist).
const areas = {
  select: css({ mdDown: { gridArea: 'select' } }),
  name: css({ mdDown: { gridArea: 'name' } }),
  status: css({ mdDown: { gridArea: 'status' } }),
  actions: css({ mdDown: { gridArea: 'actions' } }),
  bar: css({ mdDown: { gridArea: 'bar' } }),
  uptime: css({ mdDown: { gridArea: 'uptime' } }),
}
// The columns of short values take what they need (1 % is the least a table gives), the name takes the rest.
const snug = css({ w: '1%', whiteSpace: 'nowrap' })
const barCell = css({ w: '44', mdDown: { w: 'auto' } })
const nameCell = css({ w: 'full', minW: '40', mdDown: { w: 'auto', minW: '0', fontSize: 'md' } })
const phoneHidden = css({ mdDown: { display: 'none !important' } })
const target = css({
  color: 'muted',
  fontSize: 'xs',
  overflowWrap: 'anywhere',
  maxW: '72',
  mdDown: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxW: 'full' },
})
// On phones the 24-hour uptime says what it is, small, before its figure (its column header is out of sight there).
const phoneLabel = css({ hideFrom: 'md', fontSize: 'xs', color: 'muted', mr: '1.5' })

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
  const sortProps = (by: MonitorSort, isNumeric = false) => ({
    column: by,
    sort: current,
    onSort: () => sort.sortBy(by),
    numeric: isNumeric,
  })
  const header = (by: MonitorSort, title: string, isNumeric = false) => (
    <SortHeader {...sortProps(by, isNumeric)}>{title}</SortHeader>
  )
  const all = monitors.length > 0 && monitors.every((m) => selection.selected.has(m.id))
  const some = !all && monitors.some((m) => selection.selected.has(m.id))
  return (
    <Table.Scroll tabIndex={0} aria-label={label} fit>
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
            {showType && (
              <Table.Header scope="col" className={giveWay.first}>
                Type
              </Table.Header>
            )}
            {ui?.columns.map((c) => (
              <Table.Header key={c.title} scope="col" className={giveWay.typeOwn}>
                {c.title}
              </Table.Header>
            ))}
            {header('status', 'Status')}
            <Table.Header scope="col">Last checks</Table.Header>
            {header('uptime', 'Uptime 24 h', true)}
            <Table.Header scope="col" textAlign="end" className={giveWay.first}>
              Uptime 30 d
            </Table.Header>
            <SortHeader {...sortProps('response', true)} className={giveWay.second}>
              Response
            </SortHeader>
            <SortHeader {...sortProps('last_check', true)} className={giveWay.second}>
              Last check
            </SortHeader>
            <Table.Header scope="col">
              <span className={css({ srOnly: true })}>Actions</span>
            </Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {monitors.map((m) => {
            const own = ui ?? typeUi(m.type)
            return (
              <Table.Row key={m.id} data-monitor-id={m.id} data-status={m.status} className={row}>
                <Table.Cell data-label="Select" className={`${snug} ${areas.select}`}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${m.name}`}
                    checked={selection.selected.has(m.id)}
                    onChange={(e) => selection.select(m.id, e.target.checked)}
                    className={checkbox}
                  />
                </Table.Cell>
                <Table.Cell className={`${nameCell} ${areas.name}`}>
                  <Link to={own.detail(m.id)} className={link}>
                    {m.name}
                  </Link>
                  <div className={target}>{own.target(m)}</div>
                  {m.tags && m.tags.length > 0 && (
                    <div className={`${css({ mt: '1' })} ${phoneHidden}`}>
                      <TagChips tags={m.tags} />
                    </div>
                  )}
                </Table.Cell>
                {showType && (
                  <Table.Cell data-label="Type" className={`${giveWay.first} ${phoneHidden}`}>
                    {typeUi(m.type).label}
                  </Table.Cell>
                )}
                {ui?.columns.map((c) => (
                  <Table.Cell
                    key={c.title}
                    data-label={c.title}
                    className={`${numeric} ${snug} ${giveWay.typeOwn} ${phoneHidden}`}
                  >
                    {c.cell(m, now)}
                  </Table.Cell>
                ))}
                <Table.Cell data-label="Status" className={`${snug} ${areas.status}`}>
                  <StatusBadge status={m.status} />
                  {m.open_incident_id && (
                    <Link
                      to={`/incidents/${encodeURIComponent(m.open_incident_id)}`}
                      aria-label={`The incident of ${m.name}`}
                      className={`${incidentLink} ${phoneHidden}`}
                    >
                      Incident
                    </Link>
                  )}
                </Table.Cell>
                <Table.Cell data-label="Last checks" className={`${barCell} ${areas.bar}`}>
                  <HeartbeatBar beats={m.heartbeats ?? []} name={m.name} />
                </Table.Cell>
                <Table.Cell data-label="Uptime 24 h" className={`${numeric} ${snug} ${areas.uptime}`} textAlign="end">
                  <span className={phoneLabel} aria-hidden="true">
                    24 h
                  </span>
                  <UptimeFigure uptime={m.uptime_24h} monitor={m} windowFrom={now - PERIOD_MS.day} />
                </Table.Cell>
                <Table.Cell
                  data-label="Uptime 30 d"
                  className={`${numeric} ${snug} ${giveWay.first} ${phoneHidden}`}
                  textAlign="end"
                >
                  <UptimeFigure uptime={m.uptime_30d} monitor={m} windowFrom={now - 30 * PERIOD_MS.day} />
                </Table.Cell>
                <Table.Cell
                  data-label="Response"
                  className={`${numeric} ${snug} ${giveWay.second} ${phoneHidden}`}
                  textAlign="end"
                >
                  <span title="Average over the last 24 hours">
                    {formatMs(m.avg_response_ms_24h ?? m.last_response_ms)}
                  </span>
                </Table.Cell>
                <Table.Cell
                  data-label="Last check"
                  className={`${numeric} ${snug} ${giveWay.second} ${phoneHidden}`}
                  textAlign="end"
                >
                  {m.last_checked_at ? (
                    <time dateTime={m.last_checked_at} title={formatDateTime(m.last_checked_at)}>
                      {formatAgo(m.last_checked_at, now)}
                    </time>
                  ) : (
                    <span className={muted}>{m.paused ? NO_DATA : 'not yet'}</span>
                  )}
                </Table.Cell>
                <Table.Cell className={`${snug} ${areas.actions}`}>
                  <RowActionsCell monitor={m} actions={actions} />
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.Scroll>
  )
}

const incidentLink = css({ display: 'block', mt: '1', fontSize: 'xs', color: 'primary', textDecoration: 'underline' })
const checkbox = css({ w: '4', h: '4', accentColor: 'navy.800', cursor: 'pointer' })
