import type Stripe from 'stripe'
import {
  type BillingOverview,
  billingNotice,
  frequencyOf,
  GRACE_DAYS,
  type Invoice,
  isLiveStatus,
  type PaidPlan,
  trialDaysLeft,
} from '@vigil/domain/billing'
import type { BillingFrequency } from '@vigil/domain/plan'
import { StripeGatewayError, StripeWebhookError } from '../billing/stripe-errors.ts'
import type { StripeGateway } from '../billing/stripe-gateway.ts'
import type { SubscriptionView } from '../billing/stripe-mapping.ts'
import type { PriceIds } from '../billing/stripe-prices.ts'
import { takeWriteLock } from '../db/database.ts'
import type { BillingAccountRow } from '../db/repos/billing.repo.ts'
import { repos as reposOf } from '../db/repos/index.ts'
import { currentSubscription } from '../db/subscription-terms.ts'
import { Failure } from '../errors.ts'
import { publishUnread } from '../live/notices.ts'
import { sendWritten, tell } from './billing-notices.ts'
import type { Deps } from './deps.ts'
import { syncPaidPlan } from './paid-plan-sync.ts'
import { changePlan } from './subscriptions.service.ts'

// Billing's flows with BILLING=stripe: the overview of the Billing page, checkout, the customer portal, the
// actions on a paid plan, and Stripe's webhooks. Every change Stripe makes reaches the plan through
// syncPaidPlan from a fresh read of the subscription, whether it came back from our call or by a webhook.

const DAY = 86_400_000
export const BILLING_OFF =
  'Billing is off on this server: plan changes are free and immediate. Choose a plan on the upgrade page.'

/** A failure of Stripe said as one of ours: a declined card is 402, Stripe away is 503, the rest 409. */
const asFailure = (error: unknown): unknown => {
  if (!(error instanceof StripeGatewayError)) return error
  if (error.kind === 'card_declined') return new Failure('payment_required', error.message)
  if (error.kind === 'connection' || error.kind === 'stripe_unavailable' || error.kind === 'rate_limited')
    return new Failure('unavailable', error.message)
  return new Failure('conflict', error.message)
}

const throughStripe = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call()
  } catch (error) {
    throw asFailure(error)
  }
}

const stripeOf = (deps: Deps): StripeGateway => {
  if (!deps.stripe) throw new Failure('conflict', BILLING_OFF)
  return deps.stripe
}

// The Pro prices, found or created once per gateway from the plan row; asked again after a failure.
const priceCache = new WeakMap<StripeGateway, Promise<PriceIds>>()
const proPrices = (deps: Deps, stripe: StripeGateway): Promise<PriceIds> => {
  let prices = priceCache.get(stripe)
  if (!prices) {
    prices = (async () => {
      const pro = await deps.repos.plans.findByTitle('Pro')
      if (!pro) throw new Error('the Pro plan is missing from the plans table')
      return stripe.ensurePrices({
        monthlyCents: pro.price_monthly_cents,
        yearlyCents: pro.price_yearly_cents,
        currency: 'usd',
      })
    })()
    prices.catch(() => priceCache.delete(stripe))
    priceCache.set(stripe, prices)
  }
  return throughStripe(() => prices)
}

const isLive = (account: BillingAccountRow | undefined): account is BillingAccountRow & { subscription_id: string } =>
  Boolean(account?.subscription_id && isLiveStatus(account.status))

const paidPlanOf = (account: BillingAccountRow | undefined): PaidPlan | null => {
  if (!isLive(account) || account.period_end === null) return null
  return {
    status: account.status ?? 'active',
    billing_frequency: frequencyOf(account.interval === 'year' ? 'year' : 'month'),
    period_end: new Date(account.period_end).toISOString(),
    cancel_at_period_end: account.cancel_at_period_end === 1,
    amount_cents: account.amount_cents,
    currency: account.currency,
    card_last4: account.card_last4,
    grace_ends_at:
      account.past_due_since === null ? null : new Date(account.past_due_since + GRACE_DAYS * DAY).toISOString(),
  }
}

/** Stripe's state written to the account, and the plan made to follow, in one transaction; then the mails. */
const applyStripeState = async (deps: Deps, userId: string, view: SubscriptionView) => {
  const { database } = deps
  const now = deps.clock.now()
  const mails = await database.db.transaction().execute(async (trx) => {
    await takeWriteLock(trx, database.dialect)
    return syncPaidPlan(reposOf(trx), userId, view, now, deps.config.appUrl)
  })
  // Its notices (a paid plan, a plan ended, a plan change) in the bell.
  await publishUnread(deps, [userId])
  await sendWritten(deps, mails)
}

