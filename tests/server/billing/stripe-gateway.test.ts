import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { inspect } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { StripeGatewayError, StripeWebhookError } from '../../../src/server/billing/stripe-errors.ts'
import { createStripeGateway, type StripeGateway } from '../../../src/server/billing/stripe-gateway.ts'
import {
  CHECKOUT_FIELDS,
  type LoopbackStripe,
  startLoopbackStripe,
  startWebhookReceiver,
  TEST_CARDS,
  type WebhookReceiver,
} from '../../support/stripe/index.ts'

// The gateway against the loopback Stripe: the official stripe client over HTTP, the hosted checkout page used
// as a browser form would, and webhooks verified from the exact bytes the receiver got.

const SECRET_KEY = 'sk_test_51LoopbackVigil0123456789abcdefghijkl'
const WEBHOOK_SECRET = 'whsec_loopbackVigil0123456789abcdef'
const PRO = { monthlyCents: 1500, yearlyCents: 15000, currency: 'usd' }
const USER = { userId: 'user-0001', email: 'ada@example.com', name: 'Ada Lovelace' }
// Jan 31: a month later is Feb 28, two months later Mar 31 (Stripe keeps the anchor's day where it can).
const START = Date.UTC(2026, 0, 31, 12, 0, 0)
const DAY = 86_400_000

let clock = START
const now = () => clock
let stripe: LoopbackStripe
let receiver: WebhookReceiver
let gateway: StripeGateway

const gatewayFor = (options: { secretKey?: string; port?: number; prices?: { monthly?: string; yearly?: string } }) =>
  createStripeGateway({
    secretKey: options.secretKey ?? SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    host: stripe.host,
    port: options.port ?? stripe.port,
    protocol: stripe.protocol,
    prices: options.prices,
    now,
    maxNetworkRetries: 0,
  })

beforeEach(async () => {
  clock = START
  receiver = await startWebhookReceiver()
  stripe = await startLoopbackStripe({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: receiver.url,
    now,
  })
  gateway = gatewayFor({})
})

afterEach(async () => {
  await stripe.close()
  await receiver.close()
})

/** The checkout page as a browser uses it: load it, post its form with a card number. */
const payOnPage = async (pageUrl: string, cardNumber: string) => {
  const page = await fetch(pageUrl)
  const html = await page.text()
  expect(page.status).toBe(200)
  expect(html).toContain(`name="${CHECKOUT_FIELDS.cardNumber}"`)
  expect(html).toMatch(/<button type="submit">Pay<\/button>/)
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
  if (!action) throw new Error('The checkout page has no form')
  return fetch(new URL(action, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [CHECKOUT_FIELDS.cardNumber]: cardNumber }).toString(),
    redirect: 'manual',
  })
}

/** Every call the receiver got, verified by the gateway from its raw bytes. */
const verifiedEvents = () => receiver.calls.map((call) => gateway.parseWebhook(call.raw, call.signature))

const refusal = (run: () => unknown): StripeWebhookError => {
  try {
    run()
  } catch (error) {
    if (error instanceof StripeWebhookError) return error
    throw error
  }
  throw new Error('The webhook call was accepted')
}

const failure = async (promise: Promise<unknown>): Promise<StripeGatewayError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  if (!(error instanceof StripeGatewayError)) throw new Error(`Expected a StripeGatewayError, got ${inspect(error)}`)
  return error
}

/** A user subscribed to Pro through checkout, the webhooks delivered and then forgotten by the receiver. */
const subscribe = async (term: 'monthly' | 'yearly' = 'monthly') => {
  const prices = await gateway.ensurePrices(PRO)
  const customerId = await gateway.createCustomer(USER)
  const session = await gateway.createCheckoutSession({
    customerId,
    priceId: prices[term],
    userId: USER.userId,
    successUrl: 'http://127.0.0.1:3000/billing/done?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://127.0.0.1:3000/billing',
  })
  const paid = await payOnPage(session.url, TEST_CARDS.visa)
  expect(paid.status).toBe(303)
  await stripe.world.webhooksSettled()
  const subscriptionId = stripe.world.checkoutSessions.get(session.id)?.subscription
  if (typeof subscriptionId !== 'string') throw new Error('Checkout made no subscription')
  receiver.clear()
  return { prices, customerId, session, subscriptionId }
}

