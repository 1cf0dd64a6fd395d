import Stripe from 'stripe'
import type { BillingConfig } from '../config.ts'
import { callStripe } from './stripe-errors.ts'
import { type InvoiceView, invoiceView, type SubscriptionView, subscriptionView } from './stripe-mapping.ts'
import { ensurePrices, type PriceIds, type ProPlanPrices } from './stripe-prices.ts'
import { verifyStripeEvent } from './stripe-webhook.ts'

// The billing service's one way to Stripe, through the official client. `host`, `port` and `protocol` point the
// client elsewhere than api.stripe.com (tests use a loopback server that speaks Stripe's API). Failures are
// StripeGatewayError (stripe-errors.ts); webhook calls that cannot be trusted are StripeWebhookError.

/**
 * The API version whose object shapes this code reads: the one stripe 23.1.0 pins. Written out so that a
 * package upgrade that pins another version fails type-checking here, and the shapes get checked again.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion

export interface StripeGatewayOptions {
  secretKey: string
  /** The webhook endpoint's signing secret (whsec_...). */
  webhookSecret: string
  host?: string
  port?: number
  protocol?: 'http' | 'https'
  /** Price ids set by the operator; the ones missing are found or created by lookup key. */
  prices?: Partial<PriceIds>
  /** The clock that judges a webhook signature's age (epoch ms); Date.now unless given. */
  now?: () => number
  /** Per request; 20 s unless given. */
  timeoutMs?: number
  /** Retries of a failed connection or a 409/5xx answer, with Stripe's idempotency keys; 2 unless given. */
  maxNetworkRetries?: number
}

export interface CheckoutRequest {
  customerId: string
  priceId: string
  userId: string
  /** Where Stripe sends the buyer after paying; `{CHECKOUT_SESSION_ID}` in it is replaced by the session's id. */
  successUrl: string
  cancelUrl: string
  idempotencyKey?: string
}

export type StripeGateway = ReturnType<typeof createStripeGateway>

// What a subscription read needs beyond ids: the card's last digits and the last invoice's amounts.
const EXPAND_SUBSCRIPTION = ['default_payment_method', 'latest_invoice']

