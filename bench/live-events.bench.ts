// npm run bench:live: how soon a check's result reaches the open pages (issue 19: within 1 s). BENCH_MONITORS
// (default 1000) HTTP monitors every BENCH_INTERVAL s (30) against a local target (its own process), checked by the
// engine exactly as `npm start` runs it, and BENCH_PAGES (20) open pages: SSE streams on GET /api/events of the app
// served on a loopback port, split over BENCH_USERS (4) users. For every result an open page gets, the time from the
// result's write (its batch committed: the recorder's answer to the scheduler) to the event's arrival on the page,
// and from the check's start (`checked_at`, so also the check and the recorder's 100 ms batching).
// SQLite by default: the engine in the serving process, events through the in-process hub. PostgreSQL with
// BENCH_DATABASE_URL: the engine has dependencies of its own (its own pool and hub, as a worker process has) and
// publishes with NOTIFY; the serving side's hub LISTENs. BENCH_DURATION (75 s, the first 15 s not counted).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { LIVE_EVENT_NAME, type LiveEvent } from '@vigil/domain/live-event'
import { percentile } from '@vigil/domain/uptime'
import { createApp } from '../src/server/app.ts'
import { hashToken, newToken } from '../src/server/auth/tokens.ts'
import { systemClock } from '../src/server/clock.ts'
import { loadConfig } from '../src/server/config.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { newMonitorRecord as newMonitorRow, toRow } from '../src/server/db/repos/monitor-record.ts'
import { buildDeps } from '../src/server/deps.ts'
import type { Recorder } from '../src/server/engine/recorder.ts'
import { createScheduler } from '../src/server/engine/scheduler.ts'
import { silentLogger } from '../src/server/logger.ts'
import { benchDatabaseTarget, forkSelf, monitorInput, openBenchDatabase, seedUser } from './support.ts'

const MONITORS = Number(process.env.BENCH_MONITORS ?? 1000)
const INTERVAL_S = Number(process.env.BENCH_INTERVAL ?? 30)
const PAGES = Number(process.env.BENCH_PAGES ?? 20)
const USERS = Number(process.env.BENCH_USERS ?? 4)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 75)
const WARMUP_S = Math.min(15, Math.floor(DURATION_S / 4))

if (process.argv.includes('--target')) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>ok</h1>')
  })
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }))
} else {
  await main()
}

/** A page's stream: calls `onEvent` with each event as it arrives. */
async function openPage(url: string, token: string, onEvent: (event: LiveEvent) => void, signal: AbortSignal) {
  const res = await fetch(url, { headers: { cookie: `token=${token}`, accept: 'text/event-stream' }, signal })
  if (res.status !== 200 || !res.body) throw new Error(`stream refused: ${res.status}`)
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  void (async () => {
    let buffer = ''
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        buffer += decoder.decode(value, { stream: true })
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, at)
          buffer = buffer.slice(at + 2)
          if (!block.includes(`event: ${LIVE_EVENT_NAME}`)) continue
          const data = block.split('\n').find((l) => l.startsWith('data: '))
          if (data) onEvent(JSON.parse(data.slice(6)) as LiveEvent)
        }
      }
    } catch {
      // closed at the end
    }
  })()
}

