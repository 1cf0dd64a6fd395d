// npm run bench:api: latency and throughput of GET /api/auth/verify and GET /api/user_notification for a user
// with 10,000 notifications, 50 concurrent clients, against the real server in its own process.
// SQLite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
import { type ChildProcess, spawn } from 'node:child_process'
import { serve } from '@hono/node-server'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import { createApp } from '../src/server/app.ts'
import { systemClock } from '../src/server/clock.ts'
import { loadConfig } from '../src/server/config.ts'
import { type Database, openPostgres, openSqlite } from '../src/server/db/database.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { repos as reposOf } from '../src/server/db/repos/index.ts'
import { buildDeps } from '../src/server/deps.ts'
import { newId } from '../src/server/ids.ts'
import { silentLogger } from '../src/server/logger.ts'
import { benchDatabaseTarget } from './support.ts'

const NOTIFICATIONS = 10_000
const CONNECTIONS = 50
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)

async function serveMode(dialect: string, target: string) {
  const database: Database = dialect === 'sqlite' ? openSqlite(target) : openPostgres(target, 20)
  await migrateToLatest(database)
  const config = { ...loadConfig({}), passwordHashCost: 14 }
  const app = createApp(buildDeps({ database, config, clock: systemClock, logger: silentLogger }))
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.send?.({ port: info.port })
  })
  process.on('SIGTERM', () => server.close(() => void database.close().then(() => process.exit(0))))
}

const startServer = (dialect: string, target: string) =>
  new Promise<{ child: ChildProcess; port: number }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
        '--conditions=vigil-source',
        '--import',
        'tsx',
        import.meta.filename,
        '--serve',
        dialect,
        target,
      ],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    )
    child.once('message', (m: { port: number }) => resolve({ child, port: m.port }))
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)))
  })

const json = async (res: Response) => {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`)
  return res.json()
}

async function seed(base: string, database: Database) {
  const body = JSON.stringify({
    name: 'Bench',
    email: `bench-${newId()}@example.com`,
    password: 'bench password',
    plan: 'Pro',
  })
  const signed = await json(
    await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
  )
  const userId: string = signed.data.user.user_id
  const start = Date.now() - NOTIFICATIONS * 60_000
  const types = ['web', 'api', 'port', 'ssl', 'dns', 'incident']
  for (let i = 0; i < NOTIFICATIONS; i += 1000) {
    await reposOf(database.db).notifications.insert(
      Array.from({ length: Math.min(1000, NOTIFICATIONS - i) }, (_, k) => ({
        notification_id: newId(),
        user_id: userId,
        notification_type: types[(i + k) % types.length] as string,
        target_id: String(i + k),
        notification_title: `Monitor ${i + k} is down`,
        notification_description: 'Connection timed out after 10 s (checked from 2 locations).',
        is_opened: (i + k) % 3 === 0 ? 1 : 0,
        created_at: start + (i + k) * 60_000,
      })),
    )
  }
  // A live PostgreSQL has planner statistics (autovacuum analyzes after bulk writes); a fresh bulk load does not.
  if (database.dialect === 'postgres') await sql`analyze notifications`.execute(database.db)
  return signed.data.token as string
}

const run = (url: string, token: string, duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration, headers: { authorization: `Bearer ${token}` } },
      (err, result) => (err ? reject(err) : resolve(result)),
    )
  })

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const { target, cleanup } = await benchDatabaseTarget(
    'api',
    dialect === 'sqlite' ? '' : (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL),
  )
  const { child, port } = await startServer(dialect, target)
  const base = `http://127.0.0.1:${port}`
  const local = dialect === 'sqlite' ? openSqlite(target) : openPostgres(target, 2)
  try {
    const token = await seed(base, local)
    const rows = []
    for (const [name, path] of [
      ['GET /api/auth/verify', '/api/auth/verify'],
      ['GET /api/user_notification?page=1&limit=50', '/api/user_notification?page=1&limit=50'],
    ] as const) {
      await run(`${base}${path}`, token, 2) // warm-up (JIT, caches), not counted
      const r = await run(`${base}${path}`, token, DURATION_S)
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`)
      rows.push({
        database: dialect,
        endpoint: name,
        'req/s': r.requests.average,
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        requests: r.requests.total,
      })
    }
    return rows
  } finally {
    await local.close()
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    await cleanup()
  }
}

if (process.argv[2] === '--serve') {
  await serveMode(process.argv[3] as string, process.argv[4] as string)
} else {
  const dialects: ('sqlite' | 'postgres')[] = ['sqlite']
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) dialects.push('postgres')
  console.log(
    `${NOTIFICATIONS} notifications, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint, Node ${process.version}`,
  )
  const rows = []
  for (const d of dialects) rows.push(...(await benchDialect(d)))
  console.table(rows)
}
