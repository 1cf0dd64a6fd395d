import { fork } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import * as v from 'valibot'
import { MonitorInput, validateMonitor } from '@vigil/domain/monitor.schema'
import { type Database, openPostgres, openSqlite } from '../src/server/db/database.ts'
import { newId } from '../src/server/ids.ts'

// What the benchmarks share: a database of their own (a temp SQLite file, or a new PostgreSQL database on
// BENCH_DATABASE_URL) and a user to own what they seed.

/** Where a benchmark's database lives, and how to remove it. */
export const benchDatabaseTarget = async (
  name: string,
  /** A PostgreSQL server to make the database on; empty: SQLite. */
  admin = process.env.BENCH_DATABASE_URL,
): Promise<{ target: string; cleanup: () => Promise<void> }> => {
  if (!admin) {
    const dir = mkdtempSync(join(tmpdir(), `vigil-bench-${name}-`))
    return { target: join(dir, 'bench.db'), cleanup: async () => rmSync(dir, { recursive: true, force: true }) }
  }
  const database = `vigil_bench_${name.replace(/\W/g, '_')}_${Date.now()}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`create database ${database}`)
  await client.end()
  const url = new URL(admin)
  url.pathname = `/${database}`
  return {
    target: url.toString(),
    cleanup: async () => {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      await c.query(`drop database if exists ${database} with (force)`)
      await c.end()
    },
  }
}

export const openBenchDatabase = (target: string, poolSize = 10): Database =>
  target.startsWith('postgres') ? openPostgres(target, poolSize) : openSqlite(target)

/** A user straight in the database (a benchmark needs no password). */
export const seedUser = async (database: Database, now = Date.now()) => {
  const userId = newId()
  await database.db
    .insertInto('users')
    .values({
      user_id: userId,
      name: 'Bench',
      email: `bench-${userId}@example.com`,
      password_hash: 'x',
      image: null,
      created_at: now,
      updated_at: now,
    })
    .execute()
  return userId
}

/** A monitor's input as the API would take it, validated by the same schema. */
export const monitorInput = (input: Record<string, unknown>): MonitorInput => {
  const parsed = validateMonitor(input)
  if (!parsed.success) throw new Error(`bad bench monitor: ${JSON.stringify(v.flatten(parsed.issues))}`)
  return parsed.output
}

export { MonitorInput }

/**
 * The benchmark's own file again as a child process (its server, its target) that posts one message once it
 * is ready: `ready` is that message, or fails if the child exits first. BENCH_CHILD_ARGS: flags for its node
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export const forkSelf = <Ready>(file: string, args: string[], what: string) => {
  const child = fork(file, args, {
    execArgv: [
      '--conditions=vigil-source',
      '--import',
      'tsx',
      ...(process.env.BENCH_CHILD_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
    stdio: 'inherit',
  })
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready))
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)))
  })
  return { child, ready }
}

/** The CPU time so far (ms) of each PostgreSQL process on this machine, by pid (Linux; empty elsewhere). */
export const postgresCpu = () => {
  const byPid = new Map<string, number>()
  try {
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        if (!stat.includes('(postgres)')) continue
        const fields = stat.split(') ')[1]?.split(' ') ?? []
        byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * 10)
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return byPid
}

/** The PostgreSQL CPU time (ms) spent since `before` by the processes still there (a connection's backend stays). */
export const postgresCpuSince = (before: Map<string, number>) => {
  let total = 0
  for (const [pid, ms] of postgresCpu()) total += ms - (before.get(pid) ?? 0)
  return total
}
