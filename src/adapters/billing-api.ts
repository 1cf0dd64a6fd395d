import { CheckoutLink, OneBillingOverview, PortalLink } from '@vigil/domain/billing'
import type { BillingFrequency } from '@vigil/domain/plan'
import { PlanList } from '@vigil/domain/plan'
import { OneSubscription } from '@vigil/domain/subscription'
import { call } from './api.ts'

// The Billing and upgrade pages' calls, apart from api.ts so that their schemas load with those pages.

export const billingApi = {
  overview: () => call(OneBillingOverview, 'billing').then((d) => d.billing),
  /** The plans to compare, and how Pro is paid for on this server. */
  plans: () => call(PlanList, 'plans'),
  /** Stripe's hosted payment page for Pro. */
  checkout: (billing_frequency: BillingFrequency) =>
    call(CheckoutLink, 'billing/checkout', { method: 'POST', body: { billing_frequency } }).then((d) => d.checkout_url),
  /** Stripe's customer portal (card, invoices). */
  portal: () => call(PortalLink, 'billing/portal', { method: 'POST' }).then((d) => d.portal_url),
  switchFrequency: (billing_frequency: BillingFrequency) =>
    call(OneBillingOverview, 'billing/frequency', { method: 'POST', body: { billing_frequency } }).then(
      (d) => d.billing,
    ),
  setCancelAtPeriodEnd: (cancel_at_period_end: boolean) =>
    call(OneBillingOverview, 'billing/cancel', { method: 'POST', body: { cancel_at_period_end } }).then(
      (d) => d.billing,
    ),
  downgrade: () => call(OneBillingOverview, 'billing/downgrade', { method: 'POST' }).then((d) => d.billing),
  /** A free plan change: the trial, or any plan when billing is off. */
  changePlan: (body: { plan: 'Pro'; billing_frequency?: BillingFrequency; is_free_trial?: boolean }) =>
    call(OneSubscription, 'user_subscription', { method: 'PUT', body }).then((d) => d.subscription),
}
export type BillingApi = typeof billingApi
