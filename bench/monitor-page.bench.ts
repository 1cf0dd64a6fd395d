// npm run bench:checks (part 4): one page of `GET /api/monitors` (issue 19) for a user with 10,000 monitors of four
// types, some down, some paused, five tags over them, each with hourly rollups for the last day, daily rollups for 30
// days and its last 30 results, against the real server in its own process. Reports p50/p95/p99 and req/s with 1 and
// with 10 clients in a loop for eight pages: the first, a middle one, a search, the down ones, a tag, (for
// information) sorted by uptime, (g) the first page again while another process writes results as checking every
// monitor once a minute would (through the check engine's recorder: each result changes its row), and (h) the first
// page asked for as a browser asks (Accept-Encoding: gzip, …), answered gzipped. Each answer is checked for its rows
// and their 30 heartbeats (gunzipped first in (h)), or found the same as an answer checked, byte for byte. Also the
// server process's CPU time per request (on Linux; on PostgreSQL the database's own work is not in it, and is given
// beside it: the CPU time of every PostgreSQL process on the machine), and the clients' own (this process: fetching
// and checking each answer takes a share of the same two cores). The goal: p95 at most 50 ms with 10 clients for all
// but (f). SQLite by default, PostgreSQL with BENCH_DATABASE_URL. BENCH_PAGE_MONITORS (default 10000),
// BENCH_DURATION_PAGE (default 10 s per run), BENCH_KEEP=1 keeps the database, BENCH_PAGE_CASES=a,c runs only those
// cases, BENCH_REUSE=<the database BENCH_KEEP printed> runs on it without seeding, BENCH_SPREAD=1 prints more
// percentiles, BENCH_CHILD_ARGS adds flags to the server's node (e.g. --cpu-prof).
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { gunzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import { sql } from 'kysely'
import { addResult, bucketStart, emptyRollup, mergeRollups, PERIOD_MS, type Rollup } from '@vigil/domain/uptime'
import { createApp } from '../src/server/app.ts'
import { systemClock } from '../src/server/clock.ts'
import { loadConfig } from '../src/server/config.ts'
import type { Database } from '../src/server/db/database.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import type { CheckResultRecord } from '../src/server/db/repos/check-results.repo.ts'
import { repos as reposOf } from '../src/server/db/repos/index.ts'
import { type MonitorRecord, newMonitorRecord as newMonitorRow, toRow } from '../src/server/db/repos/monitor-record.ts'
import type { RollupDelta } from '../src/server/db/repos/rollups.repo.ts'
import { buildDeps } from '../src/server/deps.ts'
import { createRecorder } from '../src/server/engine/recorder.ts'
import { silentLogger } from '../src/server/logger.ts'
import {
  benchDatabaseTarget,
  forkSelf,
  monitorInput,
  openBenchDatabase,
  postgresCpu,
  postgresCpuSince,
} from './support.ts'

const MONITORS = Number(process.env.BENCH_PAGE_MONITORS ?? 10_000)
const DURATION_S = Number(process.env.BENCH_DURATION_PAGE ?? 10)
const GOAL_P95_MS = 50
const LIMIT = 50
const HEARTBEATS = 30
const DAYS = 30
const HOUR = PERIOD_MS.hour
const DAY = PERIOD_MS.day
/** (g): as many results a second as checking every monitor once a minute gives. */
const WRITES_PER_S = Math.round(MONITORS / 60)
/** What Chromium asks with every request. */
const ACCEPT_GZIP = { 'accept-encoding': 'gzip, deflate, br, zstd' }

const open = (target: string): Database => openBenchDatabase(target)

// 100 service names (10 × 10 words): a search for one of them matches 1 % of the monitors by name and none by target.
const ADJECTIVES = ['amber', 'brisk', 'cobalt', 'dusky', 'ember', 'frosty', 'gilded', 'hazel', 'ivory', 'jade']
const NOUNS = ['falcon', 'harbor', 'lantern', 'meadow', 'otter', 'quarry', 'raven', 'summit', 'thistle', 'willow']
const serviceOf = (i: number) => `${ADJECTIVES[i % 10]}-${NOUNS[Math.floor(i / 10) % 10]}`
const SEARCH = serviceOf(37) // "hazel-lantern"

/** The monitor's state: 2 % down, 5 % paused (two days ago), 1 % degraded, the rest up. */
const stateOf = (i: number) =>
  i % 50 === 7 ? 'down' : i % 20 === 3 ? 'paused' : i % 100 === 11 ? 'degraded' : ('up' as const)

/** Tags and which monitors carry them (some carry several). */
const TAGS: { name: string; color: string; has: (i: number) => boolean }[] = [
  { name: 'production', color: 'red', has: (i) => i % 5 < 2 }, // 40 %
  { name: 'staging', color: 'amber', has: (i) => i % 5 === 2 }, // 20 %
  { name: 'eu-west', color: 'blue', has: (i) => i % 4 === 1 }, // 25 %
  { name: 'customer-a', color: 'purple', has: (i) => i % 10 === 9 }, // 10 %
  { name: 'critical', color: 'pink', has: (i) => i % 50 === 0 }, // 2 %
]
const TAG_FILTERED = 'eu-west'

/** Hourly rollups of 60 one-minute checks: a few shapes the hours of a monitor cycle through, and an hour down. */
const SHAPES = 16
const hourShapes: Rollup[] = Array.from({ length: SHAPES }, (_, s) => {
  const r = emptyRollup()
  for (let k = 0; k < 60; k++) {
    const down = s === 5 && k < 3 // one shape has three minutes down
    addResult(r, {
      status: down ? 'down' : s === 9 && k < 10 ? 'degraded' : 'up',
      ok: !down,
      responseMs: down ? null : 25 + ((s * 37 + k * 13) % 180) + (s === 9 && k < 10 ? 900 : 0),
      weightMs: 60_000,
    })
  }
  return r
})
const downHour = (() => {
  const r = emptyRollup()
  for (let k = 0; k < 60; k++) addResult(r, { status: 'down', ok: false, responseMs: null, weightMs: 60_000 })
  return r
})()

/** Monitor i's rollup for the hour starting at `start`, or null when it did not run (paused). */
const hourOf = (i: number, start: number, now: number): Rollup | null => {
  const state = stateOf(i)
  if (state === 'paused' && start >= now - 2 * DAY) return null
  if (state === 'down' && start >= bucketStart(now, 'hour') - (i % 3) * HOUR) return downHour
  return hourShapes[(i * 7 + start / HOUR) % SHAPES] as Rollup
}

/** Days of whole shapes repeat: a day's sum depends only on where in the cycle it starts. */
const dayCache = new Map<number, Rollup>()

/** Monitor i's deltas: an hour bucket for each of the last 24 hours, a day bucket (the sum of its hours) for 30 days. */
const rollupsOf = (i: number, id: string, now: number): RollupDelta[] => {
  const hourNow = bucketStart(now, 'hour')
  const dayNow = bucketStart(now, 'day')
  const deltas: RollupDelta[] = []
  for (let h = 0; h < 24; h++) {
    const r = hourOf(i, hourNow - h * HOUR, now)
    if (r) deltas.push({ monitorId: id, period: 'hour', bucketStart: hourNow - h * HOUR, rollup: r })
  }
  for (let d = 0; d < DAYS; d++) {
    const day = dayNow - d * DAY
    const end = Math.min(day + DAY, hourNow + HOUR)
    const special = end > now - 3 * DAY // the hours of the last days depend on the monitor's state
    const key = ((i * 7 + day / HOUR) % SHAPES) + 1
    let r = special ? undefined : dayCache.get(key)
    if (!r) {
      const hours: Rollup[] = []
      for (let start = day; start < end; start += HOUR) {
        const hour = hourOf(i, start, now)
        if (hour) hours.push(hour)
      }
      r = hours.length ? mergeRollups(hours) : undefined
      if (r && !special) dayCache.set(key, r)
    }
    if (r) deltas.push({ monitorId: id, period: 'day', bucketStart: day, rollup: r })
  }
  return deltas
}

/** Monitor i's last 30 results, a minute apart (the last few failed for a down one). */
const resultsOf = (i: number, id: string, last: number): CheckResultRecord[] => {
  const state = stateOf(i)
  return Array.from({ length: HEARTBEATS }, (_, k) => {
    const failed = state === 'down' && k < 3 + (i % 3)
    const slow = state === 'degraded' && k < 5
    return {
      monitor_id: id,
      checked_at: last - k * 60_000,
      status: failed ? (k < 2 ? 'down' : 'up') : slow ? 'degraded' : 'up',
      ok: failed ? 0 : 1,
      response_ms: failed ? null : 30 + ((i + k * 17) % 150) + (slow ? 1200 : 0),
      message: failed ? 'Expected status 200-299, got 503.' : '',
      detail: null,
      verdict: failed ? 'failed' : slow ? 'slow' : 'ok',
      streak: null,
      streak_needed: null,
      in_maintenance: 0,
    } as CheckResultRecord
  })
}

/**
 * A request; sent once more when the server had closed the idle kept-alive connection as it went out ("other side
 * closed": a long write to the database in this process lets the server's keep-alive timeout pass).
 */
const send = async (url: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, init)
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error
    return fetch(url, init)
  }
}

