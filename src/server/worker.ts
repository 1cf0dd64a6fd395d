import { join } from 'node:path'
import { systemClock } from './clock.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'
import { buildDeps } from './deps.ts'
import { startEngine } from './engine/engine.ts'
import { consoleLogger as logger } from './logger.ts'
import { billingSweepJob } from './services/billing-sweep.ts'
import { reportSweepJob } from './services/report-schedules.service.ts'

// A check worker without the HTTP server: run several of them (and servers with RUN_CHECKS=false) on one
// PostgreSQL database; each monitor is leased to one of them at a time.
const config = loadConfig()
const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, 'app.db') })
await migrateToLatest(database)
const deps = buildDeps({ database, config, clock: systemClock, logger })
// The worker's results reach the pages of the server processes through NOTIFY (the hub publishes; it needs no LISTEN
// here, since a worker serves no page).
const engine = startEngine({ ...deps, jobs: [billingSweepJob(deps), reportSweepJob(deps)] })
logger.info('check worker started', { database: database.dialect, worker: engine.scheduler.workerId })

const shutdown = () => {
  logger.info('worker stopping')
  setTimeout(() => process.exit(0), 20_000).unref()
  void engine
    .stop()
    .then(() => deps.live.stop())
    .then(() => database.close())
    .then(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
