import type { PlanTitle } from '../../domain/plan.ts'
import { isLocked, premiumTooltip } from '../../domain/plan.ts'
import type { Subscription } from '../../domain/subscription.ts'
import { type Database, takeWriteLock } from '../db/database.ts'
import { type Repos, repos as reposOf } from '../db/repos/index.ts'
import { currentSubscription, newSubscriptionRow } from '../db/subscription-terms.ts'
import { Failure } from '../errors.ts'
import { applyPlan } from './plan-change.ts'

export { currentSubscription, newSubscriptionRow }

/** The server's own guard for a plan-locked feature: 403 with the spec's tooltip text. */
export const assertFeature = async (repos: Repos, userId: string, feature: string, now: number) => {
  const subscription = await currentSubscription(repos, userId, now)
  if (isLocked(subscription.plan.planAccesses, feature)) throw new Failure('forbidden', premiumTooltip(feature))
  return subscription
}

/**
 * Starts new terms now, the Pro free trial only once per account, and applies the plan to what the user has
 * (plan-change.ts: over a lower limit paused or unpublished, back when there is room), all in one transaction.
 */
export const changePlan = async (
  database: Database,
  userId: string,
  terms: { title: PlanTitle; billing_frequency: 'Monthly' | 'Yearly'; is_free_trial: boolean },
  now: number,
): Promise<Subscription> =>
  database.db.transaction().execute(async (trx) => {
    await takeWriteLock(trx, database.dialect)
    const r = reposOf(trx)
    if (terms.is_free_trial && (await r.subscriptions.hasHadTrial(userId)))
      throw new Failure('conflict', 'Your free trial has already been used. Choose Pro Monthly or Pro Yearly.', {
        is_free_trial: 'The free trial has already been used.',
      })
    await r.subscriptions.insert(newSubscriptionRow(await r.plans.list(), userId, terms, now))
    const subscription = await currentSubscription(r, userId, now)
    await applyPlan(r, userId, subscription, now)
    return subscription
  })
