import type Stripe from 'stripe'

// Stripe's objects as the billing service reads them. The same mappers read a subscription fetched with its
// payment method and invoice expanded, and one as a webhook carries it (ids only).
//
// Where API version 2026-10-28.endive (the one stripe 23.1.0 pins) keeps things, which older code looks for
// elsewhere:
// - the billing period is on each subscription item (`items.data[].current_period_end`), no longer on the
//   subscription;
// - an invoice names its subscription under `parent.subscription_details.subscription`, no longer in
//   `invoice.subscription`; and it has no `payment_intent` or `charge` any more (payments are
//   `invoice.payments`).

export type BillingInterval = 'month' | 'year'

export interface InvoiceSummary {
  id: string
  status: Stripe.Invoice.Status | null
  amountPaid: number
  amountDue: number
  currency: string
}

export interface SubscriptionView {
  id: string
  status: Stripe.Subscription.Status
  customerId: string
  priceId: string
  interval: BillingInterval
  /** The price of one period, in the currency's smallest unit. */
  unitAmount: number | null
  currency: string
  /** End of the period paid for, epoch ms. */
  currentPeriodEnd: number
  cancelAtPeriodEnd: boolean
  /** Null when the payment method is not a card, or was not expanded (as in webhooks). */
  defaultPaymentMethodLast4: string | null
  /** Our user id, from the metadata the checkout gave the subscription. */
  userId: string | null
  latestInvoiceId: string | null
  /** Only when the latest invoice was expanded. */
  latestInvoice: InvoiceSummary | null
}

export interface InvoiceView {
  id: string
  number: string | null
  /** Epoch ms. */
  created: number
  amountPaid: number
  amountDue: number
  currency: string
  status: Stripe.Invoice.Status | null
  /** The PDF Stripe renders, null while the invoice is a draft. */
  pdfUrl: string | null
  hostedUrl: string | null
  subscriptionId: string | null
  customerId: string | null
}

const isBillingInterval = (value: string | undefined): value is BillingInterval => value === 'month' || value === 'year'

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id

export const invoiceSummary = (invoice: Stripe.Invoice): InvoiceSummary => ({
  id: invoice.id,
  status: invoice.status,
  amountPaid: invoice.amount_paid,
  amountDue: invoice.amount_due,
  currency: invoice.currency,
})

/** Reads a subscription of one recurring price (the only kind our checkout creates). */
export const subscriptionView = (subscription: Stripe.Subscription): SubscriptionView => {
  const item = subscription.items.data[0]
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no items`)
  const interval = item.price.recurring?.interval
  if (!isBillingInterval(interval))
    throw new Error(
      `Stripe subscription ${subscription.id} bills per ${interval ?? 'one-time price'}, not a month or a year`,
    )
  const method = subscription.default_payment_method
  const invoice = subscription.latest_invoice
  return {
    id: subscription.id,
    status: subscription.status,
    customerId: idOf(subscription.customer) ?? '',
    priceId: item.price.id,
    interval,
    unitAmount: item.price.unit_amount ?? null,
    currency: item.price.currency,
    currentPeriodEnd: item.current_period_end * 1000,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    defaultPaymentMethodLast4: typeof method === 'object' && method?.card ? method.card.last4 : null,
    userId: subscription.metadata.user_id ?? null,
    latestInvoiceId: idOf(invoice),
    latestInvoice: typeof invoice === 'object' && invoice !== null ? invoiceSummary(invoice) : null,
  }
}

export const invoiceView = (invoice: Stripe.Invoice): InvoiceView => ({
  id: invoice.id,
  number: invoice.number,
  created: invoice.created * 1000,
  amountPaid: invoice.amount_paid,
  amountDue: invoice.amount_due,
  currency: invoice.currency,
  status: invoice.status,
  pdfUrl: invoice.invoice_pdf ?? null,
  hostedUrl: invoice.hosted_invoice_url ?? null,
  subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
  customerId: idOf(invoice.customer),
})
