import { join } from 'node:path'
import { createApp } from './app.ts'
import { systemClock } from './clock.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'
import { buildDeps } from './deps.ts'
import { startEngine } from './engine/engine.ts'
import { listen } from './http/listen.ts'
import { consoleLogger as logger } from './logger.ts'
import { billingSweepJob } from './services/billing-sweep.ts'
import { reportSweepJob } from './services/report-schedules.service.ts'
import { mountSpa } from './static.ts'

const config = loadConfig()
const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, 'app.db') })
await migrateToLatest(database)
const deps = buildDeps({ database, config, clock: systemClock, logger })
const { repos } = deps
// Live events from every process that writes (PostgreSQL's LISTEN; nothing to start on SQLite).
await deps.live.start()

const app = createApp(deps)
if (!mountSpa(app, config.staticDir))
  logger.warn('no built front end found; run `npm run build`', { dir: config.staticDir })

// Expired sessions and old rate-limit windows are swept hourly.
systemClock.every(3_600_000, () => {
  const now = systemClock.now()
  Promise.all([repos.sessions.deleteExpired(now), repos.rateLimits.deleteStale(now - 86_400_000)]).catch((err) =>
    logger.error('sweep failed', { error: String(err) }),
  )
})

const engine = config.runChecks ? startEngine({ ...deps, jobs: [billingSweepJob(deps), reportSweepJob(deps)] }) : null

const server = listen(app.fetch, { port: config.port, hostname: config.host }, (info) =>
  logger.info(`listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${info.port}`, {
    database: database.dialect,
    checks: config.runChecks ? 'running in this process' : 'left to workers',
  }),
)

// Running checks finish and their results are written before the database closes: nothing is lost.
const shutdown = () => {
  logger.info('shutting down')
  setTimeout(() => process.exit(0), 20_000).unref()
  server.close()
  void (engine?.stop() ?? Promise.resolve())
    .then(() => deps.recorder.flush())
    .then(() => deps.live.stop())
    .then(() => deps.monitorPages.close())
    .then(() => database.close())
    .then(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
