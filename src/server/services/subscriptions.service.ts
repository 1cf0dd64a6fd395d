import type { PlanTitle } from '@vigil/domain/plan'
import { isLocked, premiumTooltip } from '@vigil/domain/plan'
import type { Subscription } from '@vigil/domain/subscription'
import { type Database, takeWriteLock } from '../db/database.ts'
import { type Repos, repos as reposOf } from '../db/repos/index.ts'
import { currentSubscription, newSubscriptionRow } from '../db/subscription-terms.ts'
import { Failure } from '../errors.ts'
import { publishUnread } from '../live/notices.ts'
import type { Deps } from './deps.ts'
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

/** A user's plan as the routes ask about it: the current terms, a feature's guard, a change, the plans on offer. */
export const subscriptionsService = (deps: Pick<Deps, 'database' | 'repos' | 'clock' | 'live' | 'logger'>) => {
  const { database, repos, clock } = deps
  return {
    current: (userId: string) => currentSubscription(repos, userId, clock.now()),
    assertFeature: (userId: string, feature: string) => assertFeature(repos, userId, feature, clock.now()),
    /** changePlan, then the plan change's notice told to the bell of the user's other tabs. */
    async change(userId: string, terms: Parameters<typeof changePlan>[2]): Promise<Subscription> {
      const subscription = await changePlan(database, userId, terms, clock.now())
      await publishUnread(deps, [userId])
      return subscription
    },
    plans: () => repos.plans.list(),
  }
}
