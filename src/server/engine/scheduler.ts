import { randomUUID } from 'node:crypto'
import type { CheckOutcome } from '@vigil/domain/check-result'
import type { MonitorInput } from '@vigil/domain/monitor.schema'
import { createAbortGroup } from '../abort-group.ts'
import type { Cancel, Clock } from '../clock.ts'
import type { Database } from '../db/database.ts'
import { repos } from '../db/repos/index.ts'
import { toMonitorInput } from '../db/repos/monitor-record.ts'
import type { MonitorRecord } from '../db/repos/monitors.repo.ts'
import type { Logger } from '../logger.ts'
import { DueQueue } from './due-queue.ts'
import type { Recorder } from './recorder.ts'

export type RunCheck = (monitor: MonitorInput, signal: AbortSignal) => Promise<CheckOutcome>

export interface SchedulerOptions {
  database: Database
  recorder: Recorder
  logger: Logger
  runCheck: RunCheck
  /** Due times, polls and timers are on this clock. */
  clock: Clock
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
  row: MonitorRecord
  lease: string
}

/**
 * Runs each monitor at a fixed rate. Every poll leases the monitors due within the horizon (see
 * monitorsRepo.claimDue: several workers on one database never lease the same one) into a due-time heap; one
 * timer fires at the earliest due time and starts what is due. Results go to the recorder, which also sets
 * the next due time and gives the lease back.
 */
export const createScheduler = (opts: SchedulerOptions) => {
  const { database, recorder, logger, runCheck, clock } = opts
  const workerId = opts.workerId ?? randomUUID()
  const horizonMs = opts.horizonMs ?? 2000
  const pollMs = opts.pollMs ?? 500
  const claimLimit = opts.claimLimit ?? 2000
  const concurrency = opts.concurrency ?? 2000
  const random = opts.random ?? Math.random
  const monitors = repos(database.db).monitors

  const queue = new DueQueue<Entry>()
  const running = new Set<Promise<void>>()
  // Each running check has its own signal; a stop past its grace aborts them all.
  const checks = createAbortGroup()
  let pollTimer: Cancel | null = null
  let dueTimer: Cancel | null = null
  let dueTimerAt = Number.POSITIVE_INFINITY
  let polling: Promise<void> | null = null
  let seq = 0
  let stopped = true

  const poll = async () => {
    if (stopped) return
    const now = clock.now()
    const lease = `${workerId}.${++seq}`
    let claimed: MonitorRecord[]
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
    dueTimer?.()
    dueTimerAt = next.due
    dueTimer = clock.after(Math.max(0, next.due - clock.now()), fire)
  }

  const fire = () => {
    dueTimer = null
    dueTimerAt = Number.POSITIVE_INFINITY
    const now = clock.now()
    while (running.size < concurrency) {
      const next = queue.peek()
      if (!next || next.due > now) break
      queue.pop()
      start(next as Entry)
    }
    arm()
  }

  const start = (entry: Entry) => {
    const startedAt = clock.now()
    opts.onStart?.(startedAt - entry.due)
    const task = (async () => {
      let outcome: CheckOutcome
      try {
        outcome = await checks.run((signal) => runCheck(toMonitorInput(entry.row), signal))
      } catch (error) {
        outcome = { ok: false, responseMs: null, message: `The check could not run: ${String(error)}` }
      }
      await recorder.record({
        monitorId: entry.row.monitor_id,
        lease: entry.lease,
        scheduledAt: entry.due,
        startedAt,
        finishedAt: clock.now(),
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
      pollTimer = clock.every(pollMs, () => void pollOnce())
    },
    /** Stops leasing, lets running checks finish (up to `graceMs`), writes their results, gives the rest back. */
    async stop(graceMs = 15_000) {
      if (stopped) return
      stopped = true
      pollTimer?.()
      dueTimer?.()
      await polling
      queue.drain()
      const grace = clock.after(graceMs, () => checks.abortAll())
      await Promise.allSettled([...running])
      grace()
      await recorder.flush()
      await monitors.releaseWorker(workerId)
    },
    /** Resolves when no poll is under way and every check started has been written: for tests on a moved clock. */
    async settled() {
      // A check's result waits for the recorder's batch, whose timer is on the clock: write what waits as it comes.
      while (polling || running.size > 0) {
        await recorder.flush()
        await new Promise((resolve) => setImmediate(resolve))
      }
      await recorder.flush()
    },
    get stats() {
      return { queued: queue.size, running: running.size }
    },
  }
}
export type Scheduler = ReturnType<typeof createScheduler>
