import type { Plan, PlanTitle } from '../../domain/plan.ts'
import { isLocked, premiumTooltip } from '../../domain/plan.ts'
import { isExpired, type Subscription, validityEnd } from '../../domain/subscription.ts'
import type { Repos } from '../db/repos/index.ts'
import type { SubscriptionRow } from '../db/repos/subscriptions.repo.ts'
import { ApiError } from '../http/errors.ts'
import { newId } from '../ids.ts'

const iso = (ms: number) => new Date(ms).toISOString()

const toSubscription = (row: SubscriptionRow, plan: Plan): Subscription => ({
  subscription_id: row.subscription_id,
  title: plan.title,
  billing_frequency: row.billing_frequency === 'Yearly' ? 'Yearly' : 'Monthly',
  is_free_trial: row.is_free_trial === 1,
  start_date: iso(row.starts_at),
  validity_end_date: row.ends_at === null ? null : iso(row.ends_at),
  plan,
})

export const newSubscriptionRow = (
  plans: Plan[],
  userId: string,
  terms: { title: PlanTitle; billing_frequency: 'Monthly' | 'Yearly'; is_free_trial: boolean },
  start: number,
): SubscriptionRow => {
  const plan = plans.find((p) => p.title === terms.title)
  if (!plan) throw new Error(`plan ${terms.title} is missing from the plans table`)
  return {
    subscription_id: newId(),
    user_id: userId,
    plan_id: plan.plan_id,
    billing_frequency: terms.billing_frequency,
    is_free_trial: terms.is_free_trial ? 1 : 0,
    starts_at: start,
    ends_at: validityEnd(terms, start),
    created_at: start,
  }
}

/**
 * The user's current subscription. When a Pro validity (trial, month or year) has run out, the user falls
 * back to Basic from that moment; the fallback row's id derives from the expired one, so concurrent
 * requests write it once.
 */
export const currentSubscription = async (repos: Repos, userId: string, now: number): Promise<Subscription> => {
  let row = await repos.subscriptions.latestOfUser(userId)
  if (!row) throw new ApiError(404, 'No subscription found for this account.')
  if (isExpired(row.ends_at, now)) {
    const basic = await repos.plans.findByTitle('Basic')
    if (!basic) throw new Error('the Basic plan is missing from the plans table')
    const fallback: SubscriptionRow = {
      subscription_id: `${row.subscription_id}-basic`,
      user_id: userId,
      plan_id: basic.plan_id,
      billing_frequency: 'Monthly',
      is_free_trial: 0,
      starts_at: row.ends_at ?? now,
      ends_at: null,
      created_at: now,
    }
    await repos.subscriptions.insertIgnoringDuplicate(fallback)
    row = fallback
  }
  const plan = await repos.plans.findById(row.plan_id)
  if (!plan) throw new Error(`plan ${row.plan_id} is missing from the plans table`)
  return toSubscription(row, plan)
}

/** The server's own guard for a plan-locked feature: 403 with the spec's tooltip text. */
export const assertFeature = async (repos: Repos, userId: string, feature: string, now: number) => {
  const subscription = await currentSubscription(repos, userId, now)
  if (isLocked(subscription.plan.planAccesses, feature)) throw new ApiError(403, premiumTooltip(feature))
  return subscription
}

/** Starts new terms now; the Pro free trial only once per account. */
export const changePlan = async (
  repos: Repos,
  userId: string,
  terms: { title: PlanTitle; billing_frequency: 'Monthly' | 'Yearly'; is_free_trial: boolean },
  now: number,
): Promise<Subscription> => {
  if (terms.is_free_trial && (await repos.subscriptions.hasHadTrial(userId)))
    throw new ApiError(409, 'Your free trial has already been used. Choose Pro Monthly or Pro Yearly.', {
      is_free_trial: 'The free trial has already been used.',
    })
  const row = newSubscriptionRow(await repos.plans.list(), userId, terms, now)
  await repos.subscriptions.insert(row)
  return currentSubscription(repos, userId, now)
}
