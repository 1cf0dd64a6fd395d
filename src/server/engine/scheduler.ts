import { randomUUID } from 'node:crypto'
import { setMaxListeners } from 'node:events'
import type { CheckOutcome } from '../../domain/check-result.ts'
import type { MonitorInput } from '../../domain/monitor.schema.ts'
import type { Database } from '../db/database.ts'
import { repos } from '../db/repos/index.ts'
import { toMonitorInput } from '../db/repos/monitor-row.ts'
import type { MonitorRow } from '../db/repos/monitors.repo.ts'
import type { Logger } from '../logger.ts'
import { DueQueue } from './due-queue.ts'
import type { Recorder } from './recorder.ts'

export type RunCheck = (monitor: MonitorInput, signal: AbortSignal) => Promise<CheckOutcome>

export interface SchedulerOptions {
  database: Database
  recorder: Recorder
  logger: Logger
  runCheck: RunCheck
  /** Names this worker's leases; random by default. */
  workerId?: string
  /** How far ahead due monitors are leased into the queue. */
  horizonMs?: number
  /** How often the database is asked for due monitors. */
  pollMs?: number
  /** Most monitors leased by one poll: with `pollMs`, the most checks a second this worker takes on. */
  claimLimit?: number
  /** Most checks running at once; more wait in the queue. */
  concurrency?: number
  random?: () => number
  /** Called as each check starts, with how late it started (ms after its due time): for benchmarks. */
  onStart?: (lateMs: number) => void
}

interface Entry {
  due: number
  row: MonitorRow
  lease: string
}

/**
 * Runs each monitor at a fixed rate. Every poll leases the monitors due within the horizon (see
 * monitorsRepo.claimDue: several workers on one database never lease the same one) into a due-time heap; one
 * timer fires at the earliest due time and starts what is due. Results go to the recorder, which also sets
 * the next due time and gives the lease back.
 */
export const createScheduler = (opts: SchedulerOptions) => {
  const { database, recorder, logger, runCheck } = opts
  const workerId = opts.workerId ?? randomUUID()
  const horizonMs = opts.horizonMs ?? 2000
  const pollMs = opts.pollMs ?? 500
  const claimLimit = opts.claimLimit ?? 2000
  const concurrency = opts.concurrency ?? 2000
  const random = opts.random ?? Math.random
  const monitors = repos(database.db).monitors

  const queue = new DueQueue<Entry>()
  const running = new Set<Promise<void>>()
  const abort = new AbortController()
  // Every running check listens to it (and stops listening when it ends): thousands at once is expected.
  setMaxListeners(0, abort.signal)
  let pollTimer: NodeJS.Timeout | null = null
  let dueTimer: NodeJS.Timeout | null = null
  let dueTimerAt = Number.POSITIVE_INFINITY
  let polling: Promise<void> | null = null
  let seq = 0
  let stopped = true

  const poll = async () => {
    if (stopped) return
    const now = Date.now()
    const lease = `${workerId}.${++seq}`
    let claimed: MonitorRow[]
    try {
      claimed = await monitors.claimDue(database.dialect, lease, now + horizonMs, now, claimLimit)
    } catch (error) {
      logger.error('leasing due monitors failed', { error: String(error) })
      return
    }
    for (const row of claimed) {
      const due = row.next_check_at ?? now
      const intervalMs = row.interval_seconds * 1000
      if (due < now - intervalMs) {
        // Missed by more than an interval (no worker was running): spread out instead of a burst at start.
        await monitors.release(row.monitor_id, lease, now + Math.floor(random() * intervalMs)).catch((error) => {
          logger.error('rescheduling a missed monitor failed', { error: String(error) })
        })
        continue
      }
      queue.push({ due, row, lease })
    }
    arm()
  }

  const pollOnce = () => {
    polling ??= poll().finally(() => {
      polling = null
    })
    return polling
  }

  const arm = () => {
    const next = queue.peek()
    if (stopped || !next || running.size >= concurrency) return
    if (dueTimer && dueTimerAt <= next.due) return
    if (dueTimer) clearTimeout(dueTimer)
    dueTimerAt = next.due
    dueTimer = setTimeout(fire, Math.max(0, next.due - Date.now()))
  }

  const fire = () => {
    dueTimer = null
    dueTimerAt = Number.POSITIVE_INFINITY
    const now = Date.now()
    while (running.size < concurrency) {
      const next = queue.peek()
      if (!next || next.due > now) break
      queue.pop()
      start(next as Entry)
    }
    arm()
  }

  const start = (entry: Entry) => {
    const startedAt = Date.now()
    opts.onStart?.(startedAt - entry.due)
    const task = (async () => {
      let outcome: CheckOutcome
      try {
        outcome = await runCheck(toMonitorInput(entry.row), abort.signal)
      } catch (error) {
        outcome = { ok: false, responseMs: null, message: `The check could not run: ${String(error)}` }
      }
      await recorder.record({
        monitorId: entry.row.monitor_id,
        lease: entry.lease,
        scheduledAt: entry.due,
        startedAt,
        finishedAt: Date.now(),
        outcome,
      })
    })()
      .catch((error) => logger.error('recording a check failed', { error: String(error) }))
      .finally(() => {
        running.delete(task)
        arm()
      })
    running.add(task)
  }

  return {
    workerId,
    start() {
      if (!stopped) return
      stopped = false
      void pollOnce()
      pollTimer = setInterval(() => void pollOnce(), pollMs)
    },
    /** Stops leasing, lets running checks finish (up to `graceMs`), writes their results, gives the rest back. */
    async stop(graceMs = 15_000) {
      if (stopped) return
      stopped = true
      if (pollTimer) clearInterval(pollTimer)
      if (dueTimer) clearTimeout(dueTimer)
      await polling
      queue.drain()
      const grace = setTimeout(() => abort.abort(), graceMs)
      await Promise.allSettled([...running])
      clearTimeout(grace)
      await recorder.flush()
      await monitors.releaseWorker(workerId)
    },
    get stats() {
      return { queued: queue.size, running: running.size }
    },
  }
}
export type Scheduler = ReturnType<typeof createScheduler>
