import type { Deps } from '../http/env.ts'
import { pruneHistory } from './retention.ts'
import { createScheduler, type SchedulerOptions } from './scheduler.ts'

/** The check scheduler, the sending of alerts and the hourly pruning, as `npm start` and `npm run worker` run them. */
export const startEngine = (deps: Deps, options: Partial<SchedulerOptions> = {}) => {
  const scheduler = createScheduler({
    database: deps.database,
    recorder: deps.recorder,
    logger: deps.logger,
    runCheck: deps.runCheck,
    ...options,
  })
  scheduler.start()
  deps.deliveries.start()
  const prune = () =>
    pruneHistory(deps).catch((error) => deps.logger.error('pruning history failed', { error: String(error) }))
  const pruning = setInterval(prune, 3_600_000)
  pruning.unref()
  void prune()
  return {
    scheduler,
    stop: async (graceMs?: number) => {
      clearInterval(pruning)
      await scheduler.stop(graceMs)
      await deps.deliveries.stop()
    },
  }
}
