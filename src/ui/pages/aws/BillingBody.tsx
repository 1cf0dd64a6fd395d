import { Wallet } from 'lucide-react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../components/button.tsx'
import * as Card from '../../components/card.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import { CostFigures, DailyCosts, TopAmounts } from '../cloud/CostParts.tsx'
import { formatDateTime, formatMoney } from '../monitors/format.ts'
import type { AwsPageBodyProps } from './AwsAccountPage.tsx'

// The billing summary of an AWS account: this month so far, last month, AWS's forecast, the days of the month and
// the services that cost most; when the figures were read (Cost Explorer is asked at most every few hours).

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
        <CostFigures
          month={costs.month}
          monthToDate={costs.month_to_date}
          lastMonth={costs.last_month}
          forecast={costs.forecast}
          noForecast="not enough data yet"
          money={money}
        />
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', mt: '3' })}>
          {readNote}
          <span className={css({ ml: 'auto' })}>{budget}</span>
        </div>
      </Card.Root>

      <Card.Root p={{ base: '3', md: '4' }} as="section" aria-labelledby="daily-title">
        <h2 id="daily-title" className={heading}>
          Daily cost
        </h2>
        <DailyCosts days={costs.daily} money={money} period={costs.month} tableLabel="Daily cost table" />
      </Card.Root>

      <Card.Root p={{ base: '3', md: '4' }} as="section" aria-labelledby="services-title">
        <h2 id="services-title" className={heading}>
          Top services this month
        </h2>
        <TopAmounts
          label="Top services table"
          nameTitle="Service"
          amounts={costs.services.map((s) => ({ name: s.service, amount: s.amount }))}
          total={total}
          money={money}
          empty="Nothing billed this month yet."
        />
      </Card.Root>
    </>
  )
}