/** The account's live Stripe subscription, or a 409 saying there is none to act on. */
const liveAccount = async (deps: Deps, userId: string) => {
  const account = await deps.repos.billing.accountOf(userId)
  if (!isLive(account))
    throw new Failure(
      'conflict',
      'You have no paid plan to change. Choose Pro Monthly or Pro Yearly on the upgrade page.',
    )
  return account
}

export const billingOverview = async (deps: Deps, userId: string): Promise<BillingOverview> => {
  const now = deps.clock.now()
  const subscription = await currentSubscription(deps.repos, userId, now)
  const account = await deps.repos.billing.accountOf(userId)
  let invoices: Invoice[] = []
  let stripe_error: string | null = null
  if (deps.stripe && account)
    try {
      invoices = (await deps.stripe.listInvoices(account.customer_id, 24))
        .filter((invoice) => invoice.status !== 'draft')
        .map((invoice) => ({
          id: invoice.id,
          number: invoice.number,
          date: new Date(invoice.created).toISOString(),
          amount_cents: invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue,
          currency: invoice.currency,
          status: invoice.status,
          pdf_url: invoice.pdfUrl,
        }))
    } catch (error) {
      stripe_error = `Your invoices could not be read from Stripe just now: ${(asFailure(error) as Error).message}`
    }
  const trialEnd = subscription.is_free_trial && subscription.validity_end_date
  return {
    mode: deps.stripe ? 'stripe' : 'off',
    subscription,
    trial_days_left: trialEnd ? trialDaysLeft(Date.parse(trialEnd), now) : null,
    trial_available: !(await deps.repos.subscriptions.hasHadTrial(userId)),
    paid: paidPlanOf(account),
    invoices,
    stripe_error,
  }
}

/** The account's Stripe customer, made on its first checkout. */
const customerOf = async (deps: Deps, stripe: StripeGateway, userId: string): Promise<string> => {
  const existing = await deps.repos.billing.accountOf(userId)
  if (existing) return existing.customer_id
  const user = await deps.repos.users.findById(userId)
  if (!user) throw new Failure('not_found', 'Account not found.')
  const customerId = await throughStripe(() =>
    stripe.createCustomer(
      { email: user.email, name: user.name, userId },
      // Two checkouts started at once make one customer.
      { idempotencyKey: `vigil-customer-${userId}` },
    ),
  )
  await deps.repos.billing.insertAccount({
    user_id: userId,
    customer_id: customerId,
    cancel_at_period_end: 0,
    updated_at: deps.clock.now(),
  })
  return ((await deps.repos.billing.accountOf(userId)) as BillingAccountRow).customer_id
}

/** A Stripe Checkout page for Pro, monthly or yearly; the plan changes when Stripe's webhook confirms payment. */
export const startCheckout = async (deps: Deps, userId: string, frequency: BillingFrequency) => {
  const stripe = stripeOf(deps)
  if (isLive(await deps.repos.billing.accountOf(userId)))
    throw new Failure(
      'conflict',
      'You already pay for Pro. Switch between monthly and yearly, or cancel, on the Billing page.',
    )
  const customerId = await customerOf(deps, stripe, userId)
  const prices = await proPrices(deps, stripe)
  const appUrl = deps.config.appUrl
  return throughStripe(() =>
    stripe.createCheckoutSession({
      customerId,
      userId,
      priceId: frequency === 'Yearly' ? prices.yearly : prices.monthly,
      successUrl: `${appUrl}/upgrade_to_pro?checkout=done`,
      cancelUrl: `${appUrl}/upgrade_to_pro?checkout=cancelled`,
    }),
  )
}

/** Stripe's customer portal, to change the card or read invoices; back to Billing after. */
export const openPortal = async (deps: Deps, userId: string) => {
  const stripe = stripeOf(deps)
  const account = await deps.repos.billing.accountOf(userId)
  if (!account) throw new Failure('conflict', 'You have no payment details yet: they are added when you pay for Pro.')
  const url = await throughStripe(() =>
    stripe.createPortalSession({ customerId: account.customer_id, returnUrl: `${deps.config.appUrl}/subscriptions` }),
  )
  return { url }
}