describe('prices', () => {
  it('creates the product and both prices once, then finds them by lookup key', async () => {
    const ids = await gateway.ensurePrices(PRO)

    const monthly = stripe.world.prices.get(ids.monthly)
    const yearly = stripe.world.prices.get(ids.yearly)
    expect(monthly).toMatchObject({
      unit_amount: 1500,
      currency: 'usd',
      lookup_key: 'vigil_pro_monthly',
      product: 'vigil_pro',
      recurring: { interval: 'month', interval_count: 1 },
    })
    expect(yearly).toMatchObject({
      unit_amount: 15000,
      lookup_key: 'vigil_pro_yearly',
      product: 'vigil_pro',
      recurring: { interval: 'year' },
    })
    expect(stripe.world.products.get('vigil_pro')?.name).toBe('Vigil Pro')

    // Again, and from another process: found, not created.
    expect(await gateway.ensurePrices(PRO)).toEqual(ids)
    expect(await gatewayFor({}).ensurePrices(PRO)).toEqual(ids)
    expect(stripe.world.requestsTo('POST', '/v1/prices')).toHaveLength(2)
    expect(stripe.world.requestsTo('POST', '/v1/products')).toHaveLength(1)
    expect(stripe.world.prices.size).toBe(2)
    const lookups = stripe.world.requestsTo('GET', '/v1/prices')
    expect(lookups).toHaveLength(3)
    expect(lookups[0]?.params.lookup_keys).toEqual(['vigil_pro_monthly', 'vigil_pro_yearly'])
  })

  it('uses the configured price ids without asking Stripe', async () => {
    const configured = gatewayFor({ prices: { monthly: 'price_operator_monthly', yearly: 'price_operator_yearly' } })

    expect(await configured.ensurePrices(PRO)).toEqual({
      monthly: 'price_operator_monthly',
      yearly: 'price_operator_yearly',
    })
    expect(stripe.world.requests).toHaveLength(0)
  })

  it('gives a changed amount a new price that takes the lookup key over', async () => {
    const before = await gateway.ensurePrices(PRO)
    const after = await gateway.ensurePrices({ ...PRO, monthlyCents: 1900 })

    expect(after.yearly).toBe(before.yearly)
    expect(after.monthly).not.toBe(before.monthly)
    expect(stripe.world.prices.get(after.monthly)).toMatchObject({
      unit_amount: 1900,
      lookup_key: 'vigil_pro_monthly',
      product: 'vigil_pro',
    })
    expect(stripe.world.prices.get(before.monthly)?.lookup_key).toBeNull()
  })
})

