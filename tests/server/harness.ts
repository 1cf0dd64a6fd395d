import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { createApp } from '../../src/server/app.ts'
import { type Cancel, systemClock } from '../../src/server/clock.ts'
import type { CloudProviderOptions } from '../../src/server/cloud/providers.ts'
import { type Config, defaultRateLimits, loadConfig } from '../../src/server/config.ts'
import { type Database, type Dialect, openPostgres, openSqlite } from '../../src/server/db/database.ts'
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts'
import type { DB } from '../../src/server/db/schema.ts'
import { buildDeps } from '../../src/server/deps.ts'
import { emailConfirmationService } from '../../src/server/services/email-confirmation.service.ts'
import type { Deps } from '../../src/server/http/env.ts'
import type { Logger } from '../../src/server/logger.ts'

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const dialects: Dialect[] = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])]

export interface TestDb {
  database: Database
  /** The SQLite file, or the PostgreSQL URL: for a second connection, as another process would open. */
  file?: string
  url?: string
  drop(): Promise<void>
}

/**
 * A fresh, migrated database: a temp SQLite file, or a new PostgreSQL database made for this test file. `upTo` stops
 * the migrations at that one (to test a later migration against data made before it).
 */
export const openTestDb = async (dialect: Dialect, opts: { upTo?: string } = {}): Promise<TestDb> => {
  const migrate = (database: Database) =>
    opts.upTo === undefined ? migrateToLatest(database) : migrateTo(database, opts.upTo)
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-test-'))
    const file = join(dir, 'test.db')
    const database = openSqlite(file)
    await migrate(database)
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
  await migrate(database)
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

/**
 * A clock the test moves. Its timers fire when `advance` (or `set`) passes their time, in time order, each with the
 * clock at its own time; an `every` timer fires at each of its times in the span.
 */
export const testClock = (start = Date.parse('2026-11-22T09:00:00Z')) => {
  let now = start
  let seq = 0
  const timers = new Map<number, { at: number; every: number | null; fn: () => void }>()
  const add = (at: number, every: number | null, fn: () => void): Cancel => {
    const id = ++seq
    timers.set(id, { at, every, fn })
    return () => void timers.delete(id)
  }
  const moveTo = (target: number) => {
    for (;;) {
      let next: [number, { at: number; every: number | null; fn: () => void }] | undefined
      for (const entry of timers) if (entry[1].at <= target && (!next || entry[1].at < next[1].at)) next = entry
      if (!next) break
      const [id, timer] = next
      now = Math.max(now, timer.at)
      if (timer.every === null) timers.delete(id)
      else timer.at += timer.every
      timer.fn()
    }
    now = Math.max(now, target)
  }
  return {
    now: () => now,
    after: (ms: number, fn: () => void) => add(now + Math.max(0, ms), null, fn),
    every: (ms: number, fn: () => void) => add(now + ms, Math.max(1, ms), fn),
    advance: (ms: number) => moveTo(now + ms),
    set: (ms: number) => {
      if (ms >= now) moveTo(ms)
      else now = ms
    },
    /** Timers waiting to fire. */
    get pending() {
      return timers.size
    },
  }
}
export type TestClock = ReturnType<typeof testClock>

/** The wall clock, for tests that run the engine as `npm start` does (browser journeys, `npm start` itself). */
export const realTimeClock = (): TestClock => ({
  ...systemClock,
  advance: () => {
    throw new Error('a real-time clock cannot be moved')
  },
  set: () => {
    throw new Error('a real-time clock cannot be moved')
  },
  pending: 0,
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

/**
 * The names a test's saves resolve, like a hosts file: tests send no query beyond loopback. `localhost` is known;
 * any other name does not resolve (which a save accepts).
 */
export const hostsResolver =
  (hosts: Record<string, string[]> = {}) =>
  async (host: string) =>
    hosts[host] ?? (host === 'localhost' ? ['127.0.0.1', '::1'] : [])

export const buildTestApp = (
  database: Database,
  opts: {
    config?: Partial<Config>
    clock?: TestClock
    hosts?: Record<string, string[]>
    /** The cloud providers' client settings (tests point the SDKs at loopback servers, with quick retries). */
    cloud?: CloudProviderOptions
  } = {},
) => {
  const clock = opts.clock ?? testClock()
  const { logger, lines } = collectingLogger()
  const config = testConfig(opts.config)
  // Live events (deps.live): on PostgreSQL a test that reads them starts it (LISTEN) and stops it.
  const deps: Deps = buildDeps({
    database,
    config,
    clock,
    logger,
    recorderFlushMs: 5,
    resolveHost: hostsResolver(opts.hosts),
    secretKey: randomBytes(32),
    cloud: opts.cloud ?? { aws: { maxAttempts: 2, retryBaseMs: 1, timeoutMs: 5000 } },
  })
  const { repos } = deps
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

  /** The operator's confirmation of an address, as `npm run confirm-email` makes it (for tests without SMTP). */
  const confirmEmail = async (email: string) => {
    if (!(await emailConfirmationService(deps).confirmAsOperator(email))) throw new Error(`no account has ${email}`)
  }

  return { app, deps, repos, clock, logs: lines, call, register, confirmEmail }
}
export type TestApp = ReturnType<typeof buildTestApp>

/** User u1, as a test of a migration writes it into a database made up to an earlier migration. */
export const insertOldUser = (k: Kysely<DB>, at: number) =>
  k
    .insertInto('users')
    .values({
      user_id: 'u1',
      name: 'U',
      email: 'u@example.com',
      password_hash: 'x',
      image: null,
      created_at: at,
      updated_at: at,
    })
    .execute()

/** Waits (polling every 10 ms) until `test` holds, or fails after `ms`: for what arrives on its own (live events). */
export const until = async (test: () => boolean, ms = 5000) => {
  const end = Date.now() + ms
  while (!test()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 10))
  }
}
