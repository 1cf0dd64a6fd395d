import type { Clock } from './clock.ts'
import type { Config } from './config.ts'
import type { Database } from './db/database.ts'
import { repos as reposOf } from './db/repos/index.ts'
import { checkRunner } from './engine/check-runner.ts'
import { createRecorder } from './engine/recorder.ts'
import type { Deps } from './http/env.ts'
import type { Logger } from './logger.ts'
import { createMailer } from './mail/mailer.ts'
import { channelContext, createDeliveryWorker } from './notify/delivery-worker.ts'

/** The real dependencies of the app and the workers over one database. */
export const buildDeps = (opts: {
  database: Database
  config: Config
  clock: Clock
  logger: Logger
  recorderFlushMs?: number
}): Deps => {
  const { database, config, clock, logger } = opts
  const repos = reposOf(database.db)
  return {
    database,
    repos,
    clock,
    logger,
    config,
    mailer: createMailer({ outbox: repos.mailOutbox, clock, logger, smtp: config.smtp }),
    runCheck: checkRunner(config),
    recorder: createRecorder({ database, clock, logger, appUrl: config.appUrl, flushMs: opts.recorderFlushMs }),
    deliveries: createDeliveryWorker({ database, logger, channels: () => channelContext(config), now: clock.now }),
  }
}
