import type { PlanTitle } from '../../domain/plan.ts'
import { isLocked, premiumTooltip } from '../../domain/plan.ts'
import type { Subscription } from '../../domain/subscription.ts'
import type { Repos } from '../db/repos/index.ts'
import { currentSubscription, newSubscriptionRow } from '../db/subscription-terms.ts'
import { Failure } from '../errors.ts'

export { currentSubscription, newSubscriptionRow }

/** The server's own guard for a plan-locked feature: 403 with the spec's tooltip text. */
export const assertFeature = async (repos: Repos, userId: string, feature: string, now: number) => {
  const subscription = await currentSubscription(repos, userId, now)
  if (isLocked(subscription.plan.planAccesses, feature)) throw new Failure('forbidden', premiumTooltip(feature))
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
    throw new Failure('conflict', 'Your free trial has already been used. Choose Pro Monthly or Pro Yearly.', {
      is_free_trial: 'The free trial has already been used.',
    })
  const row = newSubscriptionRow(await repos.plans.list(), userId, terms, now)
  await repos.subscriptions.insert(row)
  return currentSubscription(repos, userId, now)
}