async function main() {
  const { child, ready } = forkSelf<{ port: number }>(import.meta.filename, ['--target'], 'target')
  const targetUrl = `http://127.0.0.1:${(await ready).port}/`
  const { target, cleanup } = await benchDatabaseTarget('live')
  const database = openBenchDatabase(target)
  const pg = database.dialect === 'postgres'
  const workerDb = pg ? openBenchDatabase(target) : database
  const stop = new AbortController()
  try {
    await migrateToLatest(database)
    const now = Date.now()
    const users: { id: string; token: string }[] = []
    for (let u = 0; u < USERS; u++) {
      const id = await seedUser(database, now)
      const token = newToken()
      await database.db
        .insertInto('sessions')
        .values({
          token_hash: hashToken(token),
          user_id: id,
          created_at: now,
          expires_at: now + 86_400_000,
          user_agent: null,
          ip: null,
          last_active_at: now,
        })
        .execute()
      users.push({ id, token })
    }
    const rows = Array.from({ length: MONITORS }, (_, i) =>
      newMonitorRow(
        (users[i % USERS] as { id: string }).id,
        monitorInput({ type: 'web', name: `Site ${i}`, url: `${targetUrl}page/${i}`, interval_seconds: INTERVAL_S }),
        now,
        { nextCheckAt: now + 2000 + Math.floor(Math.random() * INTERVAL_S * 1000) },
      ),
    )
    for (let i = 0; i < rows.length; i += 500)
      await database.db
        .insertInto('monitors')
        .values(rows.slice(i, i + 500).map(toRow))
        .execute()

    const config = { ...loadConfig({}), allowPrivateTargets: true }
    const deps = buildDeps({ database, config, clock: systemClock, logger: silentLogger })
    await deps.live.start()
    const app = createApp(deps)
    const server = await new Promise<Server>((done) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s as Server))
    })
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

    // The engine: in this process's dependencies on SQLite, in a worker's own on PostgreSQL.
    const engineDeps = pg ? buildDeps({ database: workerDb, config, clock: systemClock, logger: silentLogger }) : deps
    /** When each result's batch was written, by monitor and checked_at. */
    const written = new Map<string, number>()
    const recorder: Recorder = {
      ...engineDeps.recorder,
      record: (check, opts) =>
        engineDeps.recorder.record(check, opts).then((r) => {
          if (r) written.set(`${r.result.monitor_id}|${r.result.checked_at}`, performance.now())
          return r
        }),
    }
    const fromWrite: number[] = []
    const fromCheck: number[] = []
    let missing = 0
    let measuring = false
    for (let p = 0; p < PAGES; p++)
      await openPage(
        `${base}/api/events`,
        (users[p % USERS] as { token: string }).token,
        (event) => {
          if (!measuring || event.kind !== 'monitor' || !event.result) return
          const at = performance.now()
          const checkedAt = Date.parse(event.result.checked_at)
          const wrote = written.get(`${event.monitor_id}|${checkedAt}`)
          if (wrote === undefined) missing += 1
          else fromWrite.push(at - wrote)
          fromCheck.push(Date.now() - checkedAt)
        },
        stop.signal,
      )

    const scheduler = createScheduler({
      database: workerDb,
      recorder,
      logger: { ...silentLogger, error: (m, f) => console.error(m, f) },
      runCheck: engineDeps.runCheck,
      clock: systemClock,
    })
    scheduler.start()
    await new Promise((r) => setTimeout(r, WARMUP_S * 1000))
    measuring = true
    const cpu0 = process.cpuUsage()
    const t0 = performance.now()
    await new Promise((r) => setTimeout(r, (DURATION_S - WARMUP_S) * 1000))
    measuring = false
    const seconds = (performance.now() - t0) / 1000
    const cpu = process.cpuUsage(cpu0)
    await scheduler.stop()
    stop.abort()
    server.closeAllConnections()
    await new Promise<void>((done) => server.close(() => done()))
    await engineDeps.live.stop()
    await deps.live.stop()

    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b)
    const row = (label: string, xs: number[]) => {
      const s = sorted(xs)
      const ms = (v: number | null | undefined) => (v === null || v === undefined ? '-' : `${v.toFixed(1)} ms`)
      return {
        from: label,
        events: s.length,
        p50: ms(percentile(s, 50)),
        p95: ms(percentile(s, 95)),
        p99: ms(percentile(s, 99)),
        max: ms(s.at(-1)),
        'over 1 s': s.filter((v) => v > 1000).length,
      }
    }
    console.log(
      `\nbench:live: ${MONITORS} HTTP monitors every ${INTERVAL_S} s on ${database.dialect}` +
        `${pg ? ' (engine with its own pool and hub, NOTIFY -> LISTEN)' : ' (in-process hub)'}, ` +
        `${PAGES} open pages over ${USERS} users, ${DURATION_S} s run (${WARMUP_S} s warm-up not counted), ` +
        `Node ${process.version}`,
    )
    console.table([row('result written', fromWrite), row('check started', fromCheck)])
    console.log(
      `events/s delivered: ${(fromCheck.length / seconds).toFixed(1)}; events without a known write: ${missing}; ` +
        `CPU ${(((cpu.user + cpu.system) / 1e6 / seconds) * 100).toFixed(0)}% of one core (server, engine and pages)`,
    )
  } finally {
    stop.abort()
    child.kill()
    if (pg) await workerDb.close()
    await database.close()
    await cleanup()
  }
}