const api = async <T>(base: string, path: string, token: string | null, method = 'GET', body?: unknown) => {
  const res = await send(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { data: T }).data
}

/** The user, their monitors (straight into the table), tags (through the API), rollups and results (the repos). */
async function seed(base: string, database: Database) {
  const signed = await api<{ token: string; user: { user_id: string } }>(base, '/api/auth/register', null, 'POST', {
    name: 'Bench',
    email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'bench password',
    plan: 'Pro',
  })
  const { token } = signed
  const userId = signed.user.user_id
  const now = Date.now()
  const repos = reposOf(database.db)
  const kinds = [
    (i: number) => ({ type: 'web', url: `https://s${i}.example.com/` }),
    (i: number) => ({ type: 'api', url: `https://s${i}.example.com/api/health` }),
    (i: number) => ({ type: 'port', host: `s${i}.example.com`, port: 443 }),
    (i: number) => ({ type: 'ping', host: `s${i}.example.com` }),
  ]
  const timing = { monitors: 0, tags: 0, rollups: 0, results: 0, windows: 0 }
  let t0 = Date.now()
  const ids: string[] = []
  const monitors = Array.from({ length: MONITORS }, (_, i) => {
    const kind = (kinds[i % 4] as (i: number) => Record<string, unknown>)(i)
    const row = newMonitorRow(
      userId,
      monitorInput({ ...kind, name: `${serviceOf(i)} ${kind.type} ${i}`, interval_seconds: 60 }),
      now - DAYS * DAY,
    )
    ids.push(row.monitor_id)
    const state = stateOf(i)
    const last = state === 'paused' ? now - 2 * DAY : now - 20_000 - (i % 40) * 1000
    return {
      ...row,
      status: state,
      paused: state === 'paused' ? 1 : 0,
      last_checked_at: last,
      last_response_ms: state === 'down' ? null : 30 + (i % 150),
      last_error: state === 'down' ? 'Expected status 200-299, got 503.' : null,
      status_changed_at: state === 'up' ? now - DAYS * DAY : now - 2 * HOUR,
      accounted_at: state === 'paused' ? null : last,
      next_check_at: null, // nobody runs checks in this benchmark
      updated_at: now,
    }
  })
  for (let i = 0; i < monitors.length; i += 500)
    await database.db
      .insertInto('monitors')
      .values(monitors.slice(i, i + 500).map((m) => toRow(m as MonitorRecord)))
      .execute()
  timing.monitors = Date.now() - t0

  t0 = Date.now()
  const tagIds: Record<string, string> = {}
  for (const tag of TAGS) {
    const made = await api<{ tag: { id: string } }>(base, '/api/tags', token, 'POST', {
      name: tag.name,
      color: tag.color,
    })
    tagIds[tag.name] = made.tag.id
    const carrying = ids.filter((_, i) => tag.has(i))
    for (let i = 0; i < carrying.length; i += 500)
      await api(base, '/api/monitors/bulk', token, 'POST', {
        action: 'tag',
        tag_id: made.tag.id,
        monitor_ids: carrying.slice(i, i + 500),
      })
  }
  timing.tags = Date.now() - t0

  // Rollups and results in batches of monitors; on PostgreSQL a few batches at once (its pool has 10 connections).
  const BATCH = 250
  const parallel = database.dialect === 'postgres' ? 4 : 1
  const batches = Array.from({ length: Math.ceil(MONITORS / BATCH) }, (_, b) => b * BATCH)
  t0 = Date.now()
  let rollupRows = 0
  for (let b = 0; b < batches.length; b += parallel)
    await Promise.all(
      batches.slice(b, b + parallel).map(async (from) => {
        const deltas = ids.slice(from, from + BATCH).flatMap((id, k) => rollupsOf(from + k, id, now))
        rollupRows += deltas.length
        await repos.rollups.add(deltas)
      }),
    )
  timing.rollups = Date.now() - t0
  t0 = Date.now()
  for (let b = 0; b < batches.length; b += parallel)
    await Promise.all(
      batches
        .slice(b, b + parallel)
        .map((from) =>
          repos.checkResults.insertMany(
            ids
              .slice(from, from + BATCH)
              .flatMap((id, k) => resultsOf(from + k, id, monitors[from + k]?.last_checked_at as number)),
          ),
        ),
    )
  timing.results = Date.now() - t0
  // A live database: every monitor's figure windows kept (each list page read keeps its rows', and they stay), and
  // on PostgreSQL what autovacuum does after bulk writes (this machine's cluster runs with it off): dead rows of the
  // seed's folded counts removed, the visibility map set, statistics taken. Without it, the windows' statistics
  // would count only the first page's, and their read be planned anew for every other page.
  t0 = Date.now()
  for (let from = 0; from < ids.length; from += 500) await repos.rollups.figuresOf(ids.slice(from, from + 500), now)
  timing.windows = Date.now() - t0
  if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db)
  // SQLite's writes held this process for seconds, in which the server closed the idle kept-alive connection: let
  // that close be seen before the next request picks the connection up ("other side closed").
  await new Promise((resolve) => setTimeout(resolve, 200))
  return { token, tagIds, rollupRows, timing }
}

