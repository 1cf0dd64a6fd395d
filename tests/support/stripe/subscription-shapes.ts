import { type Price, planOf, type Subscription, type SubscriptionItem } from './object-shapes.ts'

// Subscriptions and their items as Stripe answers them (see object-shapes.ts).

export const subscriptionItem = (o: {
  id: string
  subscription: string
  price: Price
  quantity: number
  created: number
  periodStart: number
  periodEnd: number
}): SubscriptionItem => ({
  id: o.id,
  object: 'subscription_item',
  billing_thresholds: null,
  created: o.created,
  current_period_end: o.periodEnd,
  current_period_start: o.periodStart,
  current_trial: null,
  discounts: [],
  metadata: {},
  plan: planOf(o.price),
  price: o.price,
  quantity: o.quantity,
  subscription: o.subscription,
  tax_rates: [],
})

export const subscription = (o: {
  id: string
  customer: string
  items: SubscriptionItem[]
  currency: string
  created: number
  defaultPaymentMethod: string | null
  metadata: Record<string, string>
}): Subscription => ({
  id: o.id,
  object: 'subscription',
  application: null,
  application_fee_percent: null,
  automatic_tax: { disabled_reason: null, enabled: false, liability: null },
  billing_cycle_anchor: o.created,
  billing_cycle_anchor_config: null,
  billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: o.created },
  billing_schedules: [],
  billing_thresholds: null,
  cancel_at: null,
  cancel_at_period_end: false,
  canceled_at: null,
  cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
  collection_method: 'charge_automatically',
  created: o.created,
  currency: o.currency,
  customer: o.customer,
  customer_account: null,
  days_until_due: null,
  default_payment_method: o.defaultPaymentMethod,
  default_source: null,
  default_tax_rates: [],
  description: null,
  discounts: [],
  ended_at: null,
  invoice_settings: {
    account_tax_ids: null,
    custom_fields: null,
    description: null,
    footer: null,
    issuer: { type: 'self' },
  },
  items: { object: 'list', data: o.items, has_more: false, url: `/v1/subscription_items?subscription=${o.id}` },
  latest_invoice: null,
  livemode: false,
  managed_payments: null,
  metadata: o.metadata,
  next_pending_invoice_item_invoice: null,
  on_behalf_of: null,
  pause_collection: null,
  payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
  pending_invoice_item_interval: null,
  pending_setup_intent: null,
  pending_update: null,
  schedule: null,
  start_date: o.created,
  status: 'active',
  test_clock: null,
  transfer_data: null,
  trial_end: null,
  trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
  trial_start: null,
})
