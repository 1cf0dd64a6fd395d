import { join } from 'node:path'
import { createSecretBox, loadSecretKey } from './auth/secret-box.ts'
import { gatewayFromConfig } from './billing/stripe-gateway.ts'
import type { Clock } from './clock.ts'
import { type CloudProviderOptions, createCloudProviders } from './cloud/providers.ts'
import type { Config } from './config.ts'
import type { Database } from './db/database.ts'
import { type Repos, repos as reposOf } from './db/repos/index.ts'
import { checkRunner } from './engine/check-runner.ts'
import { cloudFacts } from './engine/cloud-facts.ts'
import { createCloudSync } from './engine/cloud-sync.ts'
import { createRecorder } from './engine/recorder.ts'
import { createLive } from './live/live.ts'
import type { Logger } from './logger.ts'
import { systemResolveHost } from './net/target-screen.ts'
import { channelContext, createDeliveryWorker } from './notify/delivery-worker.ts'
import { createMailer } from './notify/mailer.ts'
import { pageSourceOf, pagesInThread, pageThreads } from './read-model/monitor-pages.ts'
import type { Deps } from './services/deps.ts'

/** The real dependencies of the app and the workers over one database. */
/**
 * The list's pages made by threads of their own on a SQLite file, else in the serving thread
 * (read-model/monitor-pages.ts).
 */
const monitorPagesOf = (deps: { repos: Repos; database: Database }, threads: number, logger: Logger) => {
  const source = pageSourceOf(deps.database)
  return threads > 0 && source ? pageThreads(source, threads, logger) : pagesInThread(deps)
}

export const buildDeps = (opts: {
  database: Database
  config: Config
  clock: Clock
  logger: Logger
  recorderFlushMs?: number
  /** For tests: host names answered from a table, a key of their own, cloud clients pointed at loopback servers. */
  resolveHost?: Deps['resolveHost']
  secretKey?: Uint8Array
  cloud?: CloudProviderOptions
}): Deps => {
  const { database, config, clock, logger } = opts
  const repos = reposOf(database.db)
  const deliveries = createDeliveryWorker({ database, logger, channels: () => channelContext(config), clock })
  const secrets = createSecretBox(
    opts.secretKey ?? loadSecretKey({ secretKey: config.secretKey, keyFile: join(config.dataDir, 'secret.key') }),
  )
  const cloud = createCloudProviders(opts.cloud)
  // Started (PostgreSQL's LISTEN) and stopped by the process: main.ts, worker.ts.
  const live = createLive({ database, logger })
  return {
    database,
    repos,
    clock,
    logger,
    config,
    mailer: createMailer({ repos, deliveries, clock, logger }),
    runCheck: checkRunner(config, cloudFacts(repos)),
    recorder: createRecorder({
      database,
      clock,
      logger,
      appUrl: config.appUrl,
      flushMs: opts.recorderFlushMs,
      publish: live.publishAll,
    }),
    deliveries,
    resolveHost: opts.resolveHost ?? systemResolveHost,
    secrets,
    cloud,
    cloudSync: createCloudSync({
      database,
      clock,
      logger,
      secrets,
      syncers: cloud.sync,
      config: config.cloud,
      publish: live.publishAll,
    }),
    stripe: gatewayFromConfig(config.billing, clock.now),
    live,
    monitorPages: monitorPagesOf({ repos, database }, config.listThreads, logger),
  }
}
