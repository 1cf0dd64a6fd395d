// npx tsx bench/dns-checks.bench.ts: DNS checks at once through runCheck, as the engine starts them. The test
// DNS server (tests/server/checks/dns-server.ts) runs in its own process on 127.0.0.1 and answers every
// query after 100 ms; each round starts BENCH_DNS_CHECKS (default 200) DNS monitors together, each with its
// own c-ares resolver, and times each one's completion from the round's start. Goal: p99 at most 150 ms,
// i.e. at most 50 ms of the checks' own overhead on top of the resolver's 100 ms.
// BENCH_DNS_ROUNDS (default 5, plus one warm-up round not counted), BENCH_DNS_DELAY (default 100 ms).
import dns from 'node:dns'
import { percentile } from '@vigil/domain/uptime'
import { type CheckContext, type CheckTarget, runCheck } from '../src/server/checks/index.ts'
import { forkSelf } from './support.ts'

const CHECKS = Number(process.env.BENCH_DNS_CHECKS ?? 200)
const ROUNDS = Number(process.env.BENCH_DNS_ROUNDS ?? 5)
const DELAY_MS = Number(process.env.BENCH_DNS_DELAY ?? 100)

if (process.argv.includes('--server')) {
  const { startDnsServer } = await import('../tests/server/checks/dns-server.ts')
  const server = await startDnsServer({ '*.bench.test': { A: ['192.0.2.1', '192.0.2.2'] } })
  server.setDelay(DELAY_MS)
  process.send?.({ address: server.address })
  process.on('disconnect', () => void server.close().then(() => process.exit(0)))
} else {
  await main()
}

async function startServer() {
  const { child, ready } = forkSelf<{ address: string }>(import.meta.filename, ['--server'], 'the DNS server')
  return { child, address: (await ready).address }
}

/** Starts every task at once; each one's completion time from the start, and how many failed. */
async function round(tasks: (() => Promise<boolean>)[]) {
  const started = performance.now()
  const latencies: number[] = []
  let failed = 0
  await Promise.all(
    tasks.map((task) =>
      task().then((ok) => {
        latencies.push(performance.now() - started)
        if (!ok) failed += 1
      }),
    ),
  )
  return { latencies, failed }
}

/** Warm-up round, then ROUNDS measured rounds: latencies, failures and CPU of this process. */
async function measure(tasks: (() => Promise<boolean>)[]) {
  await round(tasks) // warm-up: code compiled, channels and buffers made once
  const all: number[] = []
  let failed = 0
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  for (let i = 0; i < ROUNDS; i++) {
    const result = await round(tasks)
    all.push(...result.latencies)
    failed += result.failed
  }
  const seconds = (performance.now() - t0) / 1000
  const cpu = process.cpuUsage(cpu0)
  const cpuMs = (cpu.user + cpu.system) / 1000
  const ms = (value: number | null) => `${value === null ? '-' : value.toFixed(1)} ms`
  return {
    p99: percentile(all, 99) ?? Number.POSITIVE_INFINITY,
    row: {
      queries: all.length,
      failed,
      p50: ms(percentile(all, 50)),
      p99: ms(percentile(all, 99)),
      max: ms(all.length ? Math.max(...all) : null),
      CPU: `${((cpuMs / 1000 / seconds) * 100).toFixed(1)} %`,
      'CPU per query': `${(cpuMs / all.length).toFixed(2)} ms`,
    },
  }
}

async function main() {
  const { child, address } = await startServer()
  try {
    const ctx: CheckContext = {
      policy: { allowPrivate: true },
      network: { dnsServers: [], dnsblZones: [], rdapBootstrapUrl: 'http://127.0.0.1:9/' },
    }
    const monitors = Array.from(
      { length: CHECKS },
      (_, i): CheckTarget => ({
        type: 'dns',
        timeout_seconds: 10,
        hostname: `host-${i}.bench.test`,
        record_type: 'A',
        expected: ['192.0.2.1'],
        expected_match: 'contains',
        resolver: address,
      }),
    )
    const checks = await measure(monitors.map((m) => async () => (await runCheck(m, ctx)).ok))
    // The floor of this set-up: the same queries on one shared c-ares channel, without the checks around them.
    const shared = new dns.promises.Resolver({ timeout: 10_000, tries: 1 })
    shared.setServers([address])
    const raw = await measure(monitors.map((_, i) => () => shared.resolve4(`host-${i}.bench.test`).then(() => true)))
    console.log(
      `\nbench:dns-checks: ${CHECKS} at once, ${ROUNDS} rounds, resolver answering after ${DELAY_MS} ms, ` +
        `Node ${process.version}, c-ares ${process.versions.ares}`,
    )
    console.table({ 'DNS checks (runCheck)': checks.row, 'raw queries, one channel': raw.row })
    const goal = DELAY_MS + 50
    console.log(
      checks.p99 <= goal
        ? `goal met: p99 ${checks.p99.toFixed(1)} ms <= ${goal} ms`
        : `goal missed: p99 ${checks.p99.toFixed(1)} ms > ${goal} ms`,
    )
  } finally {
    child.disconnect()
  }
}
