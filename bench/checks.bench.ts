// npm run bench:checks (part 1): the check engine at scale. N HTTP monitors at a 30 s interval against a local
// target (its own process), run by one worker (this process) exactly as `npm start` runs them: leases in the
// database, the due-time queue, real HTTP checks, batched result writes with rollups. Reports checks/s, how
// late checks start after their due time (drift p50/p99/max), CPU and resident memory of the worker (and on
// PostgreSQL the CPU of its processes on this machine, in % of a core).
// BENCH_MONITORS (default 10000), BENCH_INTERVAL (30 s), BENCH_DURATION (90 s, the first 20 s not counted);
// SQLite by default, PostgreSQL with BENCH_DATABASE_URL.
import type { ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { percentile } from '@vigil/domain/uptime'
import { systemClock } from '../src/server/clock.ts'
import { loadConfig } from '../src/server/config.ts'
import type { Database } from '../src/server/db/database.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { newMonitorRecord as newMonitorRow, toRow } from '../src/server/db/repos/monitor-record.ts'
import { buildDeps } from '../src/server/deps.ts'
import { createScheduler } from '../src/server/engine/scheduler.ts'
import { silentLogger } from '../src/server/logger.ts'
import {
  benchDatabaseTarget,
  forkSelf,
  monitorInput,
  openBenchDatabase,
  postgresCpu,
  postgresCpuSince,
  seedUser,
} from './support.ts'

const MONITORS = Number(process.env.BENCH_MONITORS ?? 10_000)
const INTERVAL_S = Number(process.env.BENCH_INTERVAL ?? 30)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 90)
const WARMUP_S = Math.min(20, Math.floor(DURATION_S / 3))

if (process.argv.includes('--target')) {
  // The watched website: a tiny page, answered at once.
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>ok</h1>')
  })
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }))
} else {
  await main()
}

async function startTarget() {
  const { child, ready } = forkSelf<{ port: number }>(import.meta.filename, ['--target'], 'target')
  return { child, port: (await ready).port }
}

async function openBenchDb(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const { target, cleanup } = await benchDatabaseTarget('checks')
  return { database: openBenchDatabase(target), cleanup }
}

async function seed(database: Database, targetUrl: string) {
  const now = Date.now()
  const userId = await seedUser(database, now)
  const rows = Array.from({ length: MONITORS }, (_, i) =>
    newMonitorRow(
      userId,
      monitorInput({
        type: 'web',
        name: `Site ${i}`,
        url: `${targetUrl}page/${i}`,
        keyword: 'ok',
        interval_seconds: INTERVAL_S,
      }),
      now,
      // Spread over one interval, as monitors added over time are.
      { nextCheckAt: now + 2000 + Math.floor(Math.random() * INTERVAL_S * 1000) },
    ),
  )
  for (let i = 0; i < rows.length; i += 500)
    await database.db
      .insertInto('monitors')
      .values(rows.slice(i, i + 500).map(toRow))
      .execute()
}

async function main() {
  const target = await startTarget()
  const { database, cleanup } = await openBenchDb()
  let child: ChildProcess | null = target.child
  try {
    await migrateToLatest(database)
    await seed(database, `http://127.0.0.1:${target.port}/`)
    const config = { ...loadConfig({}), allowPrivateTargets: true }
    const deps = buildDeps({ database, config, clock: systemClock, logger: silentLogger })

    const late: number[] = []
    let measuring = false
    let checks = 0
    const scheduler = createScheduler({
      database,
      recorder: deps.recorder,
      logger: { ...silentLogger, error: (m, f) => console.error(m, f) },
      runCheck: deps.runCheck,
      clock: systemClock,
      onStart: (lateMs) => {
        if (!measuring) return
        checks += 1
        late.push(lateMs)
      },
    })

    let peakRss = 0
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss)
    }, 250)
    const started = Date.now()
    scheduler.start()
    await new Promise((r) => setTimeout(r, WARMUP_S * 1000))
    measuring = true
    peakRss = 0
    const [cpu0, db0] = [process.cpuUsage(), postgresCpu()]
    const t0 = performance.now()
    await new Promise((r) => setTimeout(r, (DURATION_S - WARMUP_S) * 1000))
    measuring = false
    const seconds = (performance.now() - t0) / 1000
    const cpu = process.cpuUsage(cpu0)
    const dbCpu = postgresCpuSince(db0)
    clearInterval(sampler)
    await scheduler.stop()

    const results = Number(
      (
        await database.db
          .selectFrom('check_results')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    const failed = Number(
      (
        await database.db
          .selectFrom('check_results')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('ok', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    )
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
    const ms = (value: number | null) => `${value ?? '-'} ms`
    console.log(
      `\nbench:checks: ${MONITORS} HTTP monitors every ${INTERVAL_S} s on ${database.dialect}, ` +
        `${DURATION_S} s run (${WARMUP_S} s warm-up not counted), Node ${process.version}`,
    )
    console.table([
      {
        'checks/s': (checks / seconds).toFixed(1),
        'expected/s': (MONITORS / INTERVAL_S).toFixed(1),
        'drift p50': ms(percentile(late, 50)),
        'drift p99': ms(percentile(late, 99)),
        'drift max': ms(late.length ? Math.max(...late) : null),
        'CPU (worker)': `${(((cpu.user + cpu.system) / 1e6 / seconds) * 100).toFixed(1)} %`,
        ...(database.dialect === 'postgres' ? { 'CPU (PostgreSQL)': `${(dbCpu / 10 / seconds).toFixed(1)} %` } : {}),
        'RSS peak': mb(peakRss),
      },
    ])
    console.log(
      `results stored: ${results} (${failed} failed checks) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    )
    child.kill()
    child = null
  } finally {
    child?.kill()
    await database.close()
    await cleanup()
  }
}
