// npm run bench:reports: the report of issue 18 for a Pro user with 500 monitors over a year, from the real server in
// its own process over HTTP on loopback. The goal: the report answers in at most 1 s, its PDF in at most 3 s.
// Seeds what a year of 60 s checks leaves behind, as the recorder writes it: each check added (domain addResult) to
// its minute, and the minutes' hours and the hours' days adding up; kept as the retention keeps them (day rollups for
// the year, hour rollups for the last 35 days, minute rollups for the last 2). Most monitors are 99.9 to 100 % up with
// a few short outages, some have more and longer ones, a few were added during the year, two are down now; each outage
// is an incident, and 100 monitors are on a status page with two past maintenance windows (checks in them count no
// time). Then, from 1 client in turn, after a warm-up: (a) the JSON report of all monitors over the last 365 days in
// UTC (instants ending now: day rollups, today's hours, this hour's minutes), (b) the same over 365 calendar days in
// Europe/Paris ending yesterday (its end falls inside a UTC day: hour rollups there), (c) the PDF of (a), (d) the CSV
// of (a); then (a) from 5 clients at once. Last, in this process, where the time of (a) and (b) goes: the reads, the
// arithmetic, JSON, CSV and PDF.
// SQLite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. BENCH_REPORT_MONITORS (default
// 500), BENCH_RUNS (default 15 per measure). A missed goal is printed, not an exit code (as the other benchmarks).
import { once } from 'node:events'
import { loadavg } from 'node:os'
import { serve } from '@hono/node-server'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import { sql } from 'kysely'
import { resolveReportQuery } from '@vigil/domain/report-query'
import { type Report, reportCsv } from '@vigil/domain/report-view'
import {
  addResult,
  bucketStart,
  emptyRollup,
  mergeRollups,
  PERIOD_MS,
  percentile,
  ROLLUP_RETENTION_MS,
  type Rollup,
} from '@vigil/domain/uptime'
import { createApp } from '../src/server/app.ts'
import { systemClock } from '../src/server/clock.ts'
import { loadConfig } from '../src/server/config.ts'
import type { Database } from '../src/server/db/database.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { type Repos, repos as reposOf } from '../src/server/db/repos/index.ts'
import { type MonitorRecord, newMonitorRecord, toRow } from '../src/server/db/repos/monitor-record.ts'
import type { RollupDelta } from '../src/server/db/repos/rollups.repo.ts'
import { buildDeps } from '../src/server/deps.ts'
import { newId } from '../src/server/ids.ts'
import { silentLogger } from '../src/server/logger.ts'
import { renderReportPdf } from '../src/server/reports/report-pdf.ts'
import { buildReport } from '../src/server/services/reports.service.ts'
import { benchDatabaseTarget, forkSelf, monitorInput, openBenchDatabase } from './support.ts'

dayjs.extend(utc)
dayjs.extend(timezone)

const MONITORS = Number(process.env.BENCH_REPORT_MONITORS ?? 500)
const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const WARMUP = 2
const CONCURRENT = 5
/** In-process runs for the breakdown of the time. */
const BREAKDOWN_RUNS = 5
const GOAL_MS = { json: 1000, csv: 1000, pdf: 3000 } as const
const YEAR_DAYS = 365
/** Monitors on the status page (its most), and those named by the second maintenance window. */
const ON_PAGE = 100
const IN_SECOND_WINDOW = 10
const { minute: MINUTE, hour: HOUR, day: DAY } = PERIOD_MS
const KB = 1024

interface Span {
  from: number
  to: number
}

/** One monitor's year: when it was added, how fast it answers, its outages (each an incident) and maintenance. */
interface MonitorPlan {
  id: string
  index: number
  createdAt: number
  baseMs: number
  degradedMs: number | null
  slaTarget: number
  /** Minute-aligned, apart, oldest first; `open`: still down now. */
  outages: (Span & { open: boolean })[]
  maintenance: Span[]
}

/** xorshift32: a cheap, repeatable stream of numbers in [0, 1). */
const randomStream = (seed: number) => {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    s >>>= 0
    return s / 4_294_967_296
  }
}

