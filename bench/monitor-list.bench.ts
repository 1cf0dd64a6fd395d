// npm run bench:checks (part 2): GET /api/monitors for a user with 1,000 monitors and 30 days of rollups
// (hourly and daily, as the engine writes them), against the real server in its own process. Reports
// latency p50/p95/p99 with 1 and with 10 clients in a loop. SQLite by default, PostgreSQL with
// BENCH_DATABASE_URL. BENCH_LIST_MONITORS (default 1000), BENCH_DURATION_LIST (default 10 s per run).
import { serve } from '@hono/node-server'
import { sql } from 'kysely'
import { addResult, bucketStart, emptyRollup, mergeRollups, PERIOD_MS, type Rollup } from '@vigil/domain/uptime'
import { createApp } from '../src/server/app.ts'
import { systemClock } from '../src/server/clock.ts'
import { loadConfig } from '../src/server/config.ts'
import type { Database } from '../src/server/db/database.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { repos as reposOf } from '../src/server/db/repos/index.ts'
import { type MonitorRecord, newMonitorRecord as newMonitorRow, toRow } from '../src/server/db/repos/monitor-record.ts'
import type { RollupDelta } from '../src/server/db/repos/rollups.repo.ts'
import { buildDeps } from '../src/server/deps.ts'
import { silentLogger } from '../src/server/logger.ts'
import { benchDatabaseTarget, forkSelf, monitorInput, openBenchDatabase } from './support.ts'

const MONITORS = Number(process.env.BENCH_LIST_MONITORS ?? 1000)
const DURATION_S = Number(process.env.BENCH_DURATION_LIST ?? 10)
const DAYS = 30

const open = (target: string): Database => openBenchDatabase(target)

if (process.argv.includes('--serve')) {
  const target = process.argv.at(-1) as string
  const database = open(target)
  const app = createApp(buildDeps({ database, config: loadConfig({}), clock: systemClock, logger: silentLogger }))
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.send?.({ port: info.port }))
} else {
  await main()
}

/** A user with MONITORS monitors, each with hourly and daily rollups for the last 30 days. */
async function seed(base: string, database: Database) {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench',
      email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'bench password',
      plan: 'Pro',
    }),
  })
  const signed = (await res.json()) as { data: { token: string; user: { user_id: string } } }
  const userId = signed.data.user.user_id
  const now = Date.now()
  const repos = reposOf(database.db)
  const ids: string[] = []
  // Four kinds, a few down, checked recently; not due (nobody runs checks in this benchmark).
  const kinds = [
    { type: 'web', url: 'https://example.com/' },
    { type: 'api', url: 'https://example.com/api' },
    { type: 'port', host: 'example.com', port: 443 },
    { type: 'ping', host: 'example.com' },
  ]
  const monitors = Array.from({ length: MONITORS }, (_, i) => {
    const row = newMonitorRow(
      userId,
      monitorInput({ ...kinds[i % 4], name: `Monitor ${i}`, interval_seconds: 60 }),
      now - DAYS * PERIOD_MS.day,
    )
    ids.push(row.monitor_id)
    return {
      ...row,
      status: i % 50 === 0 ? 'down' : 'up',
      last_checked_at: now - 30_000,
      last_response_ms: 40 + (i % 100),
      accounted_at: now - 30_000,
      next_check_at: null,
      updated_at: now,
    }
  })
  for (let i = 0; i < monitors.length; i += 500)
    await database.db
      .insertInto('monitors')
      .values(monitors.slice(i, i + 500).map((m) => toRow(m as MonitorRecord)))
      .execute()

  const hourNow = bucketStart(now, 'hour')
  for (const [n, id] of ids.entries()) {
    const deltas: RollupDelta[] = []
    const days = new Map<number, Rollup[]>()
    for (let h = 0; h < DAYS * 24; h++) {
      const r = emptyRollup()
      for (let k = 0; k < 60; k++)
        addResult(r, {
          status: (n + h + k) % 997 === 0 ? 'down' : 'up',
          ok: true,
          responseMs: 30 + ((h * k) % 200),
          weightMs: 60_000,
        })
      const start = hourNow - h * PERIOD_MS.hour
      deltas.push({ monitorId: id, period: 'hour', bucketStart: start, rollup: r })
      const day = bucketStart(start, 'day')
      days.set(day, [...(days.get(day) ?? []), r])
    }
    // Daily rollups are the sum of the day's hours (one row each: PostgreSQL refuses a key twice in one upsert).
    for (const [day, hours] of days)
      deltas.push({ monitorId: id, period: 'day', bucketStart: day, rollup: mergeRollups(hours) })
    await repos.rollups.add(deltas)
  }
  if (database.dialect === 'postgres') await sql`analyze`.execute(database.db)
  return signed.data.token
}

/** `clients` loops of requests for `seconds`; every latency in ms. */
async function load(url: string, token: string, clients: number, seconds: number) {
  const latencies: number[] = []
  const until = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now()
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
        const body = (await res.json()) as { data: { monitors: unknown[] } }
        if (!res.ok || body.data.monitors.length !== MONITORS) throw new Error(`bad answer ${res.status}`)
        latencies.push(performance.now() - t0)
      }
    }),
  )
  return latencies.sort((a, b) => a - b)
}

async function main() {
  const { target, cleanup } = await benchDatabaseTarget('list')
  const setup = open(target)
  await migrateToLatest(setup)
  const { child, ready } = forkSelf<{ port: number }>(import.meta.filename, ['--serve', target], 'server')
  try {
    const { port } = await ready
    const base = `http://127.0.0.1:${port}`
    const seedStart = Date.now()
    const token = await seed(base, setup)
    const rollups = Number(
      (
        await setup.db
          .selectFrom('rollups')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    console.log(
      `\nbench:checks (list): GET /api/monitors, ${MONITORS} monitors, ${rollups} rollup rows, on ${setup.dialect} (seeded in ${((Date.now() - seedStart) / 1000).toFixed(0)} s)`,
    )
    const url = `${base}/api/monitors`
    await load(url, token, 2, 2) // warm-up, not counted
    const rows = []
    for (const clients of [1, 10]) {
      const l = await load(url, token, clients, DURATION_S)
      const at = (p: number) => `${(l[Math.max(0, Math.ceil((p / 100) * l.length) - 1)] as number).toFixed(1)} ms`
      rows.push({
        clients,
        requests: l.length,
        'req/s': (l.length / DURATION_S).toFixed(1),
        p50: at(50),
        p95: at(95),
        p99: at(99),
      })
    }
    console.table(rows)
  } finally {
    child.kill()
    await setup.close()
    if (process.env.BENCH_KEEP) console.log(`kept ${target}`)
    else await cleanup()
  }
}
