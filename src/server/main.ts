import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { systemClock } from './clock.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/database.ts'
import { migrateToLatest } from './db/migrate.ts'
import { repos as reposOf } from './db/repos/index.ts'
import { consoleLogger as logger } from './logger.ts'
import { createMailer } from './mail/mailer.ts'
import { mountSpa } from './static.ts'

const config = loadConfig()
const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, 'app.db') })
await migrateToLatest(database)
const repos = reposOf(database.db)
const mailer = createMailer({ outbox: repos.mailOutbox, clock: systemClock, logger, smtp: config.smtp })

const app = createApp({ database, repos, clock: systemClock, mailer, logger, config })
if (!mountSpa(app, config.staticDir))
  logger.warn('no built front end found; run `npm run build`', { dir: config.staticDir })

// Expired sessions and old rate-limit windows are swept hourly.
const sweep = setInterval(() => {
  const now = systemClock.now()
  Promise.all([repos.sessions.deleteExpired(now), repos.rateLimits.deleteStale(now - 86_400_000)]).catch((err) =>
    logger.error('sweep failed', { error: String(err) }),
  )
}, 3_600_000)
sweep.unref()

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) =>
  logger.info(`listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${info.port}`, {
    database: database.dialect,
  }),
)

const shutdown = () => {
  logger.info('shutting down')
  server.close(() => void database.close().then(() => process.exit(0)))
  setTimeout(() => process.exit(0), 5000).unref()
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
