import { Wallet } from 'lucide-react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../components/button.tsx'
import * as Card from '../../components/card.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import * as Table from '../../components/table.tsx'
import { DailyCostChart } from '../cloud/DailyCostChart.tsx'
import { formatDate, formatDateTime, formatMoney } from '../monitors/format.ts'
import type { AwsPageBodyProps } from './AwsAccountPage.tsx'

// The billing summary of an AWS account: this month so far, last month, AWS's forecast, the days of the month and
// the services that cost most; when the figures were read (Cost Explorer is asked at most every few hours).

const figures = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: 'repeat(3, 1fr)' } })
const figureLabel = css({ fontSize: 'sm', color: 'muted' })
const figureValue = css({ fontSize: '2xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })
const heading = css({ fontSize: 'lg', fontWeight: 'semibold', mb: '2' })

export function BillingBody({ data, monitor }: AwsPageBodyProps<'billing-summary'>) {
  const { costs } = data
  const budget = (
    <Button
      variant="outline"
      onClick={() =>
        monitor({ name: `${data.account.name} budget`, resource: 'cost', amount: '', basis: 'month_to_date' })
      }
    >
      <Wallet aria-hidden="true" /> Set a budget
    </Button>
  )
  const readNote = (
    <p className={css({ fontSize: 'sm', color: 'muted' })}>
      {data.read_at ? (
        <>
          Figures read <time dateTime={data.read_at}>{formatDateTime(data.read_at)}</time>.{' '}
        </>
      ) : null}
      Cost Explorer charges for each request and updates a few times a day, so Vigil reads it at most every{' '}
      {data.read_every_hours} hours per account
      {data.next_read_at ? `; next after ${formatDateTime(data.next_read_at)}` : ''}.
    </p>
  )
  if (!costs)
    return (
      <EmptyState.Root variant="card">
        <EmptyState.Title as="h2">No costs read yet</EmptyState.Title>
        <EmptyState.Description>
          The account's costs appear here once Cost Explorer has been read. Cost Explorer must be enabled in the
          account's Billing console, and the policy must allow ce:GetCostAndUsage and ce:GetCostForecast.
        </EmptyState.Description>
        {readNote}
      </EmptyState.Root>
    )
  const money = (amount: number) => formatMoney(amount, costs.currency)
  const total = costs.services.reduce((sum, s) => sum + s.amount, 0)
  return (
    <>
      <Card.Root p={{ base: '3', md: '4' }}>
        <dl className={figures}>
          <div>
            <dt className={figureLabel}>Month to date ({costs.month})</dt>
            <dd className={figureValue}>{money(costs.month_to_date)}</dd>
          </div>
          <div>
            <dt className={figureLabel}>Last month</dt>
            <dd className={figureValue}>{money(costs.last_month)}</dd>
          </div>
          <div>
            <dt className={figureLabel}>Forecast for the month</dt>
            <dd className={figureValue}>
              {costs.forecast === null ? (
                <span className={css({ fontSize: 'md' })}>not enough data yet</span>
              ) : (
                money(costs.forecast)
              )}
            </dd>
          </div>
        </dl>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', mt: '3' })}>
          {readNote}
          <span className={css({ ml: 'auto' })}>{budget}</span>
        </div>
      </Card.Root>

      <Card.Root p={{ base: '3', md: '4' }} as="section" aria-labelledby="daily-title">
        <h2 id="daily-title" className={heading}>
          Daily cost
        </h2>
        <DailyCostChart days={costs.daily} money={money} period={costs.month} />
        <details className={css({ mt: '2', fontSize: 'sm' })}>
          <summary className={css({ cursor: 'pointer' })}>The days as a table</summary>
          <Table.Simple label="Daily cost table" columns={['Day', 'Cost']}>
            {costs.daily.map((d) => (
              <Table.Row key={d.date}>
                <Table.Cell>{formatDate(d.date)}</Table.Cell>
                <Table.Cell fontVariantNumeric="tabular-nums">{money(d.amount)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Simple>
        </details>
      </Card.Root>

      <Card.Root p={{ base: '3', md: '4' }} as="section" aria-labelledby="services-title">
        <h2 id="services-title" className={heading}>
          Top services this month
        </h2>
        {costs.services.length === 0 ? (
          <p className={css({ fontSize: 'sm', color: 'muted' })}>Nothing billed this month yet.</p>
        ) : (
          <Table.Simple label="Top services table" columns={['Service', 'Cost', 'Share']}>
            {costs.services.slice(0, 10).map((s) => (
              <Table.Row key={s.service}>
                <Table.Cell>{s.service}</Table.Cell>
                <Table.Cell fontVariantNumeric="tabular-nums">{money(s.amount)}</Table.Cell>
                <Table.Cell fontVariantNumeric="tabular-nums">
                  {total > 0 ? `${Math.round((s.amount / total) * 100)} %` : '0 %'}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Simple>
        )}
      </Card.Root>
    </>
  )
}