describe('customers and checkout', () => {
  it('creates a customer that carries the user id', async () => {
    const customerId = await gateway.createCustomer(USER)

    expect(customerId).toMatch(/^cus_/)
    expect(stripe.world.customers.get(customerId)).toMatchObject({
      email: USER.email,
      name: USER.name,
      metadata: { user_id: USER.userId },
    })
    const [request] = stripe.world.requestsTo('POST', '/v1/customers')
    expect(request?.rawBody).toContain('metadata[user_id]=user-0001')
    expect(request?.idempotencyKey).toBeTruthy()
    expect(request?.stripeVersion).toBe('2026-10-28.endive')
    expect(request?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`)
  })

  it('pays a checkout session on its hosted page and sends the signed events', async () => {
    const prices = await gateway.ensurePrices(PRO)
    const customerId = await gateway.createCustomer(USER)
    const session = await gateway.createCheckoutSession({
      customerId,
      priceId: prices.monthly,
      userId: USER.userId,
      successUrl: 'http://127.0.0.1:3000/billing/done?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://127.0.0.1:3000/billing',
    })

    expect(session.url.startsWith(`${stripe.url}/`)).toBe(true)
    expect(stripe.world.checkoutSessions.get(session.id)).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: USER.userId,
      metadata: { user_id: USER.userId },
      status: 'open',
      amount_total: 1500,
    })

    const paid = await payOnPage(session.url, TEST_CARDS.visa)
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:3000/billing/done?session=${session.id}`)

    await stripe.world.webhooksSettled()
    const events = verifiedEvents()
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ])
    expect(new Set(events.map((e) => e.id)).size).toBe(3)
    for (const event of events) {
      expect(event.id).toMatch(/^evt_/)
      expect(event.created).toBe(START / 1000)
      expect(event.api_version).toBe('2026-10-28.endive')
    }
    const [created, invoicePaid, completed] = events
    if (created?.type !== 'customer.subscription.created') throw new Error('wrong event')
    if (invoicePaid?.type !== 'invoice.paid') throw new Error('wrong event')
    if (completed?.type !== 'checkout.session.completed') throw new Error('wrong event')
    const subscriptionId = created.data.object.id
    expect(created.data.object.metadata.user_id).toBe(USER.userId)
    expect(invoicePaid.data.object).toMatchObject({ amount_paid: 1500, status: 'paid', customer: customerId })
    expect(invoicePaid.data.object.parent?.subscription_details?.subscription).toBe(subscriptionId)
    expect(completed.data.object).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      subscription: subscriptionId,
      client_reference_id: USER.userId,
    })

    const view = await gateway.getSubscription(subscriptionId)
    expect(view).toEqual({
      id: subscriptionId,
      status: 'active',
      customerId,
      priceId: prices.monthly,
      interval: 'month',
      unitAmount: 1500,
      currency: 'usd',
      currentPeriodEnd: Date.UTC(2026, 1, 28, 12, 0, 0),
      cancelAtPeriodEnd: false,
      defaultPaymentMethodLast4: '4242',
      userId: USER.userId,
      latestInvoiceId: invoicePaid.data.object.id,
      latestInvoice: {
        id: invoicePaid.data.object.id,
        status: 'paid',
        amountPaid: 1500,
        amountDue: 1500,
        currency: 'usd',
      },
    })
  })

  it('shows a declined card on the page and changes nothing', async () => {
    const prices = await gateway.ensurePrices(PRO)
    const customerId = await gateway.createCustomer(USER)
    const session = await gateway.createCheckoutSession({
      customerId,
      priceId: prices.yearly,
      userId: USER.userId,
      successUrl: 'http://127.0.0.1:3000/billing/done',
      cancelUrl: 'http://127.0.0.1:3000/billing',
    })

    const declined = await payOnPage(session.url, TEST_CARDS.declined)
    expect(declined.status).toBe(402)
    expect(await declined.text()).toContain('<p role="alert">Your card was declined.</p>')
    await stripe.world.webhooksSettled()
    expect(receiver.calls).toHaveLength(0)
    expect(stripe.world.subscriptions.size).toBe(0)
    expect(stripe.world.checkoutSessions.get(session.id)?.status).toBe('open')

    // The same page then takes a good card.
    expect((await payOnPage(session.url, TEST_CARDS.visa)).status).toBe(303)
    expect(stripe.world.subscriptions.size).toBe(1)
  })
})

describe('subscription changes', () => {
  it('switches monthly to yearly, charging the year less the unused month', async () => {
    const { prices, subscriptionId } = await subscribe('monthly')
    clock = START + 10 * DAY

    const view = await gateway.switchInterval(subscriptionId, prices.yearly)

    expect(view).toMatchObject({
      status: 'active',
      priceId: prices.yearly,
      interval: 'year',
      currentPeriodEnd: Date.UTC(2027, 1, 10, 12, 0, 0),
    })
    // 18 of the month's 28 days unused.
    expect(view.latestInvoice?.amountPaid).toBe(15000 - Math.round((1500 * 18) / 28))
    const [update] = stripe.world.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)
    expect(update?.params.items).toEqual([
      { id: stripe.world.subscriptions.get(subscriptionId)?.items.data[0]?.id, price: prices.yearly },
    ])
    expect(update?.params.proration_behavior).toBe('create_prorations')

    await stripe.world.webhooksSettled()
    const events = verifiedEvents()
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.paid'])
    const [updated] = events
    if (updated?.type !== 'customer.subscription.updated') throw new Error('wrong event')
    expect(updated.data.previous_attributes?.items?.data[0]?.price.id).toBe(prices.monthly)
    expect(updated.data.object.items.data[0]?.price.id).toBe(prices.yearly)
    expect(updated.request?.idempotency_key).toBe(update?.idempotencyKey)
  })

  it('fails an interval change on a declined card with the card words, and changes nothing', async () => {
    const { prices, subscriptionId } = await subscribe('monthly')
    stripe.world.failNextPayment(subscriptionId)

    const error = await failure(gateway.switchInterval(subscriptionId, prices.yearly))

    expect(error.kind).toBe('card_declined')
    expect(error.message).toBe('Your card was declined.')
    expect(error.declineCode).toBe('generic_decline')
    expect(error.statusCode).toBe(402)
    expect(await gateway.getSubscription(subscriptionId)).toMatchObject({ interval: 'month', priceId: prices.monthly })
    await stripe.world.webhooksSettled()
    expect(receiver.calls).toHaveLength(0)
  })

  it('cancels at the period end, and takes it back', async () => {
    const { subscriptionId } = await subscribe()

    const cancelling = await gateway.setCancelAtPeriodEnd(subscriptionId, true)
    expect(cancelling).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
    expect(stripe.world.subscriptions.get(subscriptionId)?.cancel_at).toBe(Date.UTC(2026, 1, 28, 12) / 1000)

    const kept = await gateway.setCancelAtPeriodEnd(subscriptionId, false)
    expect(kept).toMatchObject({ status: 'active', cancelAtPeriodEnd: false })

    await stripe.world.webhooksSettled()
    const events = verifiedEvents()
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated', 'customer.subscription.updated'])
    const [first, second] = events
    if (first?.type !== 'customer.subscription.updated' || second?.type !== 'customer.subscription.updated')
      throw new Error('wrong events')
    expect(first.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null })
    expect(second.data.previous_attributes).toMatchObject({ cancel_at_period_end: true })
  })

  it('cancels now', async () => {
    const { subscriptionId } = await subscribe()
    clock = START + 3 * DAY

    const view = await gateway.cancelNow(subscriptionId)

    expect(view.status).toBe('canceled')
    expect(stripe.world.subscriptions.get(subscriptionId)?.ended_at).toBe((START + 3 * DAY) / 1000)
    expect((await gateway.getSubscription(subscriptionId)).status).toBe('canceled')
    await stripe.world.webhooksSettled()
    expect(verifiedEvents().map((e) => e.type)).toEqual(['customer.subscription.deleted'])
    expect(stripe.world.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1)
  })
})

