import { css, cx } from '../../../../styled-system/css'
import * as Table from '../../components/table.tsx'
import { formatDate } from '../monitors/format.ts'
import { DailyCostChart } from './DailyCostChart.tsx'

// What the billing pages of the cloud accounts (AWS, an Azure subscription) show alike: the month's three figures,
// its days as a chart with a table under it, and its largest amounts.

const figures = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: 'repeat(3, 1fr)' } })
const figureLabel = css({ fontSize: 'sm', color: 'muted' })
const figureValue = css({ fontSize: '2xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })

type Money = (amount: number) => string
type Day = { date: string; amount: number }

/**
 * The month so far (`month` names it, when the page does not), last month, and the provider's forecast for the
 * month, or `noForecast` while it gives none.
 */
export function CostFigures({
  month,
  monthToDate,
  lastMonth,
  forecast,
  noForecast,
  money,
  className,
}: {
  month?: string
  monthToDate: number
  lastMonth: number
  forecast: number | null
  noForecast: string
  money: Money
  className?: string
}) {
  return (
    <dl className={cx(figures, className)}>
      <div>
        <dt className={figureLabel}>{month ? `Month to date (${month})` : 'Month to date'}</dt>
        <dd className={figureValue}>{money(monthToDate)}</dd>
      </div>
      <div>
        <dt className={figureLabel}>Last month</dt>
        <dd className={figureValue}>{money(lastMonth)}</dd>
      </div>
      <div>
        <dt className={figureLabel}>Forecast for the month</dt>
        <dd className={figureValue}>
          {forecast === null ? <span className={css({ fontSize: 'md' })}>{noForecast}</span> : money(forecast)}
        </dd>
      </div>
    </dl>
  )
}

/** The month's days as bars, and as a table under them (with the forecast's days after, when there are some). */
export function DailyCosts({
  days,
  forecast = [],
  money,
  period,
  tableLabel,
}: {
  days: readonly Day[]
  forecast?: readonly Day[]
  money: Money
  /** The month in the chart's label ("2026-11"). */
  period: string
  tableLabel: string
}) {
  return (
    <>
      <DailyCostChart days={days} money={money} period={period} />
      <details className={css({ mt: '2', fontSize: 'sm' })}>
        <summary className={css({ cursor: 'pointer' })}>The days as a table</summary>
        <Table.Simple label={tableLabel} columns={['Day', 'Cost']}>
          {days.map((d) => (
            <CostRow key={d.date} day={formatDate(d.date)} amount={money(d.amount)} />
          ))}
          {forecast.map((d) => (
            <CostRow key={`forecast-${d.date}`} day={`${formatDate(d.date)} (forecast)`} amount={money(d.amount)} />
          ))}
        </Table.Simple>
      </details>
    </>
  )
}

/**
 * The ten largest amounts of a month (its services, its resource groups), each with its share of `total`; `empty`
 * says so when nothing was billed.
 */
export function TopAmounts({
  label,
  nameTitle,
  amounts,
  total,
  money,
  empty,
}: {
  label: string
  /** The first column's title ("Service"). */
  nameTitle: string
  amounts: readonly { name: string; amount: number }[]
  total: number
  money: Money
  empty: string
}) {
  if (amounts.length === 0) return <p className={css({ fontSize: 'sm', color: 'muted' })}>{empty}</p>
  return (
    <Table.Simple label={label} columns={[nameTitle, 'Cost', 'Share']}>
      {amounts.slice(0, 10).map((a) => (
        <Table.Row key={a.name}>
          <Table.Cell>{a.name}</Table.Cell>
          <Table.Cell fontVariantNumeric="tabular-nums">{money(a.amount)}</Table.Cell>
          <Table.Cell fontVariantNumeric="tabular-nums">
            {total > 0 ? `${Math.round((a.amount / total) * 100)} %` : '0 %'}
          </Table.Cell>
        </Table.Row>
      ))}
    </Table.Simple>
  )
}

function CostRow({ day, amount }: { day: string; amount: string }) {
  return (
    <Table.Row>
      <Table.Cell>{day}</Table.Cell>
      <Table.Cell fontVariantNumeric="tabular-nums">{amount}</Table.Cell>
    </Table.Row>
  )
}