/** A kept database's bench user signed in again, with its tags (BENCH_REUSE: no seeding). */
async function signInAgain(base: string, database: Database) {
  const user = await database.db.selectFrom('users').select('email').executeTakeFirstOrThrow()
  const { token } = await api<{ token: string }>(base, '/api/auth/login', null, 'POST', {
    email: user.email,
    password: 'bench password',
  })
  const tags = await api<{ tags: { id: string; name: string }[] }>(base, '/api/tags', token)
  const tagIds = Object.fromEntries(tags.tags.map((t) => [t.name, t.id]))
  const rollupRows = Number(
    (
      await database.db
        .selectFrom('rollups')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  return { token, tagIds, rollupRows, timing: { monitors: 0, tags: 0, rollups: 0, results: 0, windows: 0 } }
}

/** A process's CPU time so far in ms (Linux; USER_HZ 100), or NaN elsewhere. */
const cpuMs = (pid: number | undefined) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return Number.NaN
  }
}

interface Page {
  monitors: {
    id: string
    name: string
    status: string
    uptime_24h: number | null
    tags: { id: string }[]
    heartbeats: unknown[]
  }[]
  pagination: { total: number; page: number; limit: number; total_pages: number }
}

/**
 * Requests `url` from `clients` clients in a loop for `seconds`; every latency in ms. Every answer is checked: parsed
 * for its rows and their heartbeats, or found the same, byte for byte, as an answer already checked (nothing changes
 * the data during a run). The clients share the server's two cores, so they spend as little as they can: node:http
 * over kept-alive connections, at 0.7–1.2 ms of CPU a request where fetch took 1.7–2.4 ms (and parsing every answer
 * 2.1–3.5 ms).
 */