export const switchFrequency = async (deps: Deps, userId: string, frequency: BillingFrequency) => {
  const stripe = stripeOf(deps)
  const account = await liveAccount(deps, userId)
  const prices = await proPrices(deps, stripe)
  const view = await throughStripe(() =>
    stripe.switchInterval(account.subscription_id, frequency === 'Yearly' ? prices.yearly : prices.monthly),
  )
  await applyStripeState(deps, userId, view)
  return billingOverview(deps, userId)
}

/** Cancels at the end of the period paid for, or takes that back before then. */
export const setCancelAtPeriodEnd = async (deps: Deps, userId: string, cancel: boolean) => {
  const stripe = stripeOf(deps)
  const account = await liveAccount(deps, userId)
  const view = await throughStripe(() => stripe.setCancelAtPeriodEnd(account.subscription_id, cancel))
  await applyStripeState(deps, userId, view)
  return billingOverview(deps, userId)
}

/** Basic now: a paid plan is cancelled at Stripe (no refund), a trial or a free Pro simply ends; the new terms. */
export const downgradeToBasic = async (deps: Deps, userId: string) => {
  const account = await deps.repos.billing.accountOf(userId)
  if (deps.stripe && isLive(account)) {
    const stripe = deps.stripe
    const view = await throughStripe(() => stripe.cancelNow(account.subscription_id))
    await applyStripeState(deps, userId, view)
  }
  const now = deps.clock.now()
  const current = await currentSubscription(deps.repos, userId, now)
  if (current.title === 'Basic') return current
  const basic = await changePlan(
    deps.database,
    userId,
    { title: 'Basic', billing_frequency: 'Monthly', is_free_trial: false },
    now,
  )
  await publishUnread(deps, [userId])
  return basic
}

/** The customer and subscription an event is about; null for events billing does not follow. */
const aboutOf = (event: Stripe.Event): { customerId: string; subscriptionId: string | null } | null => {
  const idOf = (value: unknown): string | null =>
    typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? String(value.id) : null
  const object = event.data.object as unknown as Record<string, unknown>
  const customerId = idOf(object.customer)
  if (!customerId) return null
  switch (event.type) {
    case 'checkout.session.completed':
      return { customerId, subscriptionId: idOf(object.subscription) }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null
      return { customerId, subscriptionId: idOf(parent?.subscription_details?.subscription) }
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { customerId, subscriptionId: idOf(object.id) }
    default:
      return null
  }
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored'

/**
 * One call of Stripe's webhook: the signature checked on the raw body (400 when it fails, nothing changed), the
 * event processed once (its id recorded in the same transaction as its effect) from a fresh read of the
 * subscription. A failure to read Stripe answers 503, and Stripe calls again later.
 */
export const receiveWebhook = async (
  deps: Deps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> => {
  if (!deps.stripe) throw new Failure('not_found', BILLING_OFF)
  const stripe = deps.stripe
  let event: Stripe.Event
  try {
    event = stripe.parseWebhook(rawBody, signature)
  } catch (error) {
    if (error instanceof StripeWebhookError) throw new Failure('invalid', error.message)
    throw error
  }
  const about = aboutOf(event)
  const account = about && (await deps.repos.billing.accountOfCustomer(about.customerId))
  const view =
    account && about?.subscriptionId
      ? await throughStripe(() => stripe.getSubscription(about.subscriptionId ?? ''))
      : null
  const now = deps.clock.now()
  const { database } = deps
  const result = await database.db.transaction().execute(async (trx) => {
    await takeWriteLock(trx, database.dialect)
    const r = reposOf(trx)
    const fresh = await r.billing.recordEvent({
      event_id: event.id,
      type: event.type,
      user_id: account?.user_id ?? null,
      received_at: now,
    })
    if (!fresh) return { outcome: 'duplicate' as const, mails: [] }
    if (!account || !view || view.customerId !== account.customer_id) return { outcome: 'ignored' as const, mails: [] }
    const mails = await syncPaidPlan(r, account.user_id, view, now, deps.config.appUrl)
    if (event.type === 'invoice.payment_failed') {
      const since = (await r.billing.accountOf(account.user_id))?.past_due_since ?? now
      mails.push(
        await tell(r, account.user_id, billingNotice.paymentFailed(since + GRACE_DAYS * DAY), now, deps.config.appUrl),
      )
    }
    return { outcome: 'processed' as const, mails }
  })
  if (result.outcome === 'processed' && account) await publishUnread(deps, [account.user_id])
  await sendWritten(deps, result.mails)
  return result.outcome
}