describe('invoices and the billing portal', () => {
  it('lists invoices newest first, each with a PDF that is a PDF', async () => {
    const { customerId, subscriptionId } = await subscribe()
    clock = Date.UTC(2026, 1, 28, 12, 0, 0)
    stripe.world.renew(subscriptionId)

    const invoices = await gateway.listInvoices(customerId, 10)

    expect(invoices).toHaveLength(2)
    const [latest, first] = invoices
    if (!latest || !first) throw new Error('missing invoices')
    expect(latest.created).toBe(clock)
    expect(first.created).toBe(START)
    const prefix = stripe.world.customers.get(customerId)?.invoice_prefix
    expect([latest.number, first.number]).toEqual([`${prefix}-0002`, `${prefix}-0001`])
    expect(latest).toMatchObject({ amountPaid: 1500, amountDue: 1500, currency: 'usd', status: 'paid', subscriptionId })
    const pdf = await fetch(latest.pdfUrl ?? '')
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1')
    expect(bytes.startsWith('%PDF-1.4')).toBe(true)
    expect(bytes.trimEnd().endsWith('%%EOF')).toBe(true)
    expect(bytes).toContain(`(Invoice ${latest.number}) Tj`)
    const page = await fetch(latest.hostedUrl ?? '')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`Invoice ${latest.number}`)
    expect(await gateway.listInvoices(customerId, 1)).toEqual([latest])
  })

  it('opens the billing portal on a page with the plan and the way back', async () => {
    const { customerId, subscriptionId } = await subscribe()

    const url = await gateway.createPortalSession({ customerId, returnUrl: 'http://127.0.0.1:3000/billing' })

    const page = await fetch(url)
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).toContain('<a href="http://127.0.0.1:3000/billing">Return to Vigil</a>')
    expect(html).toContain('$15.00 per month')

    // Its form cancels at the period end, as the product would hear by webhook.
    const action = /<form method="post" action="([^"]+)">.*?name="subscription" value="([^"]+)".*?Cancel plan/.exec(
      html,
    )
    if (!action?.[1] || !action[2]) throw new Error('The portal page has no cancel form')
    const cancelled = await fetch(new URL(action[1], url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ subscription: action[2] }).toString(),
      redirect: 'manual',
    })
    expect(cancelled.status).toBe(303)
    expect(await (await fetch(url)).text()).toContain('Keep plan')
    await stripe.world.webhooksSettled()
    const [updated] = verifiedEvents()
    if (updated?.type !== 'customer.subscription.updated') throw new Error('wrong event')
    expect(updated.data.object).toMatchObject({ id: subscriptionId, cancel_at_period_end: true })
  })
})