async function load(url: string, token: string, rows: number, clients: number, seconds: number, gzip = false) {
  const latencies: number[] = []
  const until = performance.now() + seconds * 1000
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients })
  /**
   * An answer's status and bytes, or null for bytes the same as `known`'s: compared as they arrive, not gathered
   * (gathering every 240 KB answer first: 323–349 requests a second with ten clients on page (a) against 386–402, the
   * same server on the same data).
   */
  const get = (known: Buffer | undefined) =>
    new Promise<{ status: number; encoding: string | undefined; bytes: Buffer | null }>((resolve, reject) =>
      http
        .get(url, { agent, headers: { authorization: `Bearer ${token}`, ...(gzip ? ACCEPT_GZIP : {}) } }, (res) => {
          const chunks: Buffer[] = []
          let same = known !== undefined
          let at = 0
          res.on('data', (chunk: Buffer) => {
            const fits = known !== undefined && at + chunk.length <= known.length
            if (same && fits && known.compare(chunk, 0, chunk.length, at, at + chunk.length) === 0) {
              at += chunk.length
              return
            }
            // Different from here on: the bytes so far were the known ones.
            if (same && known) chunks.push(known.subarray(0, at))
            same = false
            chunks.push(chunk)
          })
          res.on('end', () => {
            const bytes = !same ? Buffer.concat(chunks) : at === known?.length ? null : known?.subarray(0, at)
            resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], bytes: bytes ?? null })
          })
          res.on('error', reject)
        })
        .on('error', reject),
    )
  let checked: Buffer | undefined
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now()
        const { status, encoding, bytes } = await get(checked)
        if (status !== 200) throw new Error(`bad answer ${status}: ${bytes?.toString()}`)
        if (gzip && encoding !== 'gzip') throw new Error(`asked for gzip, answered ${encoding ?? 'as it is'}`)
        if (bytes) {
          const json = gzip ? gunzipSync(bytes) : bytes
          const got = (JSON.parse(json.toString()) as { data: Page }).data.monitors
          if (got.length !== rows || got.some((m) => m.heartbeats?.length !== HEARTBEATS))
            throw new Error(`bad answer: ${got.length} rows (expected ${rows}), heartbeats short`)
          checked = Buffer.from(bytes)
        }
        latencies.push(performance.now() - t0)
      }
    }),
  )
  agent.destroy()
  return latencies.sort((a, b) => a - b)
}

