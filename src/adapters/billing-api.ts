import * as v from 'valibot'
import { BILLING_MODES, BillingOverview } from '../domain/billing.ts'
import type { BillingFrequency } from '../domain/plan.ts'
import { Plan } from '../domain/plan.ts'
import { Subscription } from '../domain/subscription.ts'
import { call } from './api.ts'

// The Billing and upgrade pages' calls, apart from api.ts so that their schemas load with those pages.

const Overview = v.object({ billing: BillingOverview })

export const billingApi = {
  overview: () => call(Overview, 'billing').then((d) => d.billing),
  /** The plans to compare, and how Pro is paid for on this server. */
  plans: () => call(v.object({ plans: v.array(Plan), billing: v.picklist(BILLING_MODES) }), 'plans'),
  /** Stripe's hosted payment page for Pro. */
  checkout: (billing_frequency: BillingFrequency) =>
    call(v.object({ checkout_url: v.string() }), 'billing/checkout', {
      method: 'POST',
      body: { billing_frequency },
    }).then((d) => d.checkout_url),
  /** Stripe's customer portal (card, invoices). */
  portal: () =>
    call(v.object({ portal_url: v.string() }), 'billing/portal', { method: 'POST' }).then((d) => d.portal_url),
  switchFrequency: (billing_frequency: BillingFrequency) =>
    call(Overview, 'billing/frequency', { method: 'POST', body: { billing_frequency } }).then((d) => d.billing),
  setCancelAtPeriodEnd: (cancel_at_period_end: boolean) =>
    call(Overview, 'billing/cancel', { method: 'POST', body: { cancel_at_period_end } }).then((d) => d.billing),
  downgrade: () => call(Overview, 'billing/downgrade', { method: 'POST' }).then((d) => d.billing),
  /** A free plan change: the trial, or any plan when billing is off. */
  changePlan: (body: { plan: 'Pro'; billing_frequency?: BillingFrequency; is_free_trial?: boolean }) =>
    call(v.object({ subscription: Subscription }), 'user_subscription', { method: 'PUT', body }).then(
      (d) => d.subscription,
    ),
}
export type BillingApi = typeof billingApi
