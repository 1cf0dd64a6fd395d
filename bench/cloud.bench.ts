// npm run bench:cloud: an AWS account with 2,000 EC2 instances over 10 regions (and databases, apps, Lightsail
// instances and a month of costs), served by the tests' loopback AWS in its own process, connected to the real
// server in another process through the SDK's own endpoint setting (AWS_ENDPOINT_URL). Reports how long a whole
// read of the account takes (connect's first read, then "read now" a few times), and the latency of each of the
// account's six pages (p50, p95, p99) for 1 client and for 10 concurrent clients. SQLite by default, PostgreSQL with
// BENCH_DATABASE_URL. BENCH_REQUESTS (default 300 per page).
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { serve } from '@hono/node-server'
import { createApp } from '../src/server/app.ts'
import { systemClock } from '../src/server/clock.ts'
import { loadConfig } from '../src/server/config.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'
import { buildDeps } from '../src/server/deps.ts'
import { silentLogger } from '../src/server/logger.ts'
import {
  amplifyApp,
  lightsailInstance,
  manyInstances,
  rdsInstance,
  TEN_REGIONS,
} from '../tests/support/aws/fixtures.ts'
import { startLoopbackAws } from '../tests/support/aws/loopback-aws.ts'
import { World } from '../tests/support/aws/world.ts'
import { benchDatabaseTarget, forkSelf, openBenchDatabase } from './support.ts'

const ACCOUNT = '111122223333'
const REGIONS = TEN_REGIONS
const INSTANCES = 2000
const READS = 3
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300)
const CLIENTS = [1, 10]
const GOAL_SYNC_S = 30
const GOAL_P95_MS = 200
const PAGES = ['billing-summary', 'ec2', 'rds', 'amplify', 'lightsail', 'services'] as const

/** The loopback AWS's account: 200 instances in each region, a few of everything else, this month's costs. */
const seedWorld = () => {
  const world = new World()
  const account = world.account(ACCOUNT)
  account.regions = Object.fromEntries(REGIONS.map((r) => [r, 'opt-in-not-required'] as const))
  const perRegion = INSTANCES / REGIONS.length
  const today = new Date()
  for (const [n, region] of REGIONS.entries()) {
    account.ec2[region] = manyInstances(region, perRegion)
    account.rds[region] = [rdsInstance(`db-${n}`), rdsInstance(`db-${n}-replica`)]
    account.amplify[region] = [amplifyApp(`d${n}app`)]
    account.lightsail[region] = [lightsailInstance(`blog-${n}`)]
  }
  const services = ['Amazon Elastic Compute Cloud - Compute', 'Amazon Relational Database Service', 'Amazon S3']
  for (let day = 1; day <= today.getUTCDate(); day++)
    for (const [i, service] of services.entries())
      account.costs.push({
        date: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), day)).toISOString().slice(0, 10),
        service,
        amount: 40 + i * 10 + (day % 7),
      })
  account.forecast = 2000
  return { world, keys: world.addUser(ACCOUNT, 'vigil-bench') }
}

const call = async (base: string, method: string, path: string, token: string | null, body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as { data: any }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

/** REQUESTS requests for `path`, `clients` at a time: the latencies, sorted, and the answer's size. */
const latencies = async (base: string, path: string, token: string, clients: number) => {
  const times: number[] = []
  let bytes = 0
  let next = 0
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1
      const t0 = performance.now()
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })
      const body = await res.arrayBuffer()
      times.push(performance.now() - t0)
      if (!res.ok) throw new Error(`${path}: ${res.status}`)
      bytes = body.byteLength
    }
  }
  await Promise.all(Array.from({ length: clients }, worker))
  return { sorted: times.sort((a, b) => a - b), bytes }
}