async function main() {
  const reused = process.env.BENCH_REUSE
  const { target, cleanup } = reused ? { target: reused, cleanup: async () => {} } : await benchDatabaseTarget('page')
  const setup = open(target)
  await migrateToLatest(setup)
  const { child, ready } = forkSelf<{ port: number }>(import.meta.filename, ['--serve', target], 'server')
  try {
    const { port } = await ready
    const base = `http://127.0.0.1:${port}`
    const seedStart = Date.now()
    const { token, tagIds, rollupRows, timing } = reused ? await signInAgain(base, setup) : await seed(base, setup)
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
    console.log(
      `\nbench:checks (page): GET /api/monitors, one page of ${LIMIT} of ${MONITORS} monitors, ${rollupRows} rollup rows, ` +
        `${MONITORS * HEARTBEATS} results, on ${setup.dialect} (seeded in ${seconds(Date.now() - seedStart)}: monitors ` +
        `${seconds(timing.monitors)}, tags ${seconds(timing.tags)}, rollups ${seconds(timing.rollups)}, results ${seconds(timing.results)}, figure windows ${seconds(timing.windows)})`,
    )

    const tagged = Array.from({ length: MONITORS }, (_, i) => i).filter((i) => TAGS[2]?.has(i)).length
    const down = Array.from({ length: MONITORS }, (_, i) => i).filter((i) => stateOf(i) === 'down').length
    const searched = Array.from({ length: MONITORS }, (_, i) => i).filter((i) => serviceOf(i) === SEARCH).length
    const tagId = tagIds[TAG_FILTERED] as string
    const middle = Math.max(1, Math.floor(MONITORS / LIMIT / 2))
    const rowsOn = (total: number, page = 1) => Math.max(0, Math.min(LIMIT, total - (page - 1) * LIMIT))
    const cases: {
      label: string
      query: string
      total: number
      page?: number
      goal: boolean
      /** Results written meanwhile by another process (writer). */
      writes?: boolean
      /** Asked for as a browser asks (Accept-Encoding: gzip, …): answered gzipped, gunzipped to be checked. */
      gzip?: boolean
      check: (p: Page) => boolean
    }[] = [
      {
        label: '(a) first page, by name',
        query: `page=1&limit=${LIMIT}`,
        total: MONITORS,
        goal: true,
        check: () => true,
      },
      {
        label: `(b) middle page (${middle})`,
        query: `page=${middle}&limit=${LIMIT}`,
        total: MONITORS,
        page: middle,
        goal: true,
        check: (p) => p.pagination.page === middle,
      },
      {
        label: `(c) search "${SEARCH}" (${searched})`,
        query: `limit=${LIMIT}&q=${SEARCH}`,
        total: searched,
        goal: true,
        check: (p) => p.monitors.every((m) => m.name.includes(SEARCH)),
      },
      {
        label: `(d) status=down (${down})`,
        query: `limit=${LIMIT}&status=down`,
        total: down,
        goal: true,
        check: (p) => p.monitors.every((m) => m.status === 'down'),
      },
      {
        label: `(e) tag ${TAG_FILTERED} (${tagged})`,
        query: `limit=${LIMIT}&tag=${tagId}`,
        total: tagged,
        goal: true,
        check: (p) => p.monitors.every((m) => m.tags.some((t) => t.id === tagId)),
      },
      {
        label: '(f) sort=-uptime (information)',
        query: `limit=${LIMIT}&sort=-uptime`,
        total: MONITORS,
        goal: false,
        check: (p) =>
          p.monitors.every((m, k, all) => k === 0 || (all[k - 1]?.uptime_24h ?? -1) >= (m.uptime_24h ?? -1)),
      },
      {
        label: `(g) first page, ${WRITES_PER_S} results/s written`,
        query: `page=1&limit=${LIMIT}`,
        total: MONITORS,
        goal: true,
        writes: true,
        check: () => true,
      },
      {
        label: '(h) first page, gzipped as a browser asks',
        query: `page=1&limit=${LIMIT}`,
        total: MONITORS,
        goal: true,
        gzip: true,
        check: () => true,
      },
    ]

    const table = []
    const only = process.env.BENCH_PAGE_CASES?.split(',') // e.g. "a,c": only those cases
    for (const c of cases.filter((c) => !only || only.some((k) => c.label.startsWith(`(${k})`)))) {
      const url = `${base}/api/monitors?${c.query}`
      const rows = rowsOn(c.total, c.page)
      // Once, in full: the right rows in the right number.
      const first = await api<Page>(base, `/api/monitors?${c.query}`, token)
      if (first.pagination.total !== c.total || first.monitors.length !== rows || !c.check(first))
        throw new Error(
          `${c.label}: unexpected answer (total ${first.pagination.total}, ${first.monitors.length} rows)`,
        )
      const writer = c.writes ? forkSelf<{ writing: true }>(import.meta.filename, ['--write', target], 'writer') : null
      await writer?.ready
      await load(url, token, rows, 2, 1, c.gzip) // warm-up, not counted
      for (const clients of [1, 10]) {
        const [cpu0, db0] = [cpuMs(child.pid), postgresCpu()]
        const own0 = process.cpuUsage()
        const l = await load(url, token, rows, clients, DURATION_S, c.gzip)
        const own = process.cpuUsage(own0)
        const clientCpu = (own.user + own.system) / 1000 / l.length
        const cpu = (cpuMs(child.pid) - cpu0) / l.length
        const dbCpu = db0.size > 0 ? postgresCpuSince(db0) / l.length : Number.NaN
        const p = (q: number) => l[Math.max(0, Math.ceil((q / 100) * l.length) - 1)] as number
        if (process.env.BENCH_SPREAD)
          console.log(
            c.label,
            clients,
            [5, 10, 25, 50, 75, 90, 95, 99].map((q) => `p${q} ${p(q).toFixed(1)}`).join(' '),
          )
        table.push({
          query: c.label,
          clients,
          requests: l.length,
          'req/s': (l.length / DURATION_S).toFixed(1),
          p50: `${p(50).toFixed(1)} ms`,
          p95: `${p(95).toFixed(1)} ms`,
          p99: `${p(99).toFixed(1)} ms`,
          'server CPU/req': Number.isNaN(cpu) ? '' : `${cpu.toFixed(1)} ms`,
          'clients CPU/req': `${clientCpu.toFixed(1)} ms`,
          ...(setup.dialect === 'postgres' && !Number.isNaN(dbCpu)
            ? { 'PostgreSQL CPU/req': `${dbCpu.toFixed(1)} ms` }
            : {}),
          goal: clients === 10 ? (c.goal ? (p(95) <= GOAL_P95_MS ? 'met' : 'GOAL MISSED') : '(none)') : '',
        })
      }
      writer?.child.kill()
    }
    console.log(`goal: p95 at most ${GOAL_P95_MS} ms with 10 clients for (a) to (e), (g) and (h)`)
    console.table(table)
  } finally {
    child.kill()
    await setup.close()
    if (process.env.BENCH_KEEP || reused) console.log(`kept ${target}`)
    else await cleanup()
  }
}

