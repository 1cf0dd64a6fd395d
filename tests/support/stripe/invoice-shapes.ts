import type { Customer, Invoice, InvoiceLine, Price, Subscription } from './object-shapes.ts'

// Invoices and their lines as Stripe answers them (see object-shapes.ts): a subscription's invoice names it
// under parent.subscription_details, its lines under parent.subscription_item_details.

const AUTOMATIC_TAX_OFF = { enabled: false, disabled_reason: null, liability: null, provider: null, status: null }

export interface LineInput {
  id: string
  amount: number
  description: string
  price: Price
  proration: boolean
  subscription: string
  subscriptionItem: string
  periodStart: number
  periodEnd: number
}

const invoiceLine = (invoiceId: string, currency: string, line: LineInput): InvoiceLine => ({
  id: line.id,
  object: 'line_item',
  amount: line.amount,
  currency,
  description: line.description,
  discount_amounts: [],
  discountable: !line.proration,
  discounts: [],
  invoice: invoiceId,
  livemode: false,
  metadata: {},
  parent: {
    invoice_item_details: null,
    subscription_item_details: {
      invoice_item: null,
      proration: line.proration,
      proration_details: { credited_items: null },
      subscription: line.subscription,
      subscription_item: line.subscriptionItem,
    },
    type: 'subscription_item_details',
  },
  period: { end: line.periodEnd, start: line.periodStart },
  pretax_credit_amounts: [],
  pricing: {
    price_details: {
      price: line.price.id,
      product: typeof line.price.product === 'string' ? line.price.product : line.price.product.id,
    },
    type: 'price_details',
    unit_amount_decimal: String(line.amount),
  },
  quantity: 1,
  quantity_decimal: '1',
  subscription: line.subscription,
  subtotal: line.amount,
  taxes: [],
})

export const invoice = (o: {
  id: string
  number: string
  customer: Customer
  subscription: Subscription
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update'
  currency: string
  lines: LineInput[]
  created: number
  periodStart: number
  periodEnd: number
  paid: boolean
  pdfUrl: string
  hostedUrl: string
}): Invoice => {
  const total = o.lines.reduce((sum, line) => sum + line.amount, 0)
  const due = Math.max(total, 0)
  return {
    id: o.id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Vigil (loopback)',
    account_tax_ids: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: o.paid ? due : 0,
    amount_remaining: o.paid ? 0 : due,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: !o.paid,
    automatic_tax: AUTOMATIC_TAX_OFF,
    automatically_finalizes_at: null,
    billing_reason: o.billingReason,
    collection_method: 'charge_automatically',
    created: o.created,
    currency: o.currency,
    custom_fields: null,
    customer: o.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: o.customer.email,
    customer_name: o.customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: o.created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: o.hostedUrl,
    invoice_pdf: o.pdfUrl,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: 'list',
      data: o.lines.map((line) => invoiceLine(o.id, o.currency, line)),
      has_more: false,
      url: `/v1/invoices/${o.id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: o.paid ? null : o.created + 3 * 86_400,
    number: o.number,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: o.subscription.metadata, subscription: o.subscription.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: o.periodEnd,
    period_start: o.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: o.paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: o.created,
      marked_uncollectible_at: null,
      paid_at: o.paid ? o.created : null,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: o.created,
  }
}
