import type { AzureCostPeriod } from '@vigil/domain/azure'
import type { AzureBillingPage } from '@vigil/domain/azure-account'
import { Wallet } from 'lucide-react'
import { css } from '../../../../styled-system/css'
import { Button } from '../../components/button.tsx'
import * as Card from '../../components/card.tsx'
import * as EmptyState from '../../components/empty-state.tsx'
import type { MonitorThis } from '../cloud/CloudAccountPage.tsx'
import { CostFigures, DailyCosts, TopAmounts } from '../cloud/CostParts.tsx'
import { formatDateTime, formatMoney } from '../monitors/format.ts'

// The billing summary of an Azure account, per subscription: month to date and last month by service and by resource
// group, the month's days, Azure's forecast; when the figures were read (Cost Management is asked every few hours).

const heading = css({ fontSize: 'lg', fontWeight: 'semibold' })
const subheading = css({ fontSize: 'md', fontWeight: 'semibold', mt: '4', mb: '2' })
const halves = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })
const note = css({ fontSize: 'sm', color: 'muted' })

type Subscription = AzureBillingPage['subscriptions'][number]

/** The ten largest amounts of a period by service or resource group, with their share of its total. */
function Breakdown({
  title,
  label,
  amounts,
  total,
  money,
}: {
  title: string
  label: string
  amounts: AzureCostPeriod['byService']
  total: number
  money: (amount: number) => string
}) {
  return (
    <div>
      <h4 className={subheading}>{title}</h4>
      <TopAmounts
        label={label}
        nameTitle="Name"
        amounts={amounts.map((a) => ({ name: a.name || 'not assigned', amount: a.amount }))}
        total={total}
        money={money}
        empty="Nothing billed."
      />
    </div>
  )
}

function SubscriptionCosts({
  subscription,
  month,
  monitor,
}: {
  subscription: Subscription
  month: string
  monitor: MonitorThis
}) {
  const budget = (
    <Button
      variant="outline"
      onClick={() =>
        monitor({
          name: `${subscription.name} budget`,
          kind: 'cost',
          subscription_id: subscription.id,
          amount: '',
          basis: 'month_to_date',
        })
      }
    >
      <Wallet aria-hidden="true" /> Set a budget
    </Button>
  )
  const { costs } = subscription
  const titleId = `costs-${subscription.id}`
  if (!costs)
    return (
      <Card.Root p={{ base: '3', md: '4' }} as="section" aria-labelledby={titleId}>
        <h2 id={titleId} className={heading}>
          {subscription.name}
        </h2>
        <p className={note}>
          No costs read yet. The app needs the Cost Management Reader role on this subscription; the figures appear
          after the next read.
        </p>
      </Card.Root>
    )
  const currency = costs.currency
  const money = (amount: number) => (currency ? formatMoney(amount, currency) : amount.toFixed(2))
  const { monthToDate: mtd, lastMonth } = costs
  return (
    <Card.Root p={{ base: '3', md: '4' }} as="section" aria-labelledby={titleId}>
      <h2 id={titleId} className={heading}>
        {subscription.name}
      </h2>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        {subscription.read_at && (
          <p className={note}>
            Read <time dateTime={subscription.read_at}>{formatDateTime(subscription.read_at)}</time>
          </p>
        )}
        <span className={css({ ml: 'auto' })}>{budget}</span>
      </div>
      <CostFigures
        monthToDate={mtd.total}
        lastMonth={lastMonth.total}
        forecast={costs.forecast?.monthTotal ?? null}
        noForecast="none from Azure yet"
        money={money}
        className={css({ mt: '3' })}
      />

      <h3 className={subheading}>Daily cost this month</h3>
      <DailyCosts
        days={mtd.daily}
        forecast={costs.forecast?.daily}
        money={money}
        period={`${subscription.name}, ${month}`}
        tableLabel={`Daily cost of ${subscription.name}`}
      />

      {(
        [
          ['Month to date', 'this month', mtd],
          ['Last month', 'last month', lastMonth],
        ] as const
      ).map(([title, when, period]) => (
        <section key={title} aria-label={`${title}, ${subscription.name}`}>
          <h3 className={subheading}>{title}</h3>
          <div className={halves}>
            <Breakdown
              title="By service"
              label={`Cost by service ${when}, ${subscription.name}`}
              amounts={period.byService}
              total={period.total}
              money={money}
            />
            <Breakdown
              title="By resource group"
              label={`Cost by resource group ${when}, ${subscription.name}`}
              amounts={period.byResourceGroup}
              total={period.total}
              money={money}
            />
          </div>
        </section>
      ))}
    </Card.Root>
  )
}

export function AzureBillingBody({ data, monitor }: { data: AzureBillingPage; monitor: MonitorThis }) {
  const month = new Date().toISOString().slice(0, 7)
  const readNote = (
    <p className={note}>
      Cost Management updates a few times a day and limits its calls, so Vigil reads it at most every{' '}
      {data.read_every_hours} hours per account
      {data.next_read_at ? `; next after ${formatDateTime(data.next_read_at)}` : ''}.
    </p>
  )
  if (data.subscriptions.length === 0)
    return (
      <EmptyState.Root variant="card">
        <EmptyState.Title as="h2">No subscriptions</EmptyState.Title>
        <EmptyState.Description>This account reads no subscription: edit it to choose some.</EmptyState.Description>
      </EmptyState.Root>
    )
  return (
    <>
      {readNote}
      {data.subscriptions.map((s) => (
        <SubscriptionCosts key={s.id} subscription={s} month={month} monitor={monitor} />
      ))}
    </>
  )
}
