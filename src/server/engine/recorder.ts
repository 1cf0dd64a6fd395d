import type { CheckOutcome } from '../../domain/check-result.ts'
import { downMessage, upMessage } from '../../domain/incident-message.ts'
import type { MonitorStatus } from '../../domain/monitor.schema.ts'
import { applyVerdict, nextDue, verdictOf } from '../../domain/monitor-state.ts'
import { addResult, attributeTime, bucketStart, emptyRollup, type Period } from '../../domain/uptime.ts'
import type { Clock } from '../clock.ts'
import { type Database, takeWriteLock } from '../db/database.ts'
import type { CheckResultRow } from '../db/repos/check-results.repo.ts'
import type { IncidentRow } from '../db/repos/incidents.repo.ts'
import { repos } from '../db/repos/index.ts'
import { healthOf } from '../db/repos/monitor-row.ts'
import type { MonitorChange, MonitorRow } from '../db/repos/monitors.repo.ts'
import type { NotificationRow } from '../db/repos/notifications.repo.ts'
import type { RollupDelta } from '../db/repos/rollups.repo.ts'
import { newId } from '../ids.ts'
import type { Logger } from '../logger.ts'

/** One check that ran, on its way to the database. */
export interface CompletedCheck {
  monitorId: string
  /** The lease it ran under; null for a check the user asked for, outside the schedule. */
  lease: string | null
  scheduledAt: number
  startedAt: number
  finishedAt: number
  outcome: CheckOutcome
}

export interface Recorded {
  result: CheckResultRow
  monitor: MonitorRow
}

const PERIODS: Period[] = ['minute', 'hour', 'day']

/**
 * Writes check results in batches: the results, their rollups, the monitors' new state, incidents and their
 * notifications, all in one transaction, so a restart finds state and alerts agreeing (an alert is neither lost
 * nor sent again). A result whose monitor was deleted or paused meanwhile, or whose lease another worker took
 * over, is dropped.
 */
