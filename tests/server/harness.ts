import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createApp } from '../../src/server/app.ts'
import { type Config, defaultRateLimits, loadConfig } from '../../src/server/config.ts'
import { type Database, type Dialect, openPostgres, openSqlite } from '../../src/server/db/database.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { repos as reposOf } from '../../src/server/db/repos/index.ts'
import { checkRunner } from '../../src/server/engine/check-runner.ts'
import { createRecorder } from '../../src/server/engine/recorder.ts'
import type { Deps } from '../../src/server/http/env.ts'
import type { Logger } from '../../src/server/logger.ts'
import { createMailer } from '../../src/server/mail/mailer.ts'
import { channelContext, createDeliveryWorker } from '../../src/server/notify/delivery-worker.ts'

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const dialects: Dialect[] = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])]

export interface TestDb {
  database: Database
  /** The SQLite file, or the PostgreSQL URL: for a second connection, as another process would open. */
  file?: string
  url?: string
  drop(): Promise<void>
}

/** A fresh, migrated database: a temp SQLite file, or a new PostgreSQL database made for this test file. */
export const openTestDb = async (dialect: Dialect): Promise<TestDb> => {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-test-'))
    const file = join(dir, 'test.db')
    const database = openSqlite(file)
    await migrateToLatest(database)
    return {
      database,
      file,
      drop: async () => {
        await database.close()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string
  const name = `vigil_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = openPostgres(url.toString(), 4, () => {})
  await migrateToLatest(database)
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close()
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

export const testClock = (start = Date.parse('2026-11-22T09:00:00Z')) => {
  let now = start
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms
    },
    set: (ms: number) => {
      now = ms
    },
  }
}
export type TestClock = ReturnType<typeof testClock>

/** The wall clock, for tests that run the scheduler in real time. */
export const realTimeClock = (): TestClock => ({
  now: () => Date.now(),
  advance: () => {
    throw new Error('a real-time clock cannot be moved')
  },
  set: () => {
    throw new Error('a real-time clock cannot be moved')
  },
})

export const collectingLogger = () => {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = []
  const logger: Logger = {
    info: (message, fields) => lines.push({ level: 'info', message, fields }),
    warn: (message, fields) => lines.push({ level: 'warn', message, fields }),
    error: (message, fields) => lines.push({ level: 'error', message, fields }),
  }
  return { logger, lines }
}

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({}),
  // A lower scrypt cost keeps the suite fast; the hash format and code path are the production ones.
  passwordHashCost: 12,
  rateLimits: defaultRateLimits,
  appUrl: 'http://app.test',
  trustProxy: true,
  // Tests send traffic only to loopback: resolvers, registries and blacklist zones point at a closed local port
  // unless a test starts its own servers.
  network: {
    dnsServers: ['127.0.0.1:9'],
    dnsblZones: ['bl.test'],
    rdapBaseUrl: 'http://127.0.0.1:9/',
    rdapBootstrapUrl: 'http://127.0.0.1:9/dns.json',
    whoisServer: '127.0.0.1:9',
  },
  ...overrides,
})

export const buildTestApp = (database: Database, opts: { config?: Partial<Config>; clock?: TestClock } = {}) => {
  const clock = opts.clock ?? testClock()
  const repos = reposOf(database.db)
  const { logger, lines } = collectingLogger()
  const config = testConfig(opts.config)
  const mailer = createMailer({ outbox: repos.mailOutbox, clock, logger, smtp: config.smtp })
  const recorder = createRecorder({ database, clock, logger, appUrl: config.appUrl, flushMs: 5 })
  const deliveries = createDeliveryWorker({ database, logger, channels: () => channelContext(config), now: clock.now })
  const deps: Deps = {
    database,
    repos,
    clock,
    mailer,
    logger,
    config,
    runCheck: checkRunner(config),
    recorder,
    deliveries,
  }
  const app = createApp(deps)

  let ipCounter = 0
  /** A JSON call; each call comes from a new client address unless `ip` is given. */
  const call = async (
    method: string,
    path: string,
    opts: { body?: unknown; token?: string; cookie?: string; ip?: string; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...opts.headers }
    headers['x-forwarded-for'] = opts.ip ?? `127.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`
    if (opts.body !== undefined) headers['content-type'] ??= 'application/json'
    if (opts.token) headers.authorization = `Bearer ${opts.token}`
    if (opts.cookie) headers.cookie = opts.cookie
    const res = await app.request(path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
    })
    const text = await res.text()
    let json: any
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: res.status, json, text, headers: res.headers }
  }

  let userCounter = 0
  const register = async (over: Record<string, unknown> = {}) => {
    const email = `user${++userCounter}-${randomBytes(3).toString('hex')}@example.com`
    const body = { name: `User ${userCounter}`, email, password: 'correct horse', plan: 'Basic', ...over }
    const res = await call('POST', '/api/auth/register', { body })
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`)
    return {
      token: res.json.data.token as string,
      user: res.json.data.user,
      email: body.email as string,
      password: body.password as string,
    }
  }

  return { app, deps, repos, clock, logs: lines, call, register }
}
export type TestApp = ReturnType<typeof buildTestApp>
