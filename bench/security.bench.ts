// npm run bench:security: the latency of two-factor sign-in and of every change on Settings → Security, against
// the real server in its own process over HTTP on loopback. Each operation is measured on its own, p50/p95/p99
// from 1 client and from 10 at once (load generator on the same machine), against the goal of a p95 under 100 ms:
// the second step of a sign-in with a code and with a recovery code, two-factor set up, turned on (password and
// code) and off (password and code), ending one session and all the others, the page's three reads, and the
// password change. The password step (scrypt) is measured apart, for information; the challenge each second step
// needs comes from a password step made beforehand, which is not counted.
// The password hash cost is production's (config.passwordHashCost as loadConfig gives it). The rate limits are
// raised so that no request is answered 429. A code is taken once per 30-second step per user, so the benchmark
// moves the server's clock (over IPC) two steps on before each batch of code sign-ins, one per user.
// SQLite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. BENCH_SAMPLES (default 200
// per operation without a password check), BENCH_SCRYPT_SAMPLES (default 30 per operation with one:
// their p95 is scrypt's, and each sample costs one or two of them on two cores).
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { loadavg } from 'node:os'
import { serve } from '@hono/node-server'
import { SESSION_ID_LENGTH } from '@vigil/domain/sessions'
import { createApp } from '../src/server/app.ts'
import { hashToken, newToken } from '../src/server/auth/tokens.ts'
import { totpCode } from '../src/server/auth/totp.ts'
import { type Clock, systemClock } from '../src/server/clock.ts'
import { defaultRateLimits, loadConfig, type RateLimits } from '../src/server/config.ts'
import type { Database } from '../src/server/db/database.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { buildDeps } from '../src/server/deps.ts'
import { silentLogger } from '../src/server/logger.ts'
import { benchDatabaseTarget, forkSelf, openBenchDatabase } from './support.ts'

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200)
const SCRYPT_SAMPLES = Number(process.env.BENCH_SCRYPT_SAMPLES ?? 30)
const CLIENTS = [1, 10]
/** Users of each kind: with two-factor sign-in on (sign-ins, reads), and off (set up, on, off, sessions, password). */
const USERS = 50
/** The password steps made beforehand, this many at a time. */
const PREP_CLIENTS = 10
const WARMUP = 10
const WARMUP_SCRYPT = 3
const GOAL_P95_MS = 100
const STEP_MS = 30_000
const RAISED_TO = 1_000_000_000
const PASSWORDS = ['quiet meadow 4821', 'amber harbor 7390'] as const
const USER_AGENTS = [
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
] as const
const DAY_MS = 86_400_000

/** Every rate limit's window as in production, its maximum raised out of reach. */
const RAISED_LIMITS = Object.fromEntries(
  Object.entries(defaultRateLimits).map(([action, rules]) => [
    action,
    Object.fromEntries(
      Object.entries(rules as Record<string, { windowSeconds: number }>).map(([key, rule]) => [
        key,
        { ...rule, max: RAISED_TO },
      ]),
    ),
  ]),
) as unknown as RateLimits

interface Account {
  userId: string
  email: string
  token: string
  password: string
  /** The TOTP secret in use (two-factor on) or set up (pending). */
  secret: string
  recovery: string[]
}