export const createStripeGateway = (options: StripeGatewayOptions) => {
  if (!options.secretKey) throw new Error('The Stripe secret key is not set')
  if (!options.webhookSecret) throw new Error('The Stripe webhook signing secret is not set')
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'Vigil' },
    ...(options.host !== undefined && { host: options.host }),
    ...(options.port !== undefined && { port: options.port }),
    ...(options.protocol !== undefined && { protocol: options.protocol }),
  })
  const webhookSecret = options.webhookSecret
  const now = options.now ?? Date.now
  const configuredPrices = { ...options.prices }

  const subscriptionItemId = async (subscriptionId: string): Promise<{ itemId: string; priceId: string }> => {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId)
    const item = subscription.items.data[0]
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no items`)
    return { itemId: item.id, priceId: item.price.id }
  }

  return {
    /** The Pro monthly and yearly price ids; see stripe-prices.ts. */
    ensurePrices: (plan: ProPlanPrices): Promise<PriceIds> => ensurePrices(stripe, configuredPrices, plan),

    /** A Stripe customer for one of our users; returns its id (cus_...). */
    createCustomer: (
      customer: { email: string; name: string; userId: string },
      requestOptions: { idempotencyKey?: string } = {},
    ): Promise<string> =>
      callStripe('create a Stripe customer', async () => {
        const created = await stripe.customers.create(
          { email: customer.email, name: customer.name, metadata: { user_id: customer.userId } },
          requestOptions,
        )
        return created.id
      }),

    /** A hosted checkout page that starts a subscription to one price; the buyer goes to `url`. */
    createCheckoutSession: (request: CheckoutRequest): Promise<{ id: string; url: string }> =>
      callStripe('start a checkout', async () => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: request.customerId,
            client_reference_id: request.userId,
            line_items: [{ price: request.priceId, quantity: 1 }],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            metadata: { user_id: request.userId },
            // The subscription carries the user too, so its own webhooks name whose it is.
            subscription_data: { metadata: { user_id: request.userId } },
          },
          { idempotencyKey: request.idempotencyKey },
        )
        if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`)
        return { id: session.id, url: session.url }
      }),

    /** Stripe's customer portal (cards, invoices, cancelling); returns the page's URL. */
    createPortalSession: (request: { customerId: string; returnUrl: string }): Promise<string> =>
      callStripe('open the billing portal', async () => {
        const session = await stripe.billingPortal.sessions.create({
          customer: request.customerId,
          return_url: request.returnUrl,
        })
        return session.url
      }),

    getSubscription: (subscriptionId: string): Promise<SubscriptionView> =>
      callStripe('read the subscription', async () =>
        subscriptionView(await stripe.subscriptions.retrieve(subscriptionId, { expand: EXPAND_SUBSCRIPTION })),
      ),

    /**
     * Moves the subscription to another price (monthly <-> yearly). Stripe credits the unused time of the old
     * price; a change of interval starts a new period now and charges at once. A declined card fails the call
     * (StripeGatewayError 'card_declined') and changes nothing.
     */
    switchInterval: (subscriptionId: string, priceId: string): Promise<SubscriptionView> =>
      callStripe('change the billing interval', async () => {
        const current = await subscriptionItemId(subscriptionId)
        if (current.priceId === priceId)
          return subscriptionView(await stripe.subscriptions.retrieve(subscriptionId, { expand: EXPAND_SUBSCRIPTION }))
        const updated = await stripe.subscriptions.update(subscriptionId, {
          // The item's id replaces its price; an item without one would be added beside it.
          items: [{ id: current.itemId, price: priceId }],
          proration_behavior: 'create_prorations',
          payment_behavior: 'error_if_incomplete',
          expand: EXPAND_SUBSCRIPTION,
        })
        return subscriptionView(updated)
      }),

    /** Cancels at the end of the period paid for (true), or takes that back (false). */
    setCancelAtPeriodEnd: (subscriptionId: string, cancel: boolean): Promise<SubscriptionView> =>
      callStripe(cancel ? 'cancel the subscription at the period end' : 'keep the subscription', async () =>
        subscriptionView(
          await stripe.subscriptions.update(subscriptionId, {
            cancel_at_period_end: cancel,
            expand: EXPAND_SUBSCRIPTION,
          }),
        ),
      ),

    /** Ends the subscription now, without a refund. */
    cancelNow: (subscriptionId: string): Promise<SubscriptionView> =>
      callStripe('cancel the subscription', async () =>
        subscriptionView(await stripe.subscriptions.cancel(subscriptionId, { expand: EXPAND_SUBSCRIPTION })),
      ),

    /** The customer's invoices, newest first. */
    listInvoices: (customerId: string, limit = 12): Promise<InvoiceView[]> =>
      callStripe('list the invoices', async () => {
        const page = await stripe.invoices.list({ customer: customerId, limit: Math.min(Math.max(limit, 1), 100) })
        return page.data.map(invoiceView)
      }),

    /**
     * The event a webhook call carries, once its signature is checked against the raw body. Throws
     * StripeWebhookError when the signature is missing, wrong or older than 300 s.
     */
    parseWebhook: (rawBody: string | Buffer, signatureHeader: string | null | undefined): Stripe.Event =>
      verifyStripeEvent(stripe, { rawBody, signatureHeader, secret: webhookSecret, now: now() }),
  }
}

/** The gateway BILLING=stripe configures; null with BILLING=off. */
export const gatewayFromConfig = (billing: BillingConfig, now: () => number): StripeGateway | null =>
  billing.mode === 'stripe'
    ? createStripeGateway({
        secretKey: billing.secretKey,
        webhookSecret: billing.webhookSecret,
        prices: billing.prices,
        now,
        ...billing.api,
      })
    : null