/**
 * (g)'s writer: results for monitors that are up, WRITES_PER_S a second in batches every 100 ms, through the check
 * engine's recorder (results, rollups, the monitors' new state, in one transaction a batch), until it is stopped.
 */
async function writeResults(target: string) {
  const database = open(target)
  const recorder = createRecorder({ database, clock: systemClock, logger: silentLogger, appUrl: 'http://127.0.0.1' })
  const ids = (await database.db.selectFrom('monitors').select('monitor_id').where('status', '=', 'up').execute()).map(
    (r) => r.monitor_id,
  )
  process.send?.({ writing: true })
  for (let k = 0; ; k++) {
    const at = Date.now()
    const batch = Array.from({ length: Math.floor(WRITES_PER_S / 10) + (k % 10 < WRITES_PER_S % 10 ? 1 : 0) }, () => {
      const monitorId = ids[Math.floor(Math.random() * ids.length)] as string
      const ms = 30 + Math.floor(Math.random() * 150)
      return recorder.record({
        monitorId,
        lease: null,
        scheduledAt: at,
        startedAt: at - ms,
        finishedAt: at,
        outcome: { ok: true, responseMs: ms, message: 'OK' },
      })
    })
    await recorder.flush()
    await Promise.all(batch)
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at + 100 - Date.now())))
  }
}

// Last, once the constants above are set: the server (the child), the writer (another) or the benchmark.
if (process.argv.includes('--write')) {
  await writeResults(process.argv.at(-1) as string)
} else if (process.argv.includes('--serve')) {
  const target = process.argv.at(-1) as string
  const database = open(target)
  process.on('SIGTERM', () => process.exit(0)) // a clean exit writes a --cpu-prof profile
  const app = createApp(
    buildDeps({
      database,
      config: loadConfig({ LIST_THREADS: process.env.LIST_THREADS }),
      clock: systemClock,
      logger: silentLogger,
    }),
  )
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.send?.({ port: info.port }))
} else {
  await main()
}
