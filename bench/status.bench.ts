// npm run bench:status: a public status page with 20 components (90 days of history each), 2 incidents and a
// maintenance window, served by the real server in its own process. Reports the first view's size (HTML, of it
// JavaScript, compressed with brotli and gzip) and requests/s with p50/p99 for 100 concurrent clients on the page,
// its JSON and a badge; then the page with the cache off (STATUS_CACHE_SECONDS=0: every request built afresh).
// SQLite by default, PostgreSQL with BENCH_DATABASE_URL. BENCH_DURATION (default 10 s per run).
import type { ChildProcess } from 'node:child_process'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import { addResult, bucketStart, emptyRollup, PERIOD_MS } from '@vigil/domain/uptime'
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

const COMPONENTS = 20
const CONNECTIONS = 100
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const GOAL_RPS = 1000
const KB = 1024

const post = async (base: string, path: string, token: string | null, body: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as { data: any }
}

/** A Pro user, COMPONENTS monitors with 90 days of daily rollups, and a published page over them. */
async function seed(base: string, database: Database) {
  const signed = await post(base, '/api/auth/register', null, {
    name: 'Bench',
    email: `bench-${Date.now()}@example.com`,
    password: 'bench password',
    plan: 'Pro',
  })
  const token: string = signed.data.token
  const userId: string = signed.data.user.user_id
  const now = Date.now()
  const rows = Array.from({ length: COMPONENTS }, (_, i) => ({
    ...newMonitorRow(
      userId,
      monitorInput({
        type: 'web',
        url: `https://service-${i}.example.com/`,
        name: `Service ${i}`,
        interval_seconds: 60,
      }),
      now - 90 * PERIOD_MS.day,
    ),
    status: i === 3 ? 'down' : i === 7 ? 'degraded' : 'up',
    last_checked_at: now - 30_000,
    accounted_at: now - 30_000,
    next_check_at: null,
  }))
  await database.db
    .insertInto('monitors')
    .values(rows.map((m) => toRow(m as MonitorRecord)))
    .execute()
  const deltas: RollupDelta[] = []
  const today = bucketStart(now, 'day')
  for (const [n, row] of rows.entries())
    for (let d = 0; d < 90; d++) {
      const r = emptyRollup()
      // A day of minute checks; now and then one fails.
      for (let k = 0; k < 1440; k += 10)
        addResult(r, {
          status: (n * 7 + d * 13 + k) % 1499 === 0 ? 'down' : 'up',
          ok: true,
          responseMs: 40 + ((d * k) % 300),
          weightMs: 600_000,
        })
      deltas.push({ monitorId: row.monitor_id, period: 'day', bucketStart: today - d * PERIOD_MS.day, rollup: r })
    }
  await reposOf(database.db).rollups.add(deltas)
  if (database.dialect === 'postgres') await sql`analyze`.execute(database.db)

  const groups = ['Website', 'API', 'Infrastructure']
  const page = (
    await post(base, '/api/status_pages', token, {
      name: 'Acme Cloud',
      slug: 'acme-cloud',
      description: 'Live status of **Acme Cloud** services. Subscribe to the [feed](/status/acme-cloud/feed.xml).',
      published: true,
      show_response_times: true,
      components: rows.map((r, i) => ({
        monitor_id: r.monitor_id,
        display_name: `Service ${i}`,
        group: groups[i % groups.length],
      })),
    })
  ).data.status_page
  const components: { id: string }[] = page.components
  for (const [title, impact] of [
    ['Elevated API error rates', 'major'],
    ['Slow dashboard loading', 'minor'],
  ] as const) {
    const incident = (
      await post(base, `/api/status_pages/${page.id}/incidents`, token, {
        title,
        impact,
        status: 'investigating',
        message: 'We are looking into reports of **errors** for some customers.',
        component_ids: components.slice(0, 3).map((c) => c.id),
      })
    ).data.incident
    await post(base, `/api/status_pages/${page.id}/incidents/${incident.id}/updates`, token, {
      status: 'identified',
      message: 'The cause is a failed database node; traffic is moving to a replica.',
    })
  }
  await post(base, `/api/status_pages/${page.id}/maintenance`, token, {
    title: 'Database upgrade',
    description: 'Expect brief read-only periods.',
    starts_at: new Date(now + 86_400_000).toISOString(),
    ends_at: new Date(now + 90_000_000).toISOString(),
    component_ids: [],
  })
  return { slug: page.slug as string, componentId: components[0]?.id as string }
}