const minuteUp = (at: number) => Math.ceil(at / MINUTE) * MINUTE
const KINDS = [
  { type: 'web', url: 'https://example.com/' },
  { type: 'api', url: 'https://example.com/api/health' },
  { type: 'port', host: 'example.com', port: 443 },
  { type: 'ping', host: 'example.com' },
]
const CAUSES = [
  'HTTP 503 Service Unavailable',
  'Connection timed out after 30 s',
  'Connection refused',
  'HTTP 502 Bad Gateway',
]

/**
 * The year of monitor `index`: 80 % steady (0 to 4 outages of 1 to 15 minutes), 15 % shaky (5 to 10 of 5 to 60
 * minutes), 5 % troubled (8 to 15 of 10 minutes to 4 hours, and one of 3 to 10 hours): over the year, 396 of 500 at
 * 99.99 % or more, 79 from 99.9 %, 25 from 99 %. One in 50 was added during the year; one in 250 is down now.
 */
const planOf = (index: number, id: string, now: number, yearStart: number, windows: Span[][]): MonitorPlan => {
  const rng = randomStream(index * 2_654_435_761 + 12_345)
  const createdAt = index % 50 === 7 ? minuteUp(now - (90 + (index % 110)) * DAY) : yearStart - DAY
  const kind = index % 20 === 0 ? 'troubled' : index % 20 <= 3 ? 'shaky' : 'steady'
  const [count, shortest, longest] =
    kind === 'troubled' ? [8 + rng() * 8, 10, 240] : kind === 'shaky' ? [5 + rng() * 6, 5, 60] : [rng() * 5, 1, 15]
  const lengths = Array.from({ length: Math.floor(count) }, () => shortest + Math.floor(rng() * (longest - shortest)))
  if (kind === 'troubled') lengths.push(180 + Math.floor(rng() * 420))
  const first = Math.max(createdAt, yearStart)
  const candidates = lengths
    .map((minutes) => {
      const from = minuteUp(first + rng() * (now - 2 * HOUR - first))
      return { from, to: from + minutes * MINUTE, open: false }
    })
    .sort((a, b) => a.from - b.from)
  const outages: MonitorPlan['outages'] = []
  for (const o of candidates) {
    const last = outages.at(-1)
    if (!last || o.from > last.to + 5 * MINUTE) outages.push(o)
  }
  if (index % 250 === 13) outages.push({ from: minuteUp(now - 40 * MINUTE), to: now + HOUR, open: true })
  const baseMs = 40 + Math.floor(rng() * 400)
  return {
    id,
    index,
    createdAt,
    baseMs,
    degradedMs: index % 10 === 5 ? baseMs * 3 : null,
    slaTarget: [99.9, 99.9, 99.9, 99.5, 99.95, 99.99][index % 6] as number,
    outages,
    maintenance: windows[index] ?? [],
  }
}

/**
 * The rollups a 60 s check leaves, from the monitor's first check to the last whole minute before now: every check
 * added to its minute and its hour; a day is the sum of its hours. Kept as the retention keeps them.
 */
