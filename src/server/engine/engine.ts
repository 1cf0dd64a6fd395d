import type { Clock } from '../clock.ts'
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
  /** Work the composition adds to the engine's rounds (the billing sweep). */
  jobs?: readonly PeriodicJob[]
}

/** Work run every `everyMs` where the engine runs, one run at a time; stopping waits for the run under way. */
export interface PeriodicJob {
  name: string
  everyMs: number
  run(): Promise<unknown>
}

/** A job on the clock: never two runs at once, a failure logged; `stop` ends it once its run under way is done. */
const schedule = (job: PeriodicJob, clock: Clock, logger: Logger) => {
  let running: Promise<unknown> | null = null
  const tick = () => {
    running ??= job
      .run()
      .catch((error) => logger.error(`${job.name} failed`, { error: String(error) }))
      .finally(() => {
        running = null
      })
  }
  const cancel = clock.every(job.everyMs, tick)
  tick()
  return async () => {
    cancel()
    await running
  }
}

/** The check scheduler, the sending of alerts, the hourly pruning and the jobs given, as `npm start` and `npm run worker` run them. */
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
  const stopJobs = (deps.jobs ?? []).map((job) => schedule(job, deps.clock, deps.logger))
  return {
    scheduler,
    stop: async (graceMs?: number) => {
      stopPruning()
      await Promise.all(stopJobs.map((stop) => stop()))
      await deps.cloudSync.stop()
      await scheduler.stop(graceMs)
      await deps.deliveries.stop()
    },
  }
}
