import { PERIOD_MS, ROLLUP_RETENTION_MS } from '@vigil/domain/uptime'
import type { Clock } from '../clock.ts'
import type { Repos } from '../db/repos/index.ts'
import { currentSubscription } from '../db/subscription-terms.ts'

const DAY = PERIOD_MS.day

/** How long sent and failed alert deliveries are kept for the Integrations page. */
export const DELIVERY_RETENTION_MS = 90 * DAY

/**
 * Drops what is past its keeping: raw results after the owner's plan retention, rollups after the time the
 * charts need them. Runs hourly in every process that runs checks; deleting twice is harmless.
 */
export const pruneHistory = async ({ repos, clock }: { repos: Repos; clock: Clock }) => {
  const now = clock.now()
  await repos.deliveries.prune(now - DELIVERY_RETENTION_MS)
  await repos.reports.pruneSends(now - DELIVERY_RETENTION_MS)
  await repos.oauthStates.deleteExpired(now)
  await repos.twoFactor.deleteExpiredChallenges(now)
  for (const period of ['minute', 'hour', 'day'] as const)
    await repos.rollups.prune(period, now - ROLLUP_RETENTION_MS[period])
  for (const { user_id, monitor_ids } of await repos.monitors.idsByUser()) {
    const subscription = await currentSubscription(repos, user_id, now).catch(() => null)
    const days = subscription?.plan.limits.retention_days ?? 30
    await repos.checkResults.prune(monitor_ids, now - days * DAY)
  }
}
