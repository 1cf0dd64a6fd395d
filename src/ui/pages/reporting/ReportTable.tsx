import { CircleCheck, CircleHelp, CircleX } from 'lucide-react'
import { Link } from 'react-router'
import { css } from '../../../../styled-system/css'
import type { ReportNumbers } from '@vigil/domain/report'
import { formatReportNumbers } from '@vigil/domain/report-format'
import { REPORT_COLUMNS, type ReportMonitor, slaLabel } from '@vigil/domain/report-view'
import { type SortValue, tableRows } from '@vigil/domain/table-view'
import { Chip } from '../../components/badge.tsx'
import { SortHeader, useUrlSort } from '../../components/sort-header.tsx'
import * as Table from '../../components/table.tsx'
import { link } from '../monitors/table-styles.ts'
import { typeLabel } from './ReportChoiceFields.tsx'

type ColumnKey = 'name' | (typeof REPORT_COLUMNS)[number][0]
const COLUMN_KEYS: readonly ColumnKey[] = ['name', ...REPORT_COLUMNS.map(([key]) => key)]

const sortValue = (m: ReportMonitor, key: ColumnKey): SortValue => {
  if (key === 'name') return m.name
  const value = m[key]
  return typeof value === 'boolean' ? Number(value) : value
}

const number = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const

/** Met, breached or no data, in words and with an icon: colour is never the only sign. */
/** A column's title on the page: the CSV's without its unit, since each cell here says its own ("2 h 5 min"). */
const pageTitle = (title: string) => title.replace(/ \((s|ms|%)\)$/, '')

export function SlaChip({ met }: { met: boolean | null }) {
  const Icon = met === null ? CircleHelp : met ? CircleCheck : CircleX
  return (
    <Chip tone={met === null ? 'neutral' : met ? 'success' : 'danger'} data-sla={slaLabel(met)}>
      <Icon aria-hidden="true" size={14} className={css({ display: 'inline', mr: '1', verticalAlign: '-2px' })} />
      {slaLabel(met)}
    </Chip>
  )
}

function NumberCells({ numbers }: { numbers: ReportNumbers }) {
  const text = formatReportNumbers(numbers)
  return REPORT_COLUMNS.map(([key]) => (
    <Table.Cell key={key} {...(key === 'sla_met' ? { whiteSpace: 'nowrap' } : number)}>
      {key === 'sla_met' ? <SlaChip met={numbers.sla_met} /> : text[key]}
    </Table.Cell>
  ))
}

/**
 * Every monitor of the report with every number of the CSV and the PDF, as they write them, and the set's totals
 * under them. A click on a column's header sorts by it (again: the other way); the sort is in the query string.
 */
export function ReportTable({ monitors, totals }: { monitors: ReportMonitor[]; totals: ReportNumbers | null }) {
  const { sort, sortBy } = useUrlSort(COLUMN_KEYS)
  const rows = tableRows(monitors, { filters: {}, filterOf: () => null, sort, sortOf: sortValue })
  const header = (key: ColumnKey, title: string, numeric: boolean) => (
    <SortHeader key={key} column={key} sort={sort} onSort={() => sortBy(key)} numeric={numeric}>
      {title}
    </SortHeader>
  )

  return (
    <Table.Scroll tabIndex={0} aria-label="Monitors in the report">
      <Table.Root size="sm">
        <Table.Caption srOnly>Each monitor’s numbers over the period, and the set’s totals. Sortable.</Table.Caption>
        <Table.Head>
          <Table.Row>
            {header('name', 'Monitor', false)}
            {REPORT_COLUMNS.map(([key, title]) => header(key, pageTitle(title), key !== 'sla_met'))}
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {rows.map((m) => (
            <Table.Row key={m.id} data-breached={m.sla_met === false || undefined}>
              <Table.Cell minW="40">
                <Link to={m.path} className={link}>
                  {m.name}
                </Link>
                <span className={css({ display: 'block', fontSize: 'xs', color: 'muted' })}>{typeLabel(m.type)}</span>
              </Table.Cell>
              <NumberCells numbers={m} />
            </Table.Row>
          ))}
        </Table.Body>
        {totals && (
          <Table.Foot>
            <Table.Row>
              <Table.Header scope="row">Total</Table.Header>
              <NumberCells numbers={totals} />
            </Table.Row>
          </Table.Foot>
        )}
      </Table.Root>
    </Table.Scroll>
  )
}
