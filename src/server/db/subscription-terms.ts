import type { Plan, PlanTitle } from '@vigil/domain/plan'
import { isExpired, type Subscription, validityEnd } from '@vigil/domain/subscription'
import { Failure } from '../errors.ts'
import { newId } from '../ids.ts'
import type { Repos } from './repos/index.ts'
import type { SubscriptionRow } from './repos/subscriptions.repo.ts'

// A user's plan terms as rows: a new subscription, and the one in force now (a Pro validity that ran out
// falls back to Basic). The engine reads it for retention, services for plan limits and locks.

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

/** The Basic term that follows one that ran out; its id derives from the expired one, so it is written once. */
export const basicAfter = (
  expired: Pick<SubscriptionRow, 'subscription_id' | 'user_id' | 'ends_at'>,
  basicPlanId: string,
  now: number,
): SubscriptionRow => ({
  subscription_id: `${expired.subscription_id}-basic`,
  user_id: expired.user_id,
  plan_id: basicPlanId,
  billing_frequency: 'Monthly',
  is_free_trial: 0,
  starts_at: expired.ends_at ?? now,
  ends_at: null,
  created_at: now,
})

/**
 * The user's current subscription. When a Pro validity (trial, month or year) has run out, the user is on Basic
 * from that moment; the billing sweep (services/billing-sweep.ts) writes that term and applies the plan to what
 * the user has, and until it has, the term is read here as it will be written.
 */
export const currentSubscription = async (repos: Repos, userId: string, now: number): Promise<Subscription> => {
  let row = await repos.subscriptions.latestOfUser(userId)
  if (!row) throw new Failure('not_found', 'No subscription found for this account.')
  if (isExpired(row.ends_at, now)) {
    const basic = await repos.plans.findByTitle('Basic')
    if (!basic) throw new Error('the Basic plan is missing from the plans table')
    row = basicAfter(row, basic.plan_id, now)
  }
  const plan = await repos.plans.findById(row.plan_id)
  if (!plan) throw new Error(`plan ${row.plan_id} is missing from the plans table`)
  return toSubscription(row, plan)
}