const startServer = (target: string, cacheSeconds: number) => {
  const { child, ready } = forkSelf<{ port: number }>(
    import.meta.filename,
    ['--serve', String(cacheSeconds), target],
    'server',
  )
  return { child, port: ready.then((m) => m.port) }
}

const run = (url: string, duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration, headers: { 'accept-encoding': 'br, gzip' } },
      (err, result) => (err ? reject(err) : resolve(result)),
    )
  })

async function main() {
  const { target, cleanup } = await benchDatabaseTarget('status')
  const setup = openBenchDatabase(target)
  await migrateToLatest(setup)
  const servers: ChildProcess[] = []
  try {
    const cached = startServer(target, 60)
    servers.push(cached.child)
    const base = `http://127.0.0.1:${await cached.port}`
    const { slug, componentId } = await seed(base, setup)

    // The first view: one HTML document with its style and script inline, nothing else to fetch.
    const page = await fetch(`${base}/status/${slug}`, { headers: { 'accept-encoding': 'identity' } })
    const html = await page.text()
    const script = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? ''
    const external = html.match(/<(script|link)[^>]+(src|href)="[^"]+\.(js|css)"/g) ?? []
    const br = brotliCompressSync(html).length
    const gz = gzipSync(html).length
    console.log(
      `\nbench:status on ${setup.dialect}: ${COMPONENTS} components × 90 days, 2 incidents, 1 maintenance window; ` +
        `${CONNECTIONS} connections, ${DURATION_S} s per run, Node ${process.version}`,
    )
    console.table([
      {
        'HTML KB': (Buffer.byteLength(html) / KB).toFixed(1),
        'brotli KB': (br / KB).toFixed(1),
        'gzip KB': (gz / KB).toFixed(1),
        'JS KB': (Buffer.byteLength(script) / KB).toFixed(2),
        'other files': external.length,
        'first view ≤ 100 KB compressed, JS ≤ 50 KB': br <= 100 * KB && Buffer.byteLength(script) <= 50 * KB,
      },
    ])

    const rows: Record<string, unknown>[] = []
    const measure = async (name: string, url: string) => {
      await run(url, 2) // warm-up (JIT, compression of the cached copy), not counted
      const r = await run(url, DURATION_S)
      // Requests still in flight when a run stops count as errors; more than that is a failure.
      if (r.non2xx > 0 || r.errors > CONNECTIONS) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`)
      rows.push({
        request: name,
        'req/s': r.requests.average,
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        'KB/request': (r.throughput.average / r.requests.average / KB).toFixed(1),
        'cut off at the end': r.errors,
        [`≥ ${GOAL_RPS} req/s`]: r.requests.average >= GOAL_RPS,
      })
    }
    await measure('page (cached)', `${base}/status/${slug}`)
    await measure('JSON (cached)', `${base}/api/public/status/${slug}`)
    await measure('badge (cached)', `${base}/status/${slug}/components/${componentId}/badge.svg`)
    cached.child.kill()
    console.table(rows)

    const uncached = startServer(target, 0)
    servers.push(uncached.child)
    const uncachedUrl = `http://127.0.0.1:${await uncached.port}/status/${slug}`
    const t0 = performance.now()
    await (await fetch(uncachedUrl, { headers: { 'accept-encoding': 'br' } })).arrayBuffer()
    console.log(`one page built afresh: ${(performance.now() - t0).toFixed(1)} ms`)
    await measure('page (cache off)', uncachedUrl)
    console.table(rows)
  } finally {
    for (const child of servers) child.kill()
    await setup.close()
    if (process.env.BENCH_KEEP) console.log(`kept ${target}`)
    else await cleanup()
  }
}

if (process.argv.includes('--serve')) {
  const target = process.argv.at(-1) as string
  const cacheSeconds = process.argv.at(-2) as string
  const database = openBenchDatabase(target)
  const config = loadConfig({ STATUS_CACHE_SECONDS: cacheSeconds })
  const app = createApp(buildDeps({ database, config, clock: systemClock, logger: silentLogger }))
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.send?.({ port: info.port }))
} else {
  await main()
}