describe('renewals', () => {
  it('renews into a new paid period and says so', async () => {
    const { subscriptionId } = await subscribe()
    clock = Date.UTC(2026, 1, 28, 12, 0, 0)

    stripe.world.renew(subscriptionId)

    await stripe.world.webhooksSettled()
    const events = verifiedEvents()
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.paid'])
    const [updated, paid] = events
    if (updated?.type !== 'customer.subscription.updated' || paid?.type !== 'invoice.paid')
      throw new Error('wrong events')
    expect(updated.data.object.items.data[0]?.current_period_start).toBe(clock / 1000)
    expect(paid.data.object).toMatchObject({ amount_paid: 1500, billing_reason: 'subscription_cycle' })
    const view = await gateway.getSubscription(subscriptionId)
    expect(view).toMatchObject({ status: 'active', currentPeriodEnd: Date.UTC(2026, 2, 31, 12, 0, 0) })
    expect(view.latestInvoiceId).toBe(paid.data.object.id)
  })

  it('makes the subscription past_due when the renewal payment fails', async () => {
    const { subscriptionId } = await subscribe()
    clock = Date.UTC(2026, 1, 28, 12, 0, 0)
    stripe.world.failNextPayment(subscriptionId)

    stripe.world.renew(subscriptionId)

    await stripe.world.webhooksSettled()
    const events = verifiedEvents()
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.payment_failed'])
    const [updated] = events
    if (updated?.type !== 'customer.subscription.updated') throw new Error('wrong event')
    expect(updated.data.object.status).toBe('past_due')
    expect(updated.data.previous_attributes?.status).toBe('active')
    expect(await gateway.getSubscription(subscriptionId)).toMatchObject({
      status: 'past_due',
      latestInvoice: { status: 'open', amountPaid: 0, amountDue: 1500 },
    })
  })

  it('ends a subscription set to cancel when its period ends, and when Stripe deletes one', async () => {
    const first = await subscribe()
    await gateway.setCancelAtPeriodEnd(first.subscriptionId, true)
    await stripe.world.webhooksSettled()
    receiver.clear()
    clock = Date.UTC(2026, 1, 28, 12, 0, 0)

    stripe.world.renew(first.subscriptionId)
    await stripe.world.webhooksSettled()
    const [ended] = verifiedEvents()
    expect(ended?.type).toBe('customer.subscription.deleted')
    expect(ended?.data.object).toMatchObject({ status: 'canceled', ended_at: clock / 1000 })
    expect(stripe.world.invoices.size).toBe(1)
    expect((await gateway.getSubscription(first.subscriptionId)).status).toBe('canceled')

    const second = await subscribe('yearly')
    stripe.world.deleteSubscription(second.subscriptionId)
    await stripe.world.webhooksSettled()
    expect(verifiedEvents().map((e) => e.type)).toEqual(['customer.subscription.deleted'])
  })
})

describe('webhook signatures', () => {
  it('refuses forged, tampered, unsigned and stale calls', async () => {
    await subscribe()
    const expected = {
      'wrong-secret': 'bad_signature',
      tampered: 'bad_signature',
      unsigned: 'missing_signature',
      stale: 'stale_signature',
    } as const

    for (const [how, reason] of Object.entries(expected)) {
      await stripe.world.sendForgedEvent(how as keyof typeof expected)
      const call = receiver.calls.at(-1)
      if (!call) throw new Error('nothing received')
      expect(refusal(() => gateway.parseWebhook(call.raw, call.signature)).reason, how).toBe(reason)
    }
    expect(receiver.calls).toHaveLength(4)
  })

  it('takes a genuine call for 300 seconds only', async () => {
    await subscribe()
    await stripe.world.resendEvent(stripe.world.events.at(-1)?.id ?? '')
    const call = receiver.calls.at(-1)
    if (!call) throw new Error('nothing received')

    clock += 300_000
    expect(gateway.parseWebhook(call.raw, call.signature).type).toBe('checkout.session.completed')
    clock += 1_000
    expect(refusal(() => gateway.parseWebhook(call.raw, call.signature)).reason).toBe('stale_signature')
  })

  it('refuses a body parsed and serialized again, and one that is not an event', async () => {
    await subscribe()
    const eventId = stripe.world.events[0]?.id ?? ''
    await stripe.world.resendEvent(eventId)
    const call = receiver.calls.at(-1)
    if (!call) throw new Error('nothing received')
    expect(gateway.parseWebhook(call.raw, call.signature).id).toBe(eventId)

    const reserialized = JSON.stringify(JSON.parse(call.raw.toString('utf8')))
    expect(refusal(() => gateway.parseWebhook(reserialized, call.signature)).reason).toBe('bad_signature')
    expect(refusal(() => gateway.parseWebhook('', call.signature)).reason).toBe('malformed_payload')
  })

  it('resends an event with its id and a fresh signature, as Stripe retries', async () => {
    await subscribe()
    const original = stripe.world.events.find((e) => e.type === 'invoice.paid')
    if (!original) throw new Error('no invoice.paid')
    clock += 60_000

    const delivery = await stripe.world.resendEvent(original.id)

    expect(delivery.status).toBe(200)
    expect(delivery.kind).toBe('resend')
    const replay = receiver.calls.at(-1)
    if (!replay) throw new Error('nothing received')
    expect(replay.signature).toMatch(new RegExp(`^t=${clock / 1000},v1=[0-9a-f]{64}$`))
    const event = gateway.parseWebhook(replay.raw, replay.signature)
    expect(event.id).toBe(original.id)
    expect(event.created).toBe(original.created)
  })

  it('delivers held events in the order a test chooses', async () => {
    stripe.world.holdWebhooks()
    await subscribe()
    expect(stripe.world.deliveries).toHaveLength(0)

    await stripe.world.releaseWebhooks('reverse')

    expect(verifiedEvents().map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'invoice.paid',
      'customer.subscription.created',
    ])
  })
})

