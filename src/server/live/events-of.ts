import type { Kysely } from 'kysely'
import type { LiveEvent } from '@vigil/domain/live-event'
import type { MonitorStatus } from '@vigil/domain/monitor-status'
import type { CheckResultRecord } from '../db/repos/check-results.repo.ts'
import type { MonitorRecord } from '../db/repos/monitor-record.ts'
import type { NotificationRow } from '../db/repos/notifications.repo.ts'
import type { DB } from '../db/schema.ts'
import type { UserEvent } from './hub.ts'

// The live events that writes make, built where the writes are (the recorder, the monitor services).

/** A monitor's state after a write; with the result that made it, when a check did. */
export const monitorEvent = (
  row: Pick<MonitorRecord, 'user_id' | 'monitor_id' | 'type' | 'status'>,
  before: MonitorStatus | null,
  result: CheckResultRecord | null = null,
): UserEvent => ({
  userId: row.user_id,
  event: {
    kind: 'monitor',
    monitor_id: row.monitor_id,
    type: row.type,
    status: row.status,
    changed: before !== row.status,
    result: result && {
      checked_at: new Date(result.checked_at).toISOString(),
      ok: result.ok === 1,
      verdict: result.verdict,
      status: result.status,
      response_ms: result.response_ms,
      message: result.message,
    },
  },
})

export const monitorsEvent = (userId: string, monitorIds: string[]): UserEvent => ({
  userId,
  event: { kind: 'monitors', monitor_ids: monitorIds },
})

export const incidentEvent = (
  userId: string,
  incidentId: string,
  monitorId: string,
  change: Extract<LiveEvent, { kind: 'incident' }>['change'],
): UserEvent => ({ userId, event: { kind: 'incident', incident_id: incidentId, monitor_id: monitorId, change } })

/** The users' unread counts, as the triggers keep them in `notification_counters`. */
export const unreadOf = async (db: Kysely<DB>, userIds: readonly string[]): Promise<Map<string, number>> => {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('notification_counters')
    .select(['user_id', 'unread'])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute()
  return new Map(rows.map((r) => [r.user_id, Number(r.unread)]))
}

/** One event per new notification, with its user's unread count (read in the transaction that made them). */
export const notificationEvents = async (
  db: Kysely<DB>,
  rows: readonly Pick<NotificationRow, 'user_id' | 'notification_id'>[],
): Promise<UserEvent[]> => {
  const unread = await unreadOf(
    db,
    rows.map((r) => r.user_id),
  )
  return rows.map((r) => ({
    userId: r.user_id,
    event: { kind: 'notification', notification_id: r.notification_id, unread: unread.get(r.user_id) ?? 0 },
  }))
}

/** The bell of the user's other tabs: notifications were read. */
export const readEvent = async (db: Kysely<DB>, userId: string): Promise<UserEvent> => ({
  userId,
  event: { kind: 'notification', notification_id: null, unread: (await unreadOf(db, [userId])).get(userId) ?? 0 },
})

/** What one recorded check tells the owner's pages: the monitor's result and state, an incident opened or resolved. */
export const recordedEvents = (
  row: MonitorRecord,
  before: MonitorStatus,
  effects: {
    result: CheckResultRecord
    openIncident: { incident_id: string } | null
    resolveIncident: { id: string } | null
  },
): UserEvent[] => [
  monitorEvent(row, before, effects.result),
  ...(effects.resolveIncident
    ? [incidentEvent(row.user_id, effects.resolveIncident.id, row.monitor_id, 'resolved')]
    : []),
  ...(effects.openIncident
    ? [incidentEvent(row.user_id, effects.openIncident.incident_id, row.monitor_id, 'opened')]
    : []),
]
