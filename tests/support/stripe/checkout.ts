import { invalidRequest, missingParam } from './api-errors.ts'
import { periodEnd } from './billing-periods.ts'
import type { Catalog } from './catalog.ts'
import { issueInvoice, lineFor } from './invoicing.ts'
import { type CheckoutSession, cardPaymentMethod, type Invoice, type Subscription } from './object-shapes.ts'
import { checkoutSession, portalSession } from './session-shapes.ts'
import { subscription, subscriptionItem } from './subscription-shapes.ts'
import { cardOutcome } from './test-cards.ts'
import { type CheckoutLine, newId, type Store } from './world-store.ts'

// Checkout in subscription mode: a session with its own hosted page; paying there with a good card creates the
// card, the subscription (one period from the server's clock), its first invoice, paid, and the events
// customer.subscription.created, invoice.paid and checkout.session.completed, in that order. The billing
// portal's sessions are only a page with the customer's subscriptions.

export interface CheckoutInput {
  mode: string
  customer?: string
  customerEmail?: string
  clientReferenceId?: string
  successUrl?: string
  cancelUrl?: string
  lines: CheckoutLine[]
  metadata: Record<string, string>
  subscriptionMetadata: Record<string, string>
}

export type CheckoutResult =
  | {
      ok: true
      redirect: string | null
      session: CheckoutSession
      subscription: Subscription
      invoice: Invoice
    }
  | { ok: false; status: number; message: string }

export const createCheckout = (store: Store, catalog: Catalog) => ({
  createSession(input: CheckoutInput): CheckoutSession {
    if (input.mode !== 'subscription')
      throw invalidRequest('The loopback Stripe sells subscriptions only: `mode` must be `subscription`.', {
        param: 'mode',
      })
    if (input.customer && input.customerEmail)
      throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', {
        param: 'customer',
      })
    if (input.customer) store.find(store.customers, 'customer', input.customer, 'customer')
    if (input.lines.length === 0) throw missingParam('line_items')
    const prices = input.lines.map((line, i) => {
      const found = store.find(store.prices, 'price', line.price, `line_items[${i}][price]`)
      if (!found.active)
        throw invalidRequest('The price specified is inactive. This field only accepts active prices.', {
          param: `line_items[${i}][price]`,
        })
      return found
    })
    if (prices.some((p) => !p.recurring))
      throw invalidRequest('You must provide at least one recurring price in `subscription` mode when using prices.', {
        param: 'line_items',
      })
    const first = prices[0]
    if (prices.some((p) => p.currency !== first?.currency || p.recurring?.interval !== first?.recurring?.interval))
      throw invalidRequest(
        'Checkout does not support multiple prices with different billing intervals or currencies.',
        {
          param: 'line_items',
        },
      )
    const id = newId('cs_test', 58)
    store.checkoutLines.set(id, { lines: input.lines, subscriptionMetadata: input.subscriptionMetadata })
    return store.put(
      store.checkoutSessions,
      checkoutSession({
        id,
        created: store.seconds(),
        mode: 'subscription',
        customer: input.customer ?? null,
        customerEmail: input.customerEmail ?? null,
        clientReferenceId: input.clientReferenceId ?? null,
        successUrl: input.successUrl ?? null,
        cancelUrl: input.cancelUrl ?? null,
        currency: first?.currency ?? 'usd',
        amount: input.lines.reduce((sum, line, i) => sum + (prices[i]?.unit_amount ?? 0) * line.quantity, 0),
        metadata: input.metadata,
        url: `${store.baseUrl}/c/pay/${id}`,
      }),
    )
  },

  /** Pays the session's first period with a card number, as its page does. */
  complete(sessionId: string, card: { number: string; email?: string; name?: string }): CheckoutResult {
    const session = store.checkoutSessions.get(sessionId)
    if (!session) return { ok: false, status: 404, message: 'This checkout session does not exist.' }
    if (session.status !== 'open')
      return { ok: false, status: 410, message: 'This checkout session is no longer available.' }
    const outcome = cardOutcome(card.number)
    if (!outcome.ok) return { ok: false, status: 402, message: outcome.message }
    const email = card.email || session.customer_email
    const customerId =
      typeof session.customer === 'string'
        ? session.customer
        : catalog.createCustomer({ email: email ?? undefined, name: card.name, metadata: {} }).id
    const owner = store.find(store.customers, 'customer', customerId)
    const now = store.seconds()
    const method = store.put(
      store.paymentMethods,
      cardPaymentMethod({
        id: newId('pm'),
        customer: customerId,
        brand: outcome.brand,
        last4: outcome.last4,
        funding: outcome.funding,
        email: owner.email,
        name: card.name ?? owner.name ?? null,
        created: now,
        expYear: new Date(store.now()).getUTCFullYear() + 3,
      }),
    )
    const { lines, subscriptionMetadata } = store.checkoutLines.get(sessionId) ?? {
      lines: [],
      subscriptionMetadata: {},
    }
    const subscriptionId = newId('sub')
    const items = lines.map((line) => {
      const price = store.find(store.prices, 'price', line.price)
      const end = periodEnd(now, price.recurring?.interval ?? 'month', price.recurring?.interval_count ?? 1)
      return subscriptionItem({
        id: newId('si', 14),
        subscription: subscriptionId,
        price,
        quantity: line.quantity,
        created: now,
        periodStart: now,
        periodEnd: end,
      })
    })
    const created = store.put(
      store.subscriptions,
      subscription({
        id: subscriptionId,
        customer: customerId,
        items,
        currency: session.currency ?? 'usd',
        created: now,
        defaultPaymentMethod: method.id,
        metadata: subscriptionMetadata,
      }),
    )
    store.billing.set(subscriptionId, { cycles: 0, failNext: false })
    owner.currency = created.currency
    const paid = issueInvoice(
      store,
      created,
      'subscription_create',
      items.map((item) => lineFor(store, created, item.price, item.id, { start: now, end: item.current_period_end })),
      true,
    )
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customerId,
      customer_details: {
        address: null,
        business_name: null,
        email: owner.email,
        individual_name: null,
        name: method.billing_details.name,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
      subscription: subscriptionId,
      invoice: paid.id,
      url: null,
    } satisfies Partial<CheckoutSession>)
    store.webhooks.emit('customer.subscription.created', created)
    store.webhooks.emit('invoice.paid', paid)
    store.webhooks.emit('checkout.session.completed', session)
    const redirect = session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null
    return { ok: true, redirect, session, subscription: created, invoice: paid }
  },

  createPortalSession(input: { customer: string; returnUrl?: string }) {
    store.find(store.customers, 'customer', input.customer, 'customer')
    const id = newId('bps')
    return store.put(
      store.portalSessions,
      portalSession({
        id,
        created: store.seconds(),
        customer: input.customer,
        returnUrl: input.returnUrl ?? null,
        url: `${store.baseUrl}/p/session/${id}`,
      }),
    )
  },
})

export type Checkout = ReturnType<typeof createCheckout>