const rollupsOf = (plan: MonitorPlan, now: number, yearStart: number): RollupDelta[] => {
  const rng = randomStream(plan.index * 97 + 1)
  const keepMinutesFrom = now - ROLLUP_RETENTION_MS.minute
  const keepHoursFrom = now - ROLLUP_RETENTION_MS.hour
  const deltas: RollupDelta[] = []
  const add = (period: RollupDelta['period'], start: number, rollup: Rollup) =>
    deltas.push({ monitorId: plan.id, period, bucketStart: start, rollup })
  const hours = new Map<number, Rollup>()
  let hour = emptyRollup()
  let hourStart = -1
  let o = 0
  let m = 0
  for (let t = Math.max(minuteUp(plan.createdAt), yearStart); t < bucketStart(now, 'minute'); t += MINUTE) {
    if (t >= hourStart + HOUR) {
      hourStart = bucketStart(t, 'hour')
      hour = emptyRollup()
      hours.set(hourStart, hour)
    }
    while (o < plan.outages.length && (plan.outages[o] as Span).to <= t) o++
    while (m < plan.maintenance.length && (plan.maintenance[m] as Span).to <= t) m++
    const down = o < plan.outages.length && (plan.outages[o] as Span).from <= t
    const maintenance = m < plan.maintenance.length && (plan.maintenance[m] as Span).from <= t
    // Around the monitor's own speed, now and then a slow answer.
    const u = rng()
    const responseMs = Math.round(plan.baseMs * (u < 0.01 ? 4 + u * 300 : 0.7 + u * 0.6))
    const check = {
      status: down ? 'down' : plan.degradedMs !== null && responseMs >= plan.degradedMs ? 'degraded' : 'up',
      ok: !down,
      responseMs: down ? null : responseMs,
      weightMs: MINUTE,
      maintenance,
    } as const
    addResult(hour, check)
    if (t >= keepMinutesFrom) add('minute', t, addResult(emptyRollup(), check))
  }
  const days = new Map<number, Rollup[]>()
  for (const [start, rollup] of hours) {
    if (start >= keepHoursFrom) add('hour', start, rollup)
    const day = bucketStart(start, 'day')
    days.set(day, [...(days.get(day) ?? []), rollup])
  }
  for (const [start, dayHours] of days) add('day', start, mergeRollups(dayHours))
  return deltas
}

const post = async (base: string, path: string, token: string | null, body: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as { data: any }
}

/** `fn` over the items, `workers` at a time. */
const inParallel = async <T>(items: T[], workers: number, fn: (item: T) => Promise<void>) => {
  let next = 0
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) await fn(items[next++] as T)
    }),
  )
}

