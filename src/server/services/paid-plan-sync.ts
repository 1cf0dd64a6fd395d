import { billingNotice, isLiveStatus, paidTerms } from '@vigil/domain/billing'
import { isExpired } from '@vigil/domain/subscription'
import type { SubscriptionView } from '../billing/stripe-mapping.ts'
import type { Repos } from '../db/repos/index.ts'
import { basicAfter, currentSubscription, newSubscriptionRow } from '../db/subscription-terms.ts'
import { tell } from './billing-notices.ts'
import { applyPlan } from './plan-change.ts'

// Stripe's subscription, as read now, made the account's plan: inside the caller's transaction, the billing row
// takes Stripe's state and the plan follows the domain's paidTerms. Reading the subscription fresh for every
// event (rather than trusting what each event carries) is what makes events safe in any order and any number of
// times: the outcome depends only on Stripe's current state.

export const syncPaidPlan = async (
  r: Repos,
  userId: string,
  view: SubscriptionView,
  now: number,
  appUrl: string,
): Promise<(string | null)[]> => {
  const account = await r.billing.accountOf(userId)
  if (!account) return []
  // An event about an older subscription (cancelled when the account paid again) does not undo the live one.
  if (account.subscription_id && account.subscription_id !== view.id && !isLiveStatus(view.status)) return []
  const pastDueSince = view.status === 'past_due' ? (account.past_due_since ?? now) : null
  await r.billing.updateAccount(userId, {
    subscription_id: view.id,
    status: view.status,
    interval: view.interval,
    period_end: view.currentPeriodEnd,
    cancel_at_period_end: view.cancelAtPeriodEnd ? 1 : 0,
    amount_cents: view.unitAmount,
    currency: view.currency,
    card_last4: view.defaultPaymentMethodLast4 ?? account.card_last4,
    past_due_since: pastDueSince,
    updated_at: now,
  })

  const terms = paidTerms({
    status: view.status,
    interval: view.interval,
    periodEnd: view.currentPeriodEnd,
    cancelAtPeriodEnd: view.cancelAtPeriodEnd,
    pastDueSince,
  })
  if (terms === null) return []
  const current = await currentSubscription(r, userId, now)
  const latest = await r.subscriptions.latestOfUser(userId)
  const paidPro = current.title === 'Pro' && !current.is_free_trial
  if (terms.plan === 'Pro') {
    if (paidPro && current.billing_frequency === terms.billing_frequency && latest && !isExpired(latest.ends_at, now)) {
      // The same term, renewed, in grace or set to end: only its end moves.
      if (latest.ends_at !== terms.endsAt) await r.subscriptions.setEndsAt(latest.subscription_id, terms.endsAt)
      return []
    }
    const row = newSubscriptionRow(
      await r.plans.list(),
      userId,
      { title: 'Pro', billing_frequency: terms.billing_frequency, is_free_trial: false },
      now,
    )
    await r.subscriptions.insert({ ...row, ends_at: terms.endsAt })
    // A switch of monthly and yearly is not news; a new paid plan is, with what it brought back in the same notice.
    const effects = await applyPlan(r, userId, await currentSubscription(r, userId, now), now, { tell: paidPro })
    if (paidPro) return []
    return [
      await tell(r, userId, billingNotice.paid(terms.billing_frequency, view.currentPeriodEnd, effects), now, appUrl),
    ]
  }
  // The paid plan is over: Basic from now, unless the account is on a trial or already on Basic.
  if (!paidPro || !latest) return []
  await r.subscriptions.setEndsAt(latest.subscription_id, now)
  return endTerm(r, { ...latest, ends_at: now }, now, appUrl, account.past_due_since !== null)
}

/**
 * A Pro term that has run out, made Basic: the Basic term written (once, whoever gets here first), the plan
 * applied to what the user has, and the user told. Returns the mail to send, or nothing when another worker
 * or request already did it.
 */
export const endTerm = async (
  r: Repos,
  expired: { subscription_id: string; user_id: string; is_free_trial: number; ends_at: number | null },
  now: number,
  appUrl: string,
  paymentFailed = false,
): Promise<(string | null)[]> => {
  if (!(await r.billing.recordNotice(expired.subscription_id, 'ended', now))) return []
  const basic = await r.plans.findByTitle('Basic')
  if (!basic) throw new Error('the Basic plan is missing from the plans table')
  await r.subscriptions.insertIgnoringDuplicate(basicAfter(expired, basic.plan_id, now))
  const subscription = await currentSubscription(r, expired.user_id, now)
  const effects = await applyPlan(r, expired.user_id, subscription, now, { tell: false })
  const told = billingNotice.planEnded(expired.is_free_trial === 1, paymentFailed, effects)
  return [await tell(r, expired.user_id, told, now, appUrl)]
}
