import type { Kysely, Selectable } from 'kysely'
import type { DB, IncidentEventsTable } from '../schema.ts'
import { countRows } from './count-rows.ts'

// An incident's timeline (migration 019). Alert and reminder rows name one channel delivery each; the channel and
// the delivery's outcome are read from `deliveries` and `integrations` as they stand now, not copied.

export type IncidentEventRow = Selectable<IncidentEventsTable>

/** A timeline row as the incident page reads it: with the author's name and the delivery's channel and outcome. */
export type IncidentEventView = IncidentEventRow & {
  author_name: string | null
  author_email: string | null
  delivery_kind: string | null
  delivery_status: string | null
  delivery_attempts: number | null
  delivery_last_error: string | null
  delivery_delivered_at: number | null
  channel_id: string | null
  channel_name: string | null
  channel_type: string | null
}

export const incidentEventsRepo = (db: Kysely<DB>) => ({
  insert: async (rows: readonly IncidentEventRow[]) => {
    if (rows.length > 0)
      await db
        .insertInto('incident_events')
        .values([...rows])
        .execute()
  },

  /** The incident's timeline in order: by time, then as written. */
  timeline: (incidentId: string): Promise<IncidentEventView[]> =>
    db
      .selectFrom('incident_events as e')
      .leftJoin('users as u', 'u.user_id', 'e.author_id')
      .leftJoin('deliveries as d', 'd.delivery_id', 'e.delivery_id')
      .leftJoin('integrations as i', 'i.integration_id', 'd.integration_id')
      .selectAll('e')
      .select([
        'u.name as author_name',
        'u.email as author_email',
        'd.kind as delivery_kind',
        'd.status as delivery_status',
        'd.attempts as delivery_attempts',
        'd.last_error as delivery_last_error',
        'd.delivered_at as delivery_delivered_at',
        'i.integration_id as channel_id',
        'i.name as channel_name',
        'i.type as channel_type',
      ])
      .where('e.incident_id', '=', incidentId)
      .orderBy('e.at')
      .orderBy('e.created_at')
      .orderBy('e.event_id')
      .execute(),

  /** The evidence: the monitor's failing checks in [from, to], oldest first, at most `limit`, and how many failed. */
  evidence: async (monitorId: string, from: number, to: number, limit: number) => {
    const failing = db
      .selectFrom('check_results')
      .where('monitor_id', '=', monitorId)
      .where('checked_at', '>=', from)
      .where('checked_at', '<=', to)
      .where('ok', '=', 0)
    const [rows, total] = await Promise.all([
      failing
        .select(['checked_at', 'status', 'verdict', 'message', 'response_ms', 'detail'])
        .orderBy('checked_at')
        .limit(limit)
        .execute(),
      countRows(failing),
    ])
    return { rows, total }
  },
})
