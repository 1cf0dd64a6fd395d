import type { BillingMode, BillingOverview } from '@vigil/domain/billing'
import * as Alert from '../../components/alert.tsx'
import { linkStyle } from '../auth/AuthCard.tsx'
import { ErrorAlert } from '../ErrorAlert.tsx'
import { formatDate, plural } from '../monitors/format.ts'
import type { BillingFlow } from './use-billing.ts'

// What the upgrade and Billing pages both say: where the account stands, how Pro is paid for here, and the
// outcome of the last action.

export { linkStyle } from '../auth/AuthCard.tsx'

/** The account's plan in one sentence. */
export const currentPlanText = (o: BillingOverview): string => {
  const sub = o.subscription
  if (sub.title === 'Basic') return 'You are on Basic.'
  if (sub.is_free_trial)
    return `You are on the Pro free trial: ${plural(o.trial_days_left ?? 0, 'day', 'days')} left${sub.validity_end_date ? ` (it ends on ${formatDate(sub.validity_end_date)})` : ''}.`
  if (o.paid) return `You are on Pro ${o.paid.billing_frequency}, paid until ${formatDate(o.paid.period_end)}.`
  return `You are on Pro ${sub.billing_frequency}${sub.validity_end_date ? `, valid until ${formatDate(sub.validity_end_date)}` : ''}.`
}

/** How Pro is paid for on this server. */
export function ModeNote({ mode }: { mode: BillingMode }) {
  return (
    <Alert.Root role="note" status="info">
      <Alert.Description>
        {mode === 'off'
          ? 'Billing is off on this server: plan changes are free and immediate.'
          : 'Payments are taken by Stripe, on its own secure page. Cancel at any time from Billing.'}
      </Alert.Description>
    </Alert.Root>
  )
}

/** The last action's failure, the way to Stripe while the browser leaves, and Stripe's part when it is away. */
export function BillingMessages({ billing }: { billing: BillingFlow }) {
  return (
    <>
      <ErrorAlert message={billing.message} />
      {billing.leavingTo && (
        <Alert.Root role="status" status="info">
          <Alert.Description>
            Opening Stripe… If nothing happens,{' '}
            <a className={linkStyle} href={billing.leavingTo}>
              continue to Stripe
            </a>
            .
          </Alert.Description>
        </Alert.Root>
      )}
      {billing.overview?.stripe_error && (
        <Alert.Root role="status" status="warning">
          <Alert.Description>{billing.overview.stripe_error}</Alert.Description>
        </Alert.Root>
      )}
    </>
  )
}
