import { type ReportNumbers, SLA_MIN_MEASURED_SHARE, type SlaStatus } from '@vigil/domain/report'
import { formatReportNumbers, reportTime } from '@vigil/domain/report-format'
import { REPORT_COLUMNS, type ReportMonitor, slaLabel } from '@vigil/domain/report-view'
import { type SortValue, tableRows } from '@vigil/domain/table-view'
import { CircleCheck, CircleDashed, CircleHelp, CircleX } from 'lucide-react'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import { Chip } from '../../components/badge.tsx'
import { SortHeader, useUrlSort } from '../../components/sort-header.tsx'
import * as Table from '../../components/table.tsx'
import { link } from '../monitors/table-styles.ts'
import { typeLabel } from './ReportChoiceFields.tsx'

type ColumnKey = 'name' | (typeof REPORT_COLUMNS)[number][0]
const COLUMN_KEYS: readonly ColumnKey[] = ['name', ...REPORT_COLUMNS.map(([key]) => key)]

/** The SLA column sorts from the worst: breached, then not judged, then met. */
const SLA_ORDER: Record<SlaStatus, number> = { breached: 0, not_enough_data: 1, no_data: 2, met: 3 }

const sortValue = (m: ReportMonitor, key: ColumnKey): SortValue => {
  if (key === 'name') return m.name
  if (key === 'sla') return SLA_ORDER[m.sla]
  return m[key]
}

const muted = css({ display: 'block', fontSize: 'xs', color: 'muted' })
const number = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const

/** A column's title on the page: the CSV's without its unit, since each cell here says its own ("2 h 5 min"). */
const pageTitle = (title: string) => title.replace(/ \((s|ms|%)\)$/, '')

const SLA_LOOK: Record<SlaStatus, { Icon: typeof CircleCheck; tone: 'success' | 'danger' | 'neutral' }> = {
  met: { Icon: CircleCheck, tone: 'success' },
  breached: { Icon: CircleX, tone: 'danger' },
  not_enough_data: { Icon: CircleDashed, tone: 'neutral' },
  no_data: { Icon: CircleHelp, tone: 'neutral' },
}

/** Why a target is not judged, in words, where the SLA says "Not enough data". */
export const NOT_ENOUGH_DATA_NOTE = `Not enough data: the checks measured less than ${SLA_MIN_MEASURED_SHARE * 100} % of the time the monitor existed in the period (maintenance aside), too little to hold it to its target.`

/** Met, breached, not enough data or no data, in words and with an icon: colour is never the only sign. */
export function SlaChip({ status }: { status: SlaStatus }) {
  const { Icon, tone } = SLA_LOOK[status]
  return (
    <Chip tone={tone} data-sla={slaLabel(status)}>
      <Icon aria-hidden="true" size={14} className={css({ display: 'inline', mr: '1', verticalAlign: '-2px' })} />
      {slaLabel(status)}
    </Chip>
  )
}

// The table fits its region: the region is a size container and the columns that matter least give way first as it
// narrows (all of them are in the CSV and the PDF, which the note under the table says). Name, uptime and SLA always
// stay.
const giveWay = {
  wide: Table.givesWayUnder[1400],
  laptop: Table.givesWayUnder[900],
  phone: Table.givesWayUnder[480],
}
const COLUMN_GIVES_WAY: Partial<Record<ColumnKey, string>> = {
  downtime_ms: giveWay.phone,
  sla_target: giveWay.laptop,
  incidents: giveWay.laptop,
  response_avg_ms: giveWay.laptop,
  error_budget_left_ms: giveWay.wide,
  longest_incident_ms: giveWay.wide,
  mttr_ms: giveWay.wide,
  mtbf_ms: giveWay.wide,
  response_p50_ms: giveWay.wide,
  response_p95_ms: giveWay.wide,
  response_p99_ms: giveWay.wide,
  checks: giveWay.wide,
  failures: giveWay.wide,
  maintenance_ms: giveWay.wide,
  no_data_ms: giveWay.wide,
}

