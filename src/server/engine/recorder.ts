import type { AlertEvent } from '@vigil/domain/alert'
import { addResult, bucketStart, emptyRollup, type Period } from '@vigil/domain/uptime'
import type { Cancel, Clock } from '../clock.ts'
import { type Database, takeWriteLock } from '../db/database.ts'
import type { CheckResultRecord } from '../db/repos/check-results.repo.ts'
import type { IncidentEventRow } from '../db/repos/incident-events.repo.ts'
import type { IncidentRow } from '../db/repos/incidents.repo.ts'
import { repos } from '../db/repos/index.ts'
import type { MonitorChange, MonitorRecord } from '../db/repos/monitors.repo.ts'
import type { NotificationRow } from '../db/repos/notifications.repo.ts'
import type { RollupDelta } from '../db/repos/rollups.repo.ts'
import { newId } from '../ids.ts'
import { notificationEvents, recordedEvents } from '../live/events-of.ts'
import type { UserEvent } from '../live/hub.ts'
import type { Logger } from '../logger.ts'
import { alertEvent, channelsOf, newDelivery } from '../notify/outbox.ts'
import { type CompletedCheck, checkEffects, INCIDENT_ALERTS } from './check-effects.ts'

export type { CompletedCheck } from './check-effects.ts'

export interface Recorded {
  result: CheckResultRecord
  monitor: MonitorRecord
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
  /** The app's address, for the links in alerts. */
  appUrl: string
  flushMs?: number
  maxBatch?: number
  /** Tells the owners' open pages, once a batch is written (live events). */
  publish?: (events: readonly UserEvent[]) => void
}) => {
  const { database, clock, logger, appUrl } = deps
  const flushMs = deps.flushMs ?? 100
  const maxBatch = deps.maxBatch ?? 500
  type Waiting = { check: CompletedCheck; resolve: (r: Recorded | null) => void; reject: (e: unknown) => void }
  let waiting: Waiting[] = []
  let timer: Cancel | null = null
  let writing: Promise<void> = Promise.resolve()

  const writeBatch = (checks: CompletedCheck[]) =>
    database.db.transaction().execute(async (trx) => {
      await takeWriteLock(trx, database.dialect)
      const r = repos(trx)
      const now = clock.now()
      const ids = [...new Set(checks.map((c) => c.monitorId))]
      const rows = new Map((await r.monitors.lockForWrite(database.dialect, ids)).map((m) => [m.monitor_id, m]))
      const inMaintenance = await r.maintenance.monitorsUnderMaintenance(ids, now)
      // Acknowledged incidents get no reminders: asked only of the monitors down with reminders on.
      const acknowledged = await r.incidents.acknowledgedOf(
        [...rows.values()].flatMap((m) =>
          m.status === 'down' && m.reminder_minutes !== null && m.open_incident_id ? [m.open_incident_id] : [],
        ),
      )
      const timeline: IncidentEventRow[] = []
      const results: CheckResultRecord[] = []
      const rollups = new Map<string, RollupDelta>()
      const changes = new Map<string, MonitorChange>()
      const opened: IncidentRow[] = []
      const resolved: { id: string; at: number }[] = []
      const notifications: NotificationRow[] = []
      const raised: { event: AlertEvent; row: MonitorRecord; incidentId: string | null }[] = []
      const out: (Recorded | null)[] = []
      const live: UserEvent[] = []

      for (const check of checks) {
        const row = rows.get(check.monitorId)
        if (!row || row.paused === 1 || (check.lease !== null && row.lease_owner !== check.lease)) {
          out.push(null)
          continue
        }
        const acked = row.open_incident_id !== null && acknowledged.has(row.open_incident_id)
        const effects = checkEffects(row, check, inMaintenance.has(row.monitor_id), acked)
        for (const mark of effects.timeline)
          timeline.push(timelineRow(row.user_id, mark.incidentId, mark.kind, mark.at, now))
        for (const period of PERIODS) {
          const start = bucketStart(check.startedAt, period)
          const key = `${row.monitor_id}|${period}|${start}`
          let delta = rollups.get(key)
          if (!delta) {
            delta = { monitorId: row.monitor_id, period, bucketStart: start, rollup: emptyRollup() }
            rollups.set(key, delta)
          }
          addResult(delta.rollup, effects.rollup)
        }
        if (effects.openIncident) opened.push(effects.openIncident)
        if (effects.resolveIncident) resolved.push(effects.resolveIncident)
        const { result, change } = effects
        const before = row.status
        results.push(result)
        Object.assign(row, change)
        for (const alert of effects.alerts) {
          if (alert.bell) notifications.push(notification(row, alert, now))
          raised.push({
            event: alertEvent(row, alert, check.startedAt, appUrl),
            row: { ...row },
            incidentId: INCIDENT_ALERTS.has(alert.kind) ? effects.incidentId : null,
          })
        }
        changes.set(row.monitor_id, { ...changes.get(row.monitor_id), ...change })
        out.push({ result, monitor: { ...row } })
        live.push(...recordedEvents(row, before, effects))
      }

      await r.checkResults.insertMany(results)
      await r.rollups.add([...rollups.values()])
      for (const [id, change] of changes) await r.monitors.update(id, change)
      for (const incident of opened) await r.incidents.insert(incident)
      for (const { id, at } of resolved) await r.incidents.resolve(id, at)
      if (resolved.length > 0) await r.statusIncidents.resolveFrom(resolved, newId)
      if (notifications.length > 0) await r.notifications.insert(notifications)
      if (notifications.length > 0 && deps.publish) live.push(...(await notificationEvents(trx, notifications)))
      if (raised.length > 0) {
        // The outbox, in the same transaction: one delivery per alert and channel.
        const enabled = await r.integrations.enabledOf([...new Set(raised.map((a) => a.row.user_id))])
        const sent = raised.flatMap(({ event, row, incidentId }) =>
          channelsOf(row, enabled).map((i) => ({ delivery: newDelivery(i, event, now), incidentId, row })),
        )
        await r.deliveries.insert(sent.map((s) => s.delivery))
        // Each delivery of an incident's alert is a row of its timeline, which reads its outcome from the outbox.
        for (const { delivery, incidentId, row } of sent)
          if (incidentId !== null)
            timeline.push({
              ...timelineRow(row.user_id, incidentId, delivery.kind === 'reminder' ? 'reminder' : 'alert', now, now),
              delivery_id: delivery.delivery_id,
            })
      }
      await r.incidentEvents.insert(timeline)
      return { out, live }
    })

  const flush = (): Promise<void> => {
    if (timer) {
      timer()
      timer = null
    }
    writing = writing.then(async () => {
      const batch = waiting
      waiting = []
      if (batch.length === 0) return
      try {
        const { out, live } = await writeBatch(batch.map((w) => w.check))
        deps.publish?.(live)
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
        else timer ??= clock.after(flushMs, () => void flush())
      }),
    /** Writes what is queued now. */
    flush,
    get queued() {
      return waiting.length
    },
  }
}
export type Recorder = ReturnType<typeof createRecorder>

const timelineRow = (userId: string, incidentId: string, kind: string, at: number, now: number): IncidentEventRow => ({
  event_id: newId(),
  incident_id: incidentId,
  user_id: userId,
  at,
  kind,
  author_id: null,
  body: null,
  delivery_id: null,
  created_at: now,
})

const notification = (
  row: MonitorRecord,
  text: { title: string; description: string },
  now: number,
): NotificationRow => ({
  notification_id: newId(),
  user_id: row.user_id,
  notification_type: row.type,
  target_id: row.monitor_id,
  notification_title: text.title,
  notification_description: text.description,
  is_opened: 0,
  created_at: now,
})
