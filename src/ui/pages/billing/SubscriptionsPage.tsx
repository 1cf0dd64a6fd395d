import { useState } from 'react'
import { Link } from 'react-router'
import type { BillingOverview } from '@vigil/domain/billing'
import { Button } from '../../components/button.tsx'
import * as Card from '../../components/card.tsx'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { details, FeatureGate, PageCard } from '../FeaturePage.tsx'
import { formatDate, formatMoney, plural } from '../monitors/format.ts'
import { LoadingCard, RetryAlert } from '../PageParts.tsx'
import { BillingMessages, linkStyle, ModeNote } from './billing-parts.tsx'
import { InvoicesTable } from './InvoicesTable.tsx'
import { type BillingFlow, useBilling } from './use-billing.ts'

const money = (cents: number | null, currency: string | null) =>
  cents === null || !currency ? null : formatMoney(cents / 100, currency)

/** Where a paid or trial plan stands: when it renews or ends, and for how much. */
const standing = (o: BillingOverview): string | null => {
  const { paid, subscription: sub } = o
  if (sub.is_free_trial && sub.validity_end_date) {
    return `Free trial: ${plural(o.trial_days_left ?? 0, 'day', 'days')} left, ends on ${formatDate(sub.validity_end_date)}`
  }
  if (paid?.grace_ends_at)
    return `Payment failed: Pro stays until ${formatDate(paid.grace_ends_at)} while Stripe tries your card again`
  if (paid?.cancel_at_period_end) return `Cancelled: Pro ends on ${formatDate(paid.period_end)}`
  if (paid) {
    const amount = money(paid.amount_cents, paid.currency)
    return `Renews on ${formatDate(paid.period_end)}${amount ? ` for ${amount}` : ''}`
  }
  if (sub.title === 'Pro' && sub.validity_end_date) return `Valid until ${formatDate(sub.validity_end_date)}`
  return null
}

type Confirming = 'switch' | 'downgrade' | null

/** Billing (`/subscriptions`): the plan and where it stands, the card, the invoices, and what can be changed. */
export function SubscriptionsPage() {
  const billing = useBilling()
  const { overview } = billing
  return (
    <FeatureGate feature="Billing">
      <PageCard id="billing-title" title="Billing">
        {billing.failed && <RetryAlert onRetry={billing.retry}>{billing.error}</RetryAlert>}
        {billing.loading && !overview && <LoadingCard />}
        <BillingMessages billing={billing} />
        {overview && <BillingBody billing={billing} overview={overview} />}
      </PageCard>
    </FeatureGate>
  )
}

function BillingBody({ billing, overview }: { billing: BillingFlow; overview: BillingOverview }) {
  const [confirming, setConfirming] = useState<Confirming>(null)
  const { subscription: sub, paid } = overview
  const stripe = overview.mode === 'stripe'
  const frequency = paid?.billing_frequency ?? sub.billing_frequency
  const other = frequency === 'Monthly' ? 'Yearly' : 'Monthly'
  // Monthly and yearly switch at Stripe when paid there, or for free with billing off.
  const canSwitch = Boolean(paid) || (!stripe && sub.title === 'Pro' && !sub.is_free_trial)
  const { busy, pending, act } = billing
  const state = standing(overview)
  const confirm = (action: Confirming) => {
    setConfirming(null)
    if (action === 'switch') act(paid ? { kind: 'frequency', frequency: other } : { kind: 'choose', frequency: other })
    if (action === 'downgrade') act({ kind: 'downgrade' })
  }

  return (
    <>
      <ModeNote mode={overview.mode} />
      <dl className={details}>
        <dt>Plan</dt>
        <dd>
          {sub.title}
          {sub.is_free_trial ? ' (15-day free trial)' : ''}
        </dd>
        <dt>Billing</dt>
        <dd>{sub.title === 'Basic' ? 'Free' : sub.is_free_trial ? 'No payment during the trial' : frequency}</dd>
        {state && (
          <>
            <dt>Status</dt>
            <dd>{state}</dd>
          </>
        )}
        {paid && (
          <>
            <dt>Payment method</dt>
            <dd>{paid.card_last4 ? `Card ending in ${paid.card_last4}` : 'Kept by Stripe'}</dd>
          </>
        )}
        <dt>Monitors</dt>
        <dd>up to {sub.plan.limits.max_monitors}</dd>
        <dt>Fastest check</dt>
        <dd>every {sub.plan.limits.min_interval_seconds} s</dd>
      </dl>

      <Card.Footer mt="2" display="flex" gap="2" flexWrap="wrap" justifyContent="flex-start">
        {(sub.title === 'Basic' || sub.is_free_trial) && (
          <Link
            className={linkStyle}
            to={overview.trial_available ? '/upgrade_to_pro?is_free_trial=true' : '/upgrade_to_pro'}
          >
            {sub.is_free_trial ? 'Keep Pro after the trial' : 'Upgrade to Pro'}
          </Link>
        )}
        {canSwitch && (
          <Button variant="outline" disabled={busy} onClick={() => setConfirming('switch')}>
            {pending?.kind === 'frequency' || pending?.kind === 'choose' ? 'Switching...' : `Switch to ${other}`}
          </Button>
        )}
        {paid && (
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => act({ kind: 'cancel', value: !paid.cancel_at_period_end })}
          >
            {pending?.kind === 'cancel'
              ? 'Saving...'
              : paid.cancel_at_period_end
                ? 'Keep Pro (undo the cancellation)'
                : 'Cancel at the end of the period'}
          </Button>
        )}
        {stripe && paid && (
          <Button variant="outline" disabled={busy} onClick={() => act({ kind: 'portal' })}>
            {pending?.kind === 'portal' ? 'Opening Stripe...' : 'Manage payment'}
          </Button>
        )}
        {sub.title === 'Pro' && (
          <Button variant="outline" color="red.700" disabled={busy} onClick={() => setConfirming('downgrade')}>
            {pending?.kind === 'downgrade' ? 'Downgrading...' : 'Downgrade to Basic'}
          </Button>
        )}
      </Card.Footer>

      {stripe && <InvoicesTable invoices={overview.invoices} />}

      <ConfirmDialog
        open={confirming === 'switch'}
        title={`Switch to ${other}?`}
        description={
          paid
            ? `Stripe charges the ${other === 'Yearly' ? 'year' : 'month'} now, less what is left of the period you paid for, and your card renews ${other === 'Yearly' ? 'yearly' : 'monthly'} from today.`
            : `Your Pro plan becomes Pro ${other}; billing is off on this server, so nothing is charged.`
        }
        confirmText={`Switch to ${other}`}
        onConfirm={() => confirm('switch')}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'downgrade'}
        title="Downgrade to Basic now?"
        description={`${
          paid ? 'Your Pro subscription is cancelled at Stripe now, without a refund for the rest of the period. ' : ''
        }Nothing is deleted: monitors and status pages over Basic's limits are paused, and come back when you upgrade again.`}
        confirmText="Downgrade to Basic"
        onConfirm={() => confirm('downgrade')}
        onCancel={() => setConfirming(null)}
      />
    </>
  )
}
