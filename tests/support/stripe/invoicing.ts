import { invoice, type LineInput } from './invoice-shapes.ts'
import type { Price, Subscription } from './object-shapes.ts'
import { newId, type Store } from './world-store.ts'

// Invoices of a subscription, numbered per customer as Stripe does (PREFIX-0001), and the charge that pays them:
// the card on file pays unless a test asked for the subscription's next payment to fail.

export const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100)

export const productName = (store: Store, price: Price): string => {
  const id = typeof price.product === 'string' ? price.product : price.product.id
  return store.products.get(id)?.name ?? id
}

export const lineFor = (
  store: Store,
  subscription: Subscription,
  price: Price,
  itemId: string,
  period: { start: number; end: number },
): LineInput => ({
  id: newId('il'),
  amount: price.unit_amount ?? 0,
  description: `1 × ${productName(store, price)} (at ${money(price.unit_amount ?? 0, price.currency)} / ${price.recurring?.interval ?? 'once'})`,
  price,
  proration: false,
  subscription: subscription.id,
  subscriptionItem: itemId,
  periodStart: period.start,
  periodEnd: period.end,
})

/** Takes a payment for the subscription: false when a test made this one fail (the card is declined). */
export const charge = (store: Store, subscriptionId: string): boolean => {
  const state = store.billing.get(subscriptionId)
  if (state?.failNext) {
    state.failNext = false
    return false
  }
  return true
}

export const issueInvoice = (
  store: Store,
  subscription: Subscription,
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update',
  lines: LineInput[],
  paid: boolean,
) => {
  const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id
  const owner = store.find(store.customers, 'customer', customerId, 'customer')
  const sequence = owner.next_invoice_sequence ?? 1
  owner.next_invoice_sequence = sequence + 1
  const id = newId('in')
  const created = store.seconds()
  const made = store.put(
    store.invoices,
    invoice({
      id,
      number: `${owner.invoice_prefix}-${String(sequence).padStart(4, '0')}`,
      customer: owner,
      subscription,
      billingReason,
      currency: subscription.currency,
      lines,
      created,
      periodStart: Math.min(...lines.map((line) => line.periodStart)),
      periodEnd: Math.max(...lines.map((line) => line.periodEnd)),
      paid,
      pdfUrl: `${store.baseUrl}/invoice/${id}/pdf`,
      hostedUrl: `${store.baseUrl}/invoice/${id}`,
    }),
  )
  subscription.latest_invoice = made.id
  return made
}