async function main() {
  const { target, cleanup } = await benchDatabaseTarget('cloud')
  const setup = openBenchDatabase(target)
  await migrateToLatest(setup)
  await setup.close()
  const children: ChildProcess[] = []
  try {
    const aws = forkSelf<{ url: string; keys: { access_key_id: string; secret_access_key: string } }>(
      import.meta.filename,
      ['--aws'],
      'loopback AWS',
    )
    children.push(aws.child)
    const { url, keys } = await aws.ready
    process.env.AWS_ENDPOINT_URL = url
    process.env.SECRET_KEY = randomBytes(32).toString('hex')
    const server = forkSelf<{ port: number }>(import.meta.filename, ['--serve', target], 'server')
    children.push(server.child)
    const base = `http://127.0.0.1:${(await server.ready).port}`

    const signed = await call(base, 'POST', '/api/auth/register', null, {
      name: 'Bench',
      email: `bench-${Date.now()}@example.com`,
      password: 'bench password',
      plan: 'Pro',
    })
    const token: string = signed.data.token

    // Connect: the credentials checked with STS, the enabled regions listed, then the first read in the background.
    const t0 = performance.now()
    const connected = await call(base, 'POST', '/api/aws/accounts', token, { name: 'Bench', auth: 'keys', ...keys })
    const id: string = connected.data.account.id
    let account = connected.data.account
    while (account.status === 'pending') {
      await new Promise((r) => setTimeout(r, 100))
      account = (await call(base, 'GET', `/api/aws/accounts/${id}`, token)).data.account
    }
    const first = (performance.now() - t0) / 1000
    if (account.status !== 'ok') throw new Error(`the first read ended ${account.status}: ${account.last_error}`)
    if (account.counts.ec2 !== INSTANCES) throw new Error(`read ${account.counts.ec2} instances, not ${INSTANCES}`)

    const reads: number[] = []
    for (let i = 0; i < READS; i++) {
      const t = performance.now()
      await call(base, 'POST', `/api/aws/accounts/${id}/sync`, token)
      reads.push((performance.now() - t) / 1000)
    }

    console.log(
      `\nbench:cloud on ${setup.dialect}: ${INSTANCES} EC2 instances over ${REGIONS.length} regions, ` +
        `${REGIONS.length * 2} RDS, ${REGIONS.length} Amplify apps, ${REGIONS.length} Lightsail instances; Node ${process.version}`,
    )
    console.table([
      {
        read: 'connect, then the first read (costs included)',
        seconds: first.toFixed(2),
        [`< ${GOAL_SYNC_S} s`]: first < GOAL_SYNC_S,
      },
      ...reads.map((s, i) => ({
        read: `read now #${i + 1} (costs not due)`,
        seconds: s.toFixed(2),
        [`< ${GOAL_SYNC_S} s`]: s < GOAL_SYNC_S,
      })),
    ])

    const rows: Record<string, unknown>[] = []
    for (const page of PAGES)
      for (const clients of CLIENTS) {
        const path = `/api/aws/accounts/${id}/${page}`
        await latencies(base, path, token, clients) // warm-up, not counted
        const { sorted, bytes } = await latencies(base, path, token, clients)
        const p95 = percentile(sorted, 95)
        rows.push({
          page,
          clients,
          'KB/answer': (bytes / 1024).toFixed(1),
          'p50 ms': percentile(sorted, 50).toFixed(1),
          'p95 ms': p95.toFixed(1),
          'p99 ms': percentile(sorted, 99).toFixed(1),
          [`p95 < ${GOAL_P95_MS} ms`]: p95 < GOAL_P95_MS,
        })
      }
    console.log(
      `pages: ${REQUESTS} requests each from 1 client, then from 10 at a time (load generator on this machine)`,
    )
    console.table(rows)
  } finally {
    for (const child of children) child.kill()
    if (process.env.BENCH_KEEP) console.log(`kept ${target}`)
    else await cleanup()
  }
}

if (process.argv.includes('--aws')) {
  const { world, keys } = seedWorld()
  const aws = await startLoopbackAws(world)
  process.send?.({ url: aws.url, keys })
} else if (process.argv.includes('--serve')) {
  const target = process.argv.at(-1) as string
  const database = openBenchDatabase(target)
  const config = loadConfig({ SECRET_KEY: process.env.SECRET_KEY })
  const app = createApp(buildDeps({ database, config, clock: systemClock, logger: silentLogger }))
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.send?.({ port: info.port }))
} else {
  await main()
}