/** One request of a run: its body is made just before it is sent (a code is the one of that moment). */
interface Call {
  method: string
  path: string
  token?: string
  body?: () => unknown
  /** Checks the answer; a benchmark of errors would measure nothing. */
  check?: (json: any) => boolean
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

const initOf = (call: Call, userAgent: string): RequestInit => ({
  method: call.method,
  headers: {
    'user-agent': userAgent,
    ...(call.body ? { 'content-type': 'application/json' } : {}),
    ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
  },
  body: call.body ? JSON.stringify(call.body()) : undefined,
})

/** The calls, `clients` at a time, each timed from sending to the whole answer read; the latencies in ms. */
const timed = async (base: string, calls: Call[], clients: number) => {
  const times: number[] = []
  let next = 0
  const worker = async (n: number) => {
    while (next < calls.length) {
      const call = calls[next++] as Call
      const init = initOf(call, USER_AGENTS[n % USER_AGENTS.length] as string)
      const t0 = performance.now()
      const res = await fetch(`${base}${call.path}`, init)
      const text = await res.text()
      times.push(performance.now() - t0)
      if (res.status !== 200) throw new Error(`${call.method} ${call.path}: ${res.status} ${text}`)
      if (call.check && !call.check(JSON.parse(text)))
        throw new Error(`${call.method} ${call.path}: unexpected answer ${text}`)
    }
  }
  await Promise.all(Array.from({ length: clients }, (_, n) => worker(n)))
  return times
}

/** One untimed request; its JSON `data`. */
const call = async (base: string, c: Call) => {
  const res = await fetch(`${base}${c.path}`, initOf(c, USER_AGENTS[0]))
  const text = await res.text()
  if (res.status !== 200 && res.status !== 201) throw new Error(`${c.method} ${c.path}: ${res.status} ${text}`)
  return JSON.parse(text).data
}

/** `fn` over the items, `clients` at a time, in order; the results in the items' order. */
const inParallel = async <T, R>(items: T[], clients: number, fn: (item: T, i: number) => Promise<R>) => {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i] as T, i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(clients, items.length) }, worker))
  return out
}

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const { target, cleanup } = await benchDatabaseTarget(
    'security',
    dialect === 'sqlite' ? '' : (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL),
  )
  const local: Database = openBenchDatabase(target, 2)
  await migrateToLatest(local)
  const server = forkSelf<{ port: number; passwordHashCost: number }>(
    import.meta.filename,
    ['--serve', target],
    'server',
  )
  const started = performance.now()
  const loadBefore = loadavg()[0] as number
  try {
    const { port, passwordHashCost } = await server.ready
    const base = `http://127.0.0.1:${port}`

    // The server's clock: the wall clock plus what the benchmark moved it by.
    let offset = 0
    const serverNow = () => Date.now() + offset
    const moveClock = async (ms: number) => {
      offset += ms
      const ack = once(server.child, 'message')
      server.child.send({ offsetMs: offset })
      await ack
    }
    /** Two steps on: every code given before is of an older step than the codes of now. */
    const nextSteps = () => moveClock(2 * STEP_MS)
    const codeOf = (a: Account) => totpCode(a.secret, serverNow())

    const register = async (i: number): Promise<Account> => {
      const email = `bench-${i}-${randomBytes(4).toString('hex')}@example.com`
      const password = PASSWORDS[0]
      const data = await call(base, {
        method: 'POST',
        path: '/api/auth/register',
        body: () => ({ name: `Bench ${i}`, email, password, plan: 'Pro' }),
      })
      return { userId: data.user.user_id, email, token: data.token, password, secret: '', recovery: [] }
    }
    const setUp = async (a: Account) => {
      a.secret = (await call(base, { method: 'POST', path: '/api/security/two_factor/setup', token: a.token })).secret
    }
    const turnOn = async (a: Account) => {
      await setUp(a)
      const data = await call(base, {
        method: 'POST',
        path: '/api/security/two_factor',
        token: a.token,
        body: () => ({ code: codeOf(a), password: a.password }),
      })
      a.recovery = [...data.recovery_codes]
    }
    const turnOff = (a: Account) =>
      call(base, {
        method: 'DELETE',
        path: '/api/security/two_factor',
        token: a.token,
        body: () => ({ code: codeOf(a), password: a.password }),
      })
    /** A challenge for the second step: the password step, untimed. */
    const challengeOf = async (a: Account) =>
      (
        await call(base, {
          method: 'POST',
          path: '/api/auth/login',
          body: () => ({ email: a.email, password: a.password }),
        })
      ).challenge as string
    const challengesFor = (accounts: Account[]) => inParallel(accounts, PREP_CLIENTS, challengeOf)
    /** Sessions of these users straight in the database, as other browsers' sign-ins; their ids. */
    const seedSessions = async (accounts: Account[]) => {
      const now = serverNow()
      const rows = accounts.map((a, i) => ({
        token_hash: hashToken(newToken()),
        user_id: a.userId,
        created_at: now - i * 60_000,
        last_active_at: now - i * 60_000,
        expires_at: now + 30 * DAY_MS,
        ip: `203.0.113.${(i % 250) + 1}`,
        user_agent: USER_AGENTS[i % USER_AGENTS.length] as string,
      }))
      for (let i = 0; i < rows.length; i += 500)
        await local.db
          .insertInto('sessions')
          .values(rows.slice(i, i + 500))
          .execute()
      return rows.map((r) => r.token_hash.slice(0, SESSION_ID_LENGTH))
    }
    const userOf = (accounts: Account[], i: number) => accounts[i % accounts.length] as Account

    // Users with two-factor sign-in on (each with ten recovery codes), and users with it off.
    const seedStart = performance.now()
    const withTwoFactor = await inParallel(
      Array.from({ length: USERS }, (_, i) => i),
      PREP_CLIENTS,
      async (i) => {
        const a = await register(i)
        await turnOn(a)
        return a
      },
    )
    const plain = await inParallel(
      Array.from({ length: USERS }, (_, i) => USERS + i),
      PREP_CLIENTS,
      register,
    )
    // A few other sessions each, as signed in elsewhere.
    await seedSessions(plain.flatMap((a) => Array.from({ length: 5 }, () => a)))
    const seeded = (performance.now() - seedStart) / 1000

    const rows: Record<string, unknown>[] = []
    const report = (operation: string, clients: number, times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b)
      const p95 = percentile(sorted, 95)
      rows.push({
        operation,
        clients,
        n: sorted.length,
        'p50 ms': percentile(sorted, 50).toFixed(1),
        'p95 ms': p95.toFixed(1),
        'p99 ms': percentile(sorted, 99).toFixed(1),
        [`p95 < ${GOAL_P95_MS} ms`]: p95 < GOAL_P95_MS ? 'ok' : 'over',
      })
    }
    /** `count` samples of one operation (after `warmup` untimed), in rounds of at most one per user. */
    const rounds = async (
      count: number,
      warmup: number,
      clients: number,
      round: (size: number, first: number) => Promise<Call[]>,
    ) => {
      const times: number[] = []
      let taken = 0
      for (const [n, counted] of [
        [warmup, false],
        [count, true],
      ] as const)
        for (let done = 0; done < n; ) {
          const size = Math.min(USERS, n - done)
          const t = await timed(base, await round(size, taken), clients)
          if (counted) times.push(...t)
          done += size
          taken += size
        }
      return times
    }

    for (const clients of CLIENTS) {
      // 1. The password step (scrypt), for information.
      report(
        'password step: POST /api/auth/login (scrypt)',
        clients,
        await rounds(SCRYPT_SAMPLES, WARMUP_SCRYPT, clients, async (size, first) =>
          Array.from({ length: size }, (_, k) => {
            const a = userOf(withTwoFactor, first + k)
            return {
              method: 'POST',
              path: '/api/auth/login',
              body: () => ({ email: a.email, password: a.password }),
              check: (j) => j.data.two_factor_required === true,
            }
          }),
        ),
      )

      // 2. The second step with the code of the moment: one per user and 30-second step, each a new step.
      report(
        'second step, code: POST /api/auth/login/two_factor',
        clients,
        await rounds(SAMPLES, WARMUP, clients, async (size, first) => {
          await nextSteps()
          const accounts = Array.from({ length: size }, (_, k) => userOf(withTwoFactor, first + k))
          const challenges = await challengesFor(accounts)
          return accounts.map((a, k) => ({
            method: 'POST',
            path: '/api/auth/login/two_factor',
            body: () => ({ method: 'code', challenge: challenges[k], code: codeOf(a) }),
            check: (j) => typeof j.data.token === 'string',
          }))
        }),
      )

      // 3. The second step with a recovery code (each used once; a user who has used all ten gets ten more).
      report(
        'second step, recovery code: POST /api/auth/login/two_factor',
        clients,
        await rounds(SAMPLES, WARMUP, clients, async (size, first) => {
          const accounts = Array.from({ length: size }, (_, k) => userOf(withTwoFactor, first + k))
          const spent = accounts.filter((a) => a.recovery.length === 0)
          if (spent.length > 0) {
            await nextSteps()
            await inParallel(spent, PREP_CLIENTS, async (a) => {
              await turnOff(a)
              await turnOn(a)
            })
          }
          const challenges = await challengesFor(accounts)
          return accounts.map((a, k) => {
            const code = a.recovery.pop() as string
            return {
              method: 'POST',
              path: '/api/auth/login/two_factor',
              body: () => ({ method: 'recovery', challenge: challenges[k], code }),
              check: (j) => typeof j.data.token === 'string',
            }
          })
        }),
      )

      // 4. Setting up: a new secret and its QR code (two-factor sign-in off).
      report(
        'set up: POST /api/security/two_factor/setup',
        clients,
        await rounds(SAMPLES, WARMUP, clients, async (size, first) =>
          Array.from({ length: size }, (_, k) => ({
            method: 'POST',
            path: '/api/security/two_factor/setup',
            token: userOf(plain, first + k).token,
            check: (j) =>
              typeof j.data.secret === 'string' && typeof j.data.qr?.path === 'string' && j.data.qr.path.length > 0,
          })),
        ),
      )

      // 5. Turning on (password and the first code) and off (password and a code of a later step), in rounds.
      const on: number[] = []
      const off: number[] = []
      for (const [n, counted] of [
        [WARMUP_SCRYPT, false],
        [SCRYPT_SAMPLES, true],
      ] as const)
        for (let done = 0; done < n; ) {
          const size = Math.min(USERS, n - done)
          const accounts = plain.slice(0, size)
          await inParallel(accounts, PREP_CLIENTS, setUp)
          const tOn = await timed(
            base,
            accounts.map((a) => ({
              method: 'POST',
              path: '/api/security/two_factor',
              token: a.token,
              body: () => ({ code: codeOf(a), password: a.password }),
              check: (j) => j.data.recovery_codes.length === 10 && j.data.status.enabled === true,
            })),
            clients,
          )
          await nextSteps()
          const tOff = await timed(
            base,
            accounts.map((a) => ({
              method: 'DELETE',
              path: '/api/security/two_factor',
              token: a.token,
              body: () => ({ code: codeOf(a), password: a.password }),
              check: (j) => j.data.enabled === false,
            })),
            clients,
          )
          if (counted) {
            on.push(...tOn)
            off.push(...tOff)
          }
          done += size
        }
      report('turn on: POST /api/security/two_factor (scrypt)', clients, on)
      report('turn off: DELETE /api/security/two_factor (scrypt)', clients, off)

      // 6. Ending one other session, then all the others.
      report(
        'end a session: DELETE /api/sessions/{id}',
        clients,
        await rounds(SAMPLES, WARMUP, clients, async (size, first) => {
          const accounts = Array.from({ length: size }, (_, k) => userOf(plain, first + k))
          const ids = await seedSessions(accounts)
          return accounts.map((a, k) => ({
            method: 'DELETE',
            path: `/api/sessions/${ids[k]}`,
            token: a.token,
            check: (j) => j.data.ended === 1 && j.data.current === false,
          }))
        }),
      )
      report(
        'end the others: DELETE /api/sessions/others',
        clients,
        await rounds(SAMPLES, WARMUP, clients, async (size, first) => {
          const accounts = Array.from({ length: size }, (_, k) => userOf(plain, first + k))
          await seedSessions(accounts.flatMap((a) => [a, a, a]))
          return accounts.map((a) => ({
            method: 'DELETE',
            path: '/api/sessions/others',
            token: a.token,
            check: (j) => j.data.ended >= 3,
          }))
        }),
      )

      // 7. The page's reads, for the users with two-factor sign-in on (their sign-ins made sessions and events).
      for (const [name, path] of [
        ['read: GET /api/security/two_factor', '/api/security/two_factor'],
        ['read: GET /api/security/events', '/api/security/events'],
        ['read: GET /api/sessions', '/api/sessions'],
      ] as const)
        report(
          name,
          clients,
          await rounds(SAMPLES, WARMUP, clients, async (size, first) =>
            Array.from({ length: size }, (_, k) => ({
              method: 'GET',
              path,
              token: userOf(withTwoFactor, first + k).token,
            })),
          ),
        )

      // 8. The password change: the current password checked, the new one hashed (two scrypt operations).
      report(
        'password change: PUT /api/user/user_password_change/{id} (2 × scrypt)',
        clients,
        await rounds(SCRYPT_SAMPLES, WARMUP_SCRYPT, clients, async (size, first) =>
          Array.from({ length: size }, (_, k) => {
            const a = userOf(plain, first + k)
            const current = a.password
            const next = current === PASSWORDS[0] ? PASSWORDS[1] : PASSWORDS[0]
            a.password = next
            return {
              method: 'PUT',
              path: `/api/user/user_password_change/${a.userId}`,
              token: a.token,
              body: () => ({ current_password: current, new_password: next }),
            }
          }),
        ),
      )
    }

    const sessions = await local.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', withTwoFactor[0]?.userId as string)
      .executeTakeFirstOrThrow()
    console.log(
      `\nbench:security on ${dialect}: scrypt logN ${passwordHashCost} (config.passwordHashCost, the production ` +
        `default); every rate limit raised to ${RAISED_TO} per window so that none answers 429; ${USERS} users with ` +
        `two-factor sign-in on and ${USERS} with it off (seeded in ${seeded.toFixed(0)} s); the server's clock moved ` +
        `60 s on before each batch of code sign-ins; no SMTP server configured (account mails are written to the ` +
        `outbox and fail at once). ${SAMPLES} samples per operation (${SCRYPT_SAMPLES} with a password check) from ` +
        `1 client and from 10 at once, after a warm-up; the reads are of a user with ${Number(sessions.n)} sessions. ` +
        `Node ${process.version}, ${((performance.now() - started) / 1000).toFixed(0)} s; load average ` +
        `${loadBefore.toFixed(2)} before, ${(loadavg()[0] as number).toFixed(2)} after.`,
    )
    console.table(rows)
    return rows
  } finally {
    server.child.kill()
    if (server.child.exitCode === null) await once(server.child, 'exit')
    await local.close()
    await cleanup()
  }
}

async function main() {
  const dialects: ('sqlite' | 'postgres')[] = ['sqlite']
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) dialects.push('postgres')
  else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to run it too.')
  process.env.SECRET_KEY = randomBytes(32).toString('hex')
  for (const d of dialects) await benchDialect(d)
}

// The server: the production config but for the rate limits, on a clock the benchmark moves forward.
function serveMode(target: string) {
  let offset = 0
  const clock: Clock = { ...systemClock, now: () => Date.now() + offset }
  process.on('message', (m: { offsetMs?: number }) => {
    if (typeof m.offsetMs !== 'number') return
    offset = m.offsetMs
    process.send?.({ offsetMs: offset })
  })
  const database = openBenchDatabase(target)
  const config = { ...loadConfig({ SECRET_KEY: process.env.SECRET_KEY }), rateLimits: RAISED_LIMITS }
  const app = createApp(buildDeps({ database, config, clock, logger: silentLogger }))
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
    process.send?.({ port: info.port, passwordHashCost: config.passwordHashCost }),
  )
}

if (process.argv.includes('--serve')) serveMode(process.argv.at(-1) as string)
else await main()