describe('errors', () => {
  it('reports a wrong secret key as an authentication error that names no key', async () => {
    const wrongKey = 'sk_test_51WrongKeyForVigilTestsQx7Z'
    const error = await failure(gatewayFor({ secretKey: wrongKey }).createCustomer(USER))

    expect(error.kind).toBe('authentication')
    expect(error.message).toBe(
      'Stripe refused the secret key while trying to create a Stripe customer: check the Stripe secret key in the configuration.',
    )
    expect(stripe.world.requests[0]?.status).toBe(401)
    for (const shown of [error.message, error.stack ?? '', inspect(error), JSON.stringify(error), String(error)]) {
      expect(shown).not.toContain(wrongKey)
      expect(shown).not.toContain('Qx7Z')
      expect(shown).not.toContain(SECRET_KEY)
    }
  })

  it('reports an unreachable Stripe as a connection error', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))

    const error = await failure(gatewayFor({ port }).getSubscription('sub_anything'))

    expect(error.kind).toBe('connection')
    expect(error.message).toBe('Could not reach Stripe to read the subscription. Try again in a moment.')
  })

  it('reports a missing subscription, a refused request and a rate limit in words', async () => {
    const missing = await failure(gateway.getSubscription('sub_missing'))
    expect(missing.kind).toBe('not_found')
    expect(missing.message).toBe("Could not read the subscription: No such subscription: 'sub_missing'")

    const refused = await failure(
      gateway.createCheckoutSession({
        customerId: 'cus_missing',
        priceId: 'price_missing',
        userId: USER.userId,
        successUrl: 'http://127.0.0.1:3000/done',
        cancelUrl: 'http://127.0.0.1:3000/billing',
      }),
    )
    expect(refused).toMatchObject({ kind: 'not_found', param: 'customer', statusCode: 404 })

    stripe.world.failNextRequest({
      status: 429,
      error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests.' },
    })
    expect((await failure(gateway.createCustomer(USER))).kind).toBe('rate_limited')
  })
})

describe('the loopback Stripe', () => {
  const post = (path: string, body: string, key: string) =>
    fetch(`${stripe.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': key,
      },
      body,
    })

  it('replays a request with the same idempotency key, and refuses the key with other parameters', async () => {
    const first = await post('/v1/customers', 'email=a%40example.com', 'key-1')
    const again = await post('/v1/customers', 'email=a%40example.com', 'key-1')
    const other = await post('/v1/customers', 'email=b%40example.com', 'key-1')

    const created = (await first.json()) as { id: string }
    expect(((await again.json()) as { id: string }).id).toBe(created.id)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(stripe.world.customers.size).toBe(1)
    expect(other.status).toBe(400)
    expect(((await other.json()) as { error: { type: string } }).error.type).toBe('idempotency_error')
  })

  it('refuses a parameter it does not implement, as Stripe refuses an unknown one', async () => {
    const answer = await post('/v1/customers', 'email=a%40example.com&tax_exempt=none', 'key-2')

    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        message: 'Received unknown parameter: tax_exempt',
        param: 'tax_exempt',
        doc_url: 'https://docs.stripe.com/error-codes/parameter-unknown',
      },
    })
  })
})