export const createRecorder = (deps: {
  database: Database
  clock: Clock
  logger: Logger
  flushMs?: number
  maxBatch?: number
}) => {
  const { database, clock, logger } = deps
  const flushMs = deps.flushMs ?? 100
  const maxBatch = deps.maxBatch ?? 500
  type Waiting = { check: CompletedCheck; resolve: (r: Recorded | null) => void; reject: (e: unknown) => void }
  let waiting: Waiting[] = []
  let timer: NodeJS.Timeout | null = null
  let writing: Promise<void> = Promise.resolve()

  const writeBatch = (checks: CompletedCheck[]) =>
    database.db.transaction().execute(async (trx) => {
      await takeWriteLock(trx, database.dialect)
      const r = repos(trx)
      const now = clock.now()
      const ids = [...new Set(checks.map((c) => c.monitorId))]
      const rows = new Map((await r.monitors.lockForWrite(database.dialect, ids)).map((m) => [m.monitor_id, m]))
      const results: CheckResultRow[] = []
      const rollups = new Map<string, RollupDelta>()
      const changes = new Map<string, MonitorChange>()
      const opened: IncidentRow[] = []
      const resolved: { id: string; at: number }[] = []
      const notifications: NotificationRow[] = []
      const out: (Recorded | null)[] = []

      for (const check of checks) {
        const row = rows.get(check.monitorId)
        if (!row || row.paused === 1 || (check.lease !== null && row.lease_owner !== check.lease)) {
          out.push(null)
          continue
        }
        const { outcome } = check
        const at = check.startedAt
        const step = applyVerdict(
          healthOf(row),
          verdictOf(outcome.ok, outcome.responseMs, row.degraded_threshold_ms),
          at,
          row,
        )
        const { transition, health } = step

        const time = attributeTime({
          previousStatus: row.status as MonitorStatus,
          accountedFrom: row.accounted_at,
          at,
          confirmsDown: transition.kind === 'down',
          maxGapMs: 2 * row.interval_seconds * 1000 + row.timeout_seconds * 1000 + 60_000,
        })
        for (const period of PERIODS) {
          const start = bucketStart(at, period)
          const key = `${row.monitor_id}|${period}|${start}`
          let delta = rollups.get(key)
          if (!delta) {
            delta = { monitorId: row.monitor_id, period, bucketStart: start, rollup: emptyRollup() }
            rollups.set(key, delta)
          }
          addResult(delta.rollup, {
            status: time.status,
            ok: outcome.ok,
            responseMs: outcome.responseMs,
            weightMs: time.ms,
          })
        }

        const change: MonitorChange = {
          status: health.status,
          failures: health.failures,
          failing_since: health.failingSince,
          successes: health.successes,
          recovering_since: health.recoveringSince,
          last_checked_at: at,
          last_response_ms: outcome.responseMs,
          last_error: outcome.ok ? null : outcome.message,
          accounted_at: Math.max(at, row.accounted_at ?? at),
        }
        if (health.status !== row.status) change.status_changed_at = at
        const retryAt = check.finishedAt + row.retry_interval_seconds * 1000
        if (check.lease !== null) {
          change.next_check_at = nextDue({
            scheduledAt: check.scheduledAt,
            finishedAt: check.finishedAt,
            intervalMs: row.interval_seconds * 1000,
            retryIntervalMs: row.retry_interval_seconds * 1000,
            confirming: step.confirming,
          })
          change.lease_owner = null
          change.lease_until = null
        } else if (step.confirming && row.lease_owner === null && (row.next_check_at ?? Infinity) > retryAt) {
          // A failure found by hand is confirmed on the retry schedule too.
          change.next_check_at = retryAt
        }

        if (transition.kind === 'down') {
          const incidentId = newId()
          opened.push({
            incident_id: incidentId,
            user_id: row.user_id,
            monitor_id: row.monitor_id,
            started_at: transition.since,
            resolved_at: null,
            cause: outcome.message,
          })
          change.open_incident_id = incidentId
          const text = downMessage(row, transition.since, outcome.message)
          notifications.push(notification(row, text, now))
        } else if (transition.kind === 'up') {
          if (row.open_incident_id) resolved.push({ id: row.open_incident_id, at: transition.since })
          change.open_incident_id = null
          notifications.push(
            notification(row, upMessage(row, transition.since, row.failing_since ?? transition.since), now),
          )
        }

        const result: CheckResultRow = {
          monitor_id: row.monitor_id,
          checked_at: at,
          status: health.status,
          ok: outcome.ok ? 1 : 0,
          response_ms: outcome.responseMs,
          message: outcome.message,
          detail: outcome.detail ? JSON.stringify(outcome.detail) : null,
        }
        results.push(result)
        Object.assign(row, change)
        changes.set(row.monitor_id, { ...changes.get(row.monitor_id), ...change })
        out.push({ result, monitor: { ...row } })
      }

      await r.checkResults.insertMany(results)
      await r.rollups.add([...rollups.values()])
      for (const [id, change] of changes) await r.monitors.update(id, change)
      for (const incident of opened) await r.incidents.insert(incident)
      for (const { id, at } of resolved) await r.incidents.resolve(id, at)
      if (notifications.length > 0) await r.notifications.insert(notifications)
      return out
    })

  const flush = (): Promise<void> => {
    if (timer) {
      clearTimeout(timer)
      timer = null
    }
    writing = writing.then(async () => {
      const batch = waiting
      waiting = []
      if (batch.length === 0) return
      try {
        const out = await writeBatch(batch.map((w) => w.check))
        batch.forEach((w, i) => {
          w.resolve(out[i] ?? null)
        })
      } catch (error) {
        logger.error('writing check results failed', { error: String(error), checks: batch.length })
        for (const w of batch) w.reject(error)
      }
    })
    return writing
  }

  return {
    /** Queues a result; resolves once its batch is written (null when it was dropped). */
    record: (check: CompletedCheck, opts: { now?: boolean } = {}) =>
      new Promise<Recorded | null>((resolve, reject) => {
        waiting.push({ check, resolve, reject })
        if (opts.now || waiting.length >= maxBatch) void flush()
        else timer ??= setTimeout(() => void flush(), flushMs)
      }),
    /** Writes what is queued now. */
    flush,
    get queued() {
      return waiting.length
    },
  }
}
export type Recorder = ReturnType<typeof createRecorder>

const notification = (row: MonitorRow, text: { title: string; description: string }, now: number): NotificationRow => ({
  notification_id: newId(),
  user_id: row.user_id,
  notification_type: row.type,
  target_id: row.monitor_id,
  notification_title: text.title,
  notification_description: text.description,
  is_opened: 0,
  created_at: now,
})
