import { sweepBilling } from '../billing/billing-sweep.ts'
import type { Clock } from '../clock.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import type { Repos } from '../db/repos/index.ts'
import type { Logger } from '../logger.ts'
import type { DeliveryWorker } from '../notify/delivery-worker.ts'
import type { CloudSync } from './cloud-sync.ts'
import type { Recorder } from './recorder.ts'
import { pruneHistory } from './retention.ts'
import { createScheduler, type RunCheck, type SchedulerOptions } from './scheduler.ts'

/** What a process that runs checks needs. */
export interface EngineDeps {
  database: Database
  repos: Repos
  clock: Clock
  logger: Logger
  recorder: Recorder
  deliveries: DeliveryWorker
  runCheck: RunCheck
  cloudSync: CloudSync
  config: Pick<Config, 'appUrl'>
}

/** How often the plan's calendar (trial reminders, terms that ran out) is looked at. */
export const BILLING_SWEEP_MS = 60_000

/** The check scheduler, the sending of alerts, the hourly pruning and the billing sweep, as `npm start` and `npm run worker` run them. */
export const startEngine = (deps: EngineDeps, options: Partial<SchedulerOptions> = {}) => {
  const scheduler = createScheduler({
    database: deps.database,
    recorder: deps.recorder,
    logger: deps.logger,
    runCheck: deps.runCheck,
    clock: deps.clock,
    ...options,
  })
  scheduler.start()
  deps.deliveries.start()
  deps.cloudSync.start()
  const prune = () =>
    pruneHistory(deps).catch((error) => deps.logger.error('pruning history failed', { error: String(error) }))
  const stopPruning = deps.clock.every(3_600_000, prune)
  void prune()
  // One sweep at a time; stopping waits for the one under way, so its transaction ends before the database closes.
  let sweeping: Promise<unknown> | null = null
  const sweep = () => {
    sweeping ??= sweepBilling({ ...deps, appUrl: deps.config.appUrl })
      .catch((error) => deps.logger.error('billing sweep failed', { error: String(error) }))
      .finally(() => {
        sweeping = null
      })
  }
  const stopSweeping = deps.clock.every(BILLING_SWEEP_MS, sweep)
  sweep()
  return {
    scheduler,
    stop: async (graceMs?: number) => {
      stopPruning()
      stopSweeping()
      await sweeping
      await deps.cloudSync.stop()
      await scheduler.stop(graceMs)
      await deps.deliveries.stop()
    },
  }
}