/** A row's numbers as the PDF writes them; the set's time without data as a share of its monitors' time (`set`). */
function NumberCells({ numbers, set = false }: { numbers: ReportNumbers; set?: boolean }) {
  const text = formatReportNumbers(numbers, { set })
  return REPORT_COLUMNS.map(([key]) => (
    <Table.Cell key={key} {...(key === 'sla' ? { whiteSpace: 'nowrap' } : number)} className={COLUMN_GIVES_WAY[key]}>
      {key === 'sla' ? <SlaChip status={numbers.sla} /> : text[key]}
    </Table.Cell>
  ))
}

/**
 * Every monitor of the report with every number of the CSV and the PDF, as they write them, and the set's totals
 * under them. A click on a column's header sorts by it (again: the other way); the sort is in the query string.
 */
export function ReportTable({
  monitors,
  totals,
  coveredFrom,
  zone,
}: {
  monitors: ReportMonitor[]
  totals: ReportNumbers | null
  /** The start of the period covered: a monitor judged from later was made during it. */
  coveredFrom: string
  zone: string
}) {
  const { sort, sortBy } = useUrlSort(COLUMN_KEYS)
  const rows = tableRows(monitors, { filters: {}, filterOf: () => null, sort, sortOf: sortValue })
  const young = (m: ReportMonitor) => Date.parse(m.judged_from) > Date.parse(coveredFrom)
  const notes = [
    'Columns give way on a narrower screen; the CSV and the PDF have every number (MTTR, MTBF, percentiles, checks, failures, maintenance, no data).',
    monitors.some(young) && 'A monitor made during the period is judged on the time since it was made.',
    [...monitors, ...(totals ? [totals] : [])].some((m) => m.sla === 'not_enough_data') && NOT_ENOUGH_DATA_NOTE,
  ].filter((n): n is string => typeof n === 'string')
  const header = (key: ColumnKey, title: string, numeric: boolean) => (
    <SortHeader
      key={key}
      column={key}
      sort={sort}
      onSort={() => sortBy(key)}
      numeric={numeric}
      className={COLUMN_GIVES_WAY[key]}
    >
      {title}
    </SortHeader>
  )

  return (
    <>
      <Table.Scroll tabIndex={0} aria-label="Monitors in the report" fit>
        <Table.Root size="sm">
          <Table.Caption srOnly>Each monitor’s numbers over the period, and the set’s totals. Sortable.</Table.Caption>
          <Table.Head>
            <Table.Row>
              {header('name', 'Monitor', false)}
              {REPORT_COLUMNS.map(([key, title]) => header(key, pageTitle(title), key !== 'sla'))}
            </Table.Row>
          </Table.Head>
          <Table.Body>
            {rows.map((m) => (
              <Table.Row key={m.id} data-breached={m.sla === 'breached' || undefined}>
                <Table.Cell minW={{ base: '28', md: '40' }}>
                  <Link to={m.path} className={link}>
                    {m.name}
                  </Link>
                  <span className={muted}>{typeLabel(m.type)}</span>
                  {young(m) && (
                    <span className={muted} data-judged-from={m.judged_from}>
                      Made {reportTime(m.judged_from, zone)}
                    </span>
                  )}
                </Table.Cell>
                <NumberCells numbers={m} />
              </Table.Row>
            ))}
          </Table.Body>
          {totals && (
            <Table.Foot>
              <Table.Row>
                <Table.Header scope="row">Total</Table.Header>
                <NumberCells numbers={totals} set />
              </Table.Row>
            </Table.Foot>
          )}
        </Table.Root>
      </Table.Scroll>
      {notes.map((note) => (
        <p key={note} className={css({ fontSize: 'sm', color: 'muted', mt: '3' })}>
          {note}
        </p>
      ))}
    </>
  )
}
