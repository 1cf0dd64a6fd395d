import type Stripe from 'stripe'
import type { Wire } from './wire.ts'

// The objects the loopback server keeps and answers with, built to stripe-node's types for the API version it
// pins (2026-10-28.endive): the types of them all, and the catalog's (products, prices, customers, cards).
// Fields this product never sets hold what Stripe answers for an account without tax, Connect or discounts.

export type Product = Wire<Stripe.Product>
export type Price = Wire<Stripe.Price>
export type Customer = Wire<Stripe.Customer>
export type PaymentMethod = Wire<Stripe.PaymentMethod>
export type CheckoutSession = Wire<Stripe.Checkout.Session>
export type PortalSession = Wire<Stripe.BillingPortal.Session>
export type Subscription = Wire<Stripe.Subscription>
export type SubscriptionItem = Wire<Stripe.SubscriptionItem>
export type Invoice = Wire<Stripe.Invoice>
export type InvoiceLine = Wire<Stripe.InvoiceLineItem>
export type StripeEvent = Wire<Stripe.Event>

export type Recurring = 'day' | 'week' | 'month' | 'year'

export const product = (o: {
  id: string
  name: string
  created: number
  description: string | null
  metadata: Record<string, string>
}): Product => ({
  id: o.id,
  object: 'product',
  active: true,
  created: o.created,
  default_price: null,
  description: o.description,
  images: [],
  livemode: false,
  marketing_features: [],
  metadata: o.metadata,
  name: o.name,
  package_dimensions: null,
  shippable: null,
  statement_descriptor: null,
  tax_code: null,
  tax_details: null,
  type: 'service',
  unit_label: null,
  updated: o.created,
  url: null,
})

export const price = (o: {
  id: string
  product: string
  currency: string
  unitAmount: number
  interval: Recurring | null
  intervalCount: number
  lookupKey: string | null
  nickname: string | null
  metadata: Record<string, string>
  created: number
}): Price => ({
  id: o.id,
  object: 'price',
  active: true,
  billing_scheme: 'per_unit',
  created: o.created,
  currency: o.currency,
  custom_unit_amount: null,
  livemode: false,
  lookup_key: o.lookupKey,
  metadata: o.metadata,
  nickname: o.nickname,
  product: o.product,
  recurring: o.interval && {
    interval: o.interval,
    interval_count: o.intervalCount,
    meter: null,
    trial_period_days: null,
    usage_type: 'licensed',
  },
  tax_behavior: 'unspecified',
  tiers_mode: null,
  transform_quantity: null,
  type: o.interval ? 'recurring' : 'one_time',
  unit_amount: o.unitAmount,
  unit_amount_decimal: String(o.unitAmount),
})

/** The legacy plan object subscription items still carry beside their price. */
export const planOf = (p: Price): Wire<Stripe.Plan> => ({
  id: p.id,
  object: 'plan',
  active: p.active,
  amount: p.unit_amount,
  amount_decimal: p.unit_amount_decimal,
  billing_scheme: p.billing_scheme,
  created: p.created,
  currency: p.currency,
  interval: p.recurring?.interval ?? 'month',
  interval_count: p.recurring?.interval_count ?? 1,
  livemode: false,
  metadata: p.metadata,
  meter: null,
  nickname: p.nickname,
  product: p.product,
  tiers_mode: null,
  transform_usage: null,
  trial_period_days: null,
  usage_type: 'licensed',
})

export const customer = (o: {
  id: string
  email: string | null
  name: string | null
  description: string | null
  phone: string | null
  metadata: Record<string, string>
  created: number
  invoicePrefix: string
}): Customer => ({
  id: o.id,
  object: 'customer',
  address: null,
  balance: 0,
  created: o.created,
  currency: null,
  customer_account: null,
  default_source: null,
  delinquent: false,
  description: o.description,
  discount: null,
  email: o.email,
  invoice_prefix: o.invoicePrefix,
  invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
  livemode: false,
  metadata: o.metadata,
  name: o.name,
  next_invoice_sequence: 1,
  phone: o.phone,
  preferred_locales: [],
  shipping: null,
  tax_exempt: 'none',
  test_clock: null,
})

export const cardPaymentMethod = (o: {
  id: string
  customer: string | null
  brand: string
  last4: string
  funding: string
  email: string | null
  name: string | null
  created: number
  expYear: number
}): PaymentMethod => ({
  id: o.id,
  object: 'payment_method',
  allow_redisplay: 'unspecified',
  billing_details: {
    address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
    email: o.email,
    name: o.name,
    phone: null,
    tax_id: null,
  },
  card: {
    brand: o.brand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    country: 'US',
    display_brand: o.brand,
    exp_month: 12,
    exp_year: o.expYear,
    fingerprint: `fp${o.last4}${o.brand}`,
    funding: o.funding,
    generated_from: null,
    last4: o.last4,
    networks: { available: [o.brand], preferred: null },
    regulated_status: 'unregulated',
    three_d_secure_usage: { supported: true },
    wallet: null,
  },
  created: o.created,
  customer: o.customer,
  customer_account: null,
  livemode: false,
  metadata: {},
  type: 'card',
})