/** A Pro user (signed up through the API) with MONITORS monitors, a year of rollups, incidents and maintenance. */
async function seed(base: string, database: Database) {
  const signed = await post(base, '/api/auth/register', null, {
    name: 'Bench',
    email: `bench-${Date.now()}@example.com`,
    password: 'bench password',
    plan: 'Pro',
  })
  const token: string = signed.data.token
  const userId: string = signed.data.user.user_id
  const repos = reposOf(database.db)
  const now = Date.now()
  const yearStart = bucketStart(now - YEAR_DAYS * DAY, 'day')
  const ids = Array.from({ length: MONITORS }, () => newId())

  // Two windows of the past on the page: the whole page for 2 hours about 100 days ago, and 10 of its components for
  // 4 hours about 20 days ago (inside the hour rollups).
  const windows: Span[] = [
    { from: bucketStart(now - 100 * DAY, 'day') + 2 * HOUR, to: bucketStart(now - 100 * DAY, 'day') + 4 * HOUR },
    { from: bucketStart(now - 20 * DAY, 'day') + 21 * HOUR, to: bucketStart(now - 19 * DAY, 'day') + HOUR },
  ]
  const windowsOf = ids.map((_, i) =>
    i < IN_SECOND_WINDOW ? windows : i < ON_PAGE ? windows.slice(0, 1) : ([] as Span[]),
  )
  const plans = ids.map((id, i) => planOf(i, id, now, yearStart, windowsOf))

  const monitors = plans.map((p) => {
    const open = p.outages.find((o) => o.open)
    return {
      ...newMonitorRecord(
        userId,
        monitorInput({
          ...KINDS[p.index % KINDS.length],
          name: `Service ${String(p.index).padStart(3, '0')}`,
          interval_seconds: 60,
          degraded_threshold_ms: p.degradedMs,
          sla_target: p.slaTarget,
        }),
        p.createdAt,
        { monitorId: p.id },
      ),
      status: open ? 'down' : 'up',
      last_checked_at: now - 30_000,
      last_response_ms: p.baseMs,
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

  const incidents = plans.flatMap((p) =>
    p.outages.map((o, n) => ({
      incident_id: newId(),
      user_id: userId,
      monitor_id: p.id,
      started_at: o.from,
      resolved_at: o.open ? null : o.to,
      cause: CAUSES[(p.index + n) % CAUSES.length] as string,
    })),
  )
  for (let i = 0; i < incidents.length; i += 500)
    await database.db
      .insertInto('incidents')
      .values(incidents.slice(i, i + 500))
      .execute()

  // The rollups, a monitor per transaction; on PostgreSQL two at a time (one builds while the other is written).
  let rollups = 0
  await inParallel(plans, database.dialect === 'postgres' ? 2 : 1, async (plan) => {
    const deltas = rollupsOf(plan, now, yearStart)
    rollups += deltas.length
    await database.db.transaction().execute((trx) => reposOf(trx).rollups.add(deltas))
  })

  // The status page through the API, then its windows of the past (the API takes only windows still to end).
  const page = (
    await post(base, '/api/status_pages', token, {
      name: 'Acme Cloud',
      slug: `acme-${Date.now()}`,
      published: true,
      components: ids.slice(0, ON_PAGE).map((monitor_id, i) => ({ monitor_id, display_name: `Service ${i}` })),
    })
  ).data.status_page
  const componentIds: string[] = page.components.map((c: { id: string }) => c.id)
  for (const [n, w] of windows.entries())
    await repos.maintenance.insert(
      {
        maintenance_id: newId(),
        page_id: page.id,
        title: n === 0 ? 'Network upgrade' : 'Database upgrade',
        description: '',
        starts_at: w.from,
        ends_at: w.to,
        created_at: w.from - 7 * DAY,
      },
      n === 0 ? [] : componentIds.slice(0, IN_SECOND_WINDOW),
    )
  if (database.dialect === 'postgres') await sql`analyze`.execute(database.db)
  return { token, userId, rollups, incidents: incidents.length }
}

/** The four reports: their query strings, made at the time of asking (instants end now). */
const REPORTS = [
  { name: '(a) JSON, 365 days to now, UTC', format: 'json', query: () => lastYearUtc('json') },
  { name: '(b) JSON, 365 calendar days to yesterday, Europe/Paris', format: 'json', query: () => calendarYearParis() },
  { name: '(c) PDF of (a)', format: 'pdf', query: () => lastYearUtc('pdf') },
  { name: '(d) CSV of (a)', format: 'csv', query: () => lastYearUtc('csv') },
] as const

function lastYearUtc(format: string) {
  const now = Date.now()
  const from = new Date(now - YEAR_DAYS * DAY).toISOString()
  return new URLSearchParams({ from, to: new Date(now).toISOString(), tz: 'UTC', format })
}

function calendarYearParis() {
  const last = dayjs().tz('Europe/Paris').subtract(1, 'day')
  const first = last.subtract(YEAR_DAYS - 1, 'day')
  return new URLSearchParams({
    from: first.format('YYYY-MM-DD'),
    to: last.format('YYYY-MM-DD'),
    tz: 'Europe/Paris',
    format: 'json',
  })
}

/** One report over HTTP, checked: its time from sending to the whole answer read, and its size. */
async function fetchReport(base: string, token: string, query: URLSearchParams) {
  const t0 = performance.now()
  const res = await fetch(`${base}/api/reports?${query}`, { headers: { authorization: `Bearer ${token}` } })
  const body = Buffer.from(await res.arrayBuffer())
  const ms = performance.now() - t0
  if (res.status !== 200) throw new Error(`/api/reports?${query}: ${res.status} ${body.toString()}`)
  const format = query.get('format')
  const text = format === 'pdf' ? '' : body.toString()
  const ok =
    format === 'pdf'
      ? body.subarray(0, 5).toString() === '%PDF-'
      : format === 'csv'
        ? text.trim().split('\n').length >= MONITORS + 2
        : JSON.parse(text).data.monitors.length === MONITORS
  if (!ok) throw new Error(`/api/reports?${query}: unexpected answer`)
  return { ms, bytes: body.length }
}

/** What the seeded year looks like in report (a): the spread of uptime, the SLAs met, the incidents. */
async function describeYear(base: string, token: string) {
  const res = await fetch(`${base}/api/reports?${lastYearUtc('json')}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const report = ((await res.json()) as { data: Report }).data
  const uptimes = report.monitors.map((m) => m.uptime ?? 0)
  const count = (test: (u: number) => boolean) => uptimes.filter(test).length
  return (
    `report (a): uptime ≥ 99.99 % for ${count((u) => u >= 99.99)} monitors, 99.9 to 99.99 % for ` +
    `${count((u) => u >= 99.9 && u < 99.99)}, 99 to 99.9 % for ${count((u) => u >= 99 && u < 99.9)}, under 99 % for ` +
    `${count((u) => u < 99)}; SLA met by ${report.monitors.filter((m) => m.sla_met).length}; ` +
    `${report.totals?.incidents} incidents; totals ${report.totals?.uptime} % up, ` +
    `${((report.totals?.maintenance_ms ?? 0) / HOUR).toFixed(0)} monitor-hours in maintenance, ` +
    `${((report.totals?.no_data_ms ?? 0) / DAY).toFixed(0)} monitor-days without data.`
  )
}

const stats = (times: number[]) => ({
  p50: percentile(times, 50) as number,
  p95: percentile(times, 95) as number,
  max: Math.max(...times),
})

/**
 * Where the time of a report goes, in this process on its own connection: the reads (from the first read asked to
 * the last answered: they run at once), the rest of buildReport (the arithmetic), and each form's writing.
 */
async function breakdown(database: Database, userId: string, query: URLSearchParams) {
  const repos = reposOf(database.db)
  let first = 0
  let last = 0
  const clocked =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      first ||= performance.now()
      const out = await fn(...args)
      last = performance.now()
      return out
    }
  const timedRepos: Repos = {
    ...repos,
    monitors: { ...repos.monitors, listOwned: clocked(repos.monitors.listOwned) },
    rollups: { ...repos.rollups, reportSums: clocked(repos.rollups.reportSums) },
    incidents: { ...repos.incidents, overlapping: clocked(repos.incidents.overlapping) },
    maintenance: { ...repos.maintenance, spansOf: clocked(repos.maintenance.spansOf) },
  }
  const samples = { reads: [] as number[], arithmetic: [] as number[], json: [] as number[], csv: [] as number[] }
  const pdf: number[] = []
  let pieces = ''
  for (let run = 0; run < WARMUP + BREAKDOWN_RUNS; run++) {
    const now = Date.now()
    const resolved = resolveReportQuery(Object.fromEntries(query) as never, now)
    if (!resolved.ok) throw new Error(resolved.message)
    first = 0
    const t0 = performance.now()
    const report = await buildReport({ repos: timedRepos, now }, userId, resolved)
    const built = performance.now()
    JSON.stringify({ data: report })
    const t1 = performance.now()
    reportCsv(report)
    const t2 = performance.now()
    await renderReportPdf(report)
    const t3 = performance.now()
    if (run < WARMUP) continue
    samples.reads.push(last - first)
    samples.arithmetic.push(built - t0 - (last - first))
    samples.json.push(t1 - built)
    samples.csv.push(t2 - t1)
    pdf.push(t3 - t2)
    pieces = `${report.days.length} days, covered ${report.covered_from} to ${report.covered_to}`
  }
  const p50 = (xs: number[]) => (percentile(xs, 50) as number).toFixed(1)
  return {
    'reads ms': p50(samples.reads),
    'arithmetic ms': p50(samples.arithmetic),
    'JSON.stringify ms': p50(samples.json),
    'CSV ms': p50(samples.csv),
    'PDF render ms': p50(pdf),
    covers: pieces,
  }
}

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const { target, cleanup } = await benchDatabaseTarget(
    'reports',
    dialect === 'sqlite' ? '' : (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL),
  )
  const setup = openBenchDatabase(target)
  await migrateToLatest(setup)
  const { child, ready } = forkSelf<{ port: number }>(import.meta.filename, ['--serve', target], 'server')
  try {
    const base = `http://127.0.0.1:${(await ready).port}`
    const seedStart = performance.now()
    const seeded = await seed(base, setup)
    const seedSeconds = (performance.now() - seedStart) / 1000
    const loadBefore = loadavg()[0] as number
    console.log(
      `\nbench:reports on ${dialect}: ${MONITORS} monitors, ${seeded.rollups.toLocaleString('en')} rollup rows ` +
        `(${YEAR_DAYS + 1} days, 35 days of hours, 2 days of minutes each), ${seeded.incidents} incidents, ` +
        `${Math.min(ON_PAGE, MONITORS)} monitors on a page with 2 past maintenance windows; seeded in ${seedSeconds.toFixed(0)} s. ` +
        `${RUNS} runs per report from 1 client after ${WARMUP} untimed, Node ${process.version}.`,
    )

    const rows: Record<string, unknown>[] = []
    /** A measure's line; `goal` null: for information (the issue sets none for several clients). */
    const row = (name: string, clients: number, goal: number | null, times: number[], bytes: number) => {
      const s = stats(times)
      const verdict = s.max <= (goal ?? 0) ? 'ok' : s.p95 <= (goal ?? 0) ? 'ok at p95, max over' : 'GOAL MISSED'
      rows.push({
        report: name,
        clients,
        runs: times.length,
        'p50 ms': s.p50.toFixed(1),
        'p95 ms': s.p95.toFixed(1),
        'max ms': s.max.toFixed(1),
        size: `${(bytes / KB).toFixed(1)} KB`,
        goal: goal === null ? '-' : `≤ ${goal} ms`,
        verdict: goal === null ? '-' : verdict,
      })
    }
    for (const report of REPORTS) {
      const times: number[] = []
      let bytes = 0
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const r = await fetchReport(base, seeded.token, report.query())
        if (run >= WARMUP) times.push(r.ms)
        bytes = r.bytes
      }
      row(report.name, 1, GOAL_MS[report.format], times, bytes)
    }
    // (a) from several clients at once: RUNS answers in all.
    const concurrent: number[] = []
    let bytes = 0
    const concurrentStart = performance.now()
    await inParallel(
      Array.from({ length: RUNS }, (_, i) => i),
      CONCURRENT,
      async () => {
        const r = await fetchReport(base, seeded.token, lastYearUtc('json'))
        concurrent.push(r.ms)
        bytes = r.bytes
      },
    )
    const perSecond = RUNS / ((performance.now() - concurrentStart) / 1000)
    row(`${REPORTS[0].name}, ${CONCURRENT} at once`, CONCURRENT, null, concurrent, bytes)
    console.log(
      `${CONCURRENT} at once: ${perSecond.toFixed(2)} reports/s; in order of answer (ms): ${concurrent.map((t) => t.toFixed(0)).join(' ')}`,
    )
    console.log(
      `load average ${loadBefore.toFixed(2)} before the requests, ${(loadavg()[0] as number).toFixed(2)} after`,
    )
    console.table(rows)
    console.log(await describeYear(base, seeded.token))

    console.log(`where the time goes (in this process, p50 of ${BREAKDOWN_RUNS} after ${WARMUP} untimed):`)
    console.table([
      { report: REPORTS[0].name, ...(await breakdown(setup, seeded.userId, lastYearUtc('json'))) },
      { report: REPORTS[1].name, ...(await breakdown(setup, seeded.userId, calendarYearParis())) },
    ])
    return rows
  } finally {
    // The server gone before its database is dropped (its pool would log the connections ended under it).
    child.kill()
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit')
    await setup.close()
    if (process.env.BENCH_KEEP) console.log(`kept ${target}`)
    else await cleanup()
  }
}

async function main() {
  const dialects: ('sqlite' | 'postgres')[] = ['sqlite']
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) dialects.push('postgres')
  else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to run it too.')
  for (const d of dialects) await benchDialect(d)
}

if (process.argv.includes('--serve')) {
  const target = process.argv.at(-1) as string
  const database = openBenchDatabase(target)
  const app = createApp(buildDeps({ database, config: loadConfig({}), clock: systemClock, logger: silentLogger }))
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.send?.({ port: info.port }))
} else {
  await main()
}
