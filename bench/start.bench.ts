import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

// How long `npm start`'s server takes from the process starting to its first healthy answer, with a new SQLite
// database each time (so migrations run too) and the front end already built. Run `npm run build` first.

const ROOT = resolve(import.meta.dirname, '..')
const RUNS = Number(process.env.BENCH_RUNS || 9)
const PORT = 3987

const healthy = async (deadline: number): Promise<void> => {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5))
  }
  throw new Error('the server did not answer within 30 s')
}

const once = async (): Promise<number> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-start-'))
  const started = performance.now()
  const child = spawn(process.execPath, ['--conditions=vigil-source', 'scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: 'ignore',
  })
  try {
    await healthy(Date.now() + 30_000)
    return performance.now() - started
  } finally {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const times: number[] = []
await once() // warms the file cache; not counted
for (let i = 0; i < RUNS; i++) times.push(await once())
times.sort((a, b) => a - b)
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(0)
console.log(`start to first healthy answer, ${RUNS} runs on Node ${process.versions.node}:`)
console.log(`  median ${at(0.5)} ms, fastest ${at(0)} ms, slowest ${at(1)} ms`)
