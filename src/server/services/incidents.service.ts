import {
  evidenceFacts,
  INCIDENT_EVIDENCE_LIMIT,
  type IncidentCommentInput,
  type IncidentDelivery,
  type IncidentDetail,
  type IncidentEvent,
  type IncidentEventKind,
  type IncidentListQuery,
  type IncidentPage,
  type IncidentSummary,
  incidentStateOf,
} from '@vigil/domain/incident'
import type { MonitorStatus } from '@vigil/domain/monitor-status'
import type { MonitorType } from '@vigil/domain/monitor-types/pages'
import { paginationOf } from '@vigil/domain/pagination.schema'
import { type ResultVerdict, storedVerdict } from '@vigil/domain/result-verdict'
import type { IncidentEventRow, IncidentEventView } from '../db/repos/incident-events.repo.ts'
import type { IncidentDetailRow, IncidentListRow } from '../db/repos/incidents.repo.ts'
import { repos as reposOf } from '../db/repos/index.ts'
import { conflict, notFound } from '../errors.ts'
import { newId } from '../ids.ts'
import type { Deps } from './deps.ts'
import { toIncident } from './monitor-stats.service.ts'

// Incidents people work on (issue 19): the list across monitors, one incident with its timeline and evidence,
// acknowledging (which stops the reminders: the recorder asks) and comments. Another user's incident is not found.

const iso = (ms: number) => new Date(ms).toISOString()
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms))

export const toIncidentSummary = (row: IncidentListRow): IncidentSummary => ({
  ...toIncident(row),
  state: incidentStateOf(row),
  acknowledged_at: isoOrNull(row.acknowledged_at),
})

const person = (name: string | null, email: string | null) => (name === null || email === null ? null : { name, email })

const deliveryOf = (row: IncidentEventView): IncidentDelivery | null =>
  row.delivery_id === null || row.delivery_status === null
    ? null
    : {
        id: row.delivery_id,
        alert: row.delivery_kind ?? '',
        status: row.delivery_status as IncidentDelivery['status'],
        attempts: Number(row.delivery_attempts ?? 0),
        last_error: row.delivery_last_error,
        delivered_at: isoOrNull(row.delivery_delivered_at),
        channel:
          row.channel_id === null
            ? null
            : { id: row.channel_id, name: row.channel_name ?? '', type: row.channel_type ?? '' },
      }

export const toIncidentEvent = (row: IncidentEventView): IncidentEvent => ({
  id: row.event_id,
  kind: row.kind as IncidentEventKind,
  at: iso(row.at),
  author: person(row.author_name, row.author_email),
  body: row.body,
  delivery: deliveryOf(row),
})

export const incidentsService = (deps: Pick<Deps, 'database' | 'repos' | 'clock' | 'live'>) => {
  const { repos, clock } = deps
  const owned = async (userId: string, incidentId: string) => {
    const row = await repos.incidents.detailOwned(userId, incidentId)
    if (!row) throw notFound('Incident')
    return row
  }
  const tell = (row: IncidentDetailRow, change: 'acknowledged' | 'comment') =>
    deps.live.publish(row.user_id, {
      kind: 'incident',
      incident_id: row.incident_id,
      monitor_id: row.monitor_id,
      change,
    })

  const detail = async (userId: string, incidentId: string): Promise<IncidentDetail> => {
    const row = await owned(userId, incidentId)
    const now = clock.now()
    const [timeline, evidence] = await Promise.all([
      repos.incidentEvents.timeline(row.incident_id),
      repos.incidentEvents.evidence(row.monitor_id, row.started_at, row.resolved_at ?? now, INCIDENT_EVIDENCE_LIMIT),
    ])
    return {
      id: row.incident_id,
      state: incidentStateOf(row),
      started_at: iso(row.started_at),
      resolved_at: isoOrNull(row.resolved_at),
      duration_ms: row.resolved_at === null ? null : row.resolved_at - row.started_at,
      cause: row.cause,
      monitor: {
        id: row.monitor_id,
        name: row.monitor_name,
        type: row.monitor_type as MonitorType,
        target: row.monitor_target,
        status: row.monitor_status as MonitorStatus,
      },
      acknowledged:
        row.acknowledged_at === null
          ? null
          : { at: iso(row.acknowledged_at), by: person(row.acknowledged_by_name, row.acknowledged_by_email) },
      timeline: timeline.map(toIncidentEvent),
      evidence: {
        total: evidence.total,
        results: evidence.rows.map((r) => {
          const facts = evidenceFacts(r.detail === null ? null : (JSON.parse(r.detail) as Record<string, unknown>))
          const status = r.status as MonitorStatus
          return {
            checked_at: iso(r.checked_at),
            status,
            verdict: storedVerdict(r.verdict as ResultVerdict | null, false, status),
            message: r.message,
            response_ms: r.response_ms,
            ...facts,
          }
        }),
      },
    }
  }

  const eventRow = (row: IncidentDetailRow, userId: string, kind: IncidentEventKind, at: number, body: string | null) =>
    ({
      event_id: newId(),
      incident_id: row.incident_id,
      user_id: row.user_id,
      at,
      kind,
      author_id: userId,
      body,
      delivery_id: null,
      created_at: at,
    }) satisfies IncidentEventRow

  return {
    list: async (userId: string, query: IncidentListQuery): Promise<IncidentPage> => {
      const { page, limit, monitor_id, open, status, type, q, from, to } = query
      // Another user's monitor is answered as if it did not exist, not with an empty list.
      if (monitor_id !== undefined && !(await repos.monitors.findOwned(userId, monitor_id))) throw notFound('Monitor')
      const { rows, total } = await repos.incidents.page(
        userId,
        { monitorId: monitor_id, open, status, type, q, from, to },
        page,
        limit,
      )
      return { incidents: rows.map(toIncidentSummary), pagination: paginationOf(total, page, limit) }
    },

    detail,

    /**
     * Acknowledges an open incident: its reminders stop. Twice is harmless (the first who and when stay); a resolved
     * incident cannot be acknowledged.
     */
    acknowledge: async (userId: string, incidentId: string) => {
      const row = await owned(userId, incidentId)
      if (row.acknowledged_at === null) {
        if (row.resolved_at !== null) throw conflict('This incident is already resolved.')
        const at = clock.now()
        const done = await deps.database.db.transaction().execute(async (trx) => {
          const r = reposOf(trx)
          if (!(await r.incidents.acknowledge(row.incident_id, userId, at))) return false
          await r.incidentEvents.insert([eventRow(row, userId, 'acknowledged', at, null)])
          return true
        })
        if (done) tell(row, 'acknowledged')
        // Resolved meanwhile (a check came back between the read and the write).
        else if ((await owned(userId, incidentId)).acknowledged_at === null)
          throw conflict('This incident is already resolved.')
      }
      return detail(userId, incidentId)
    },

    comment: async (userId: string, incidentId: string, input: IncidentCommentInput) => {
      const row = await owned(userId, incidentId)
      const event = eventRow(row, userId, 'comment', clock.now(), input.body)
      await repos.incidentEvents.insert([event])
      tell(row, 'comment')
      const view = (await repos.incidentEvents.timeline(row.incident_id)).find((e) => e.event_id === event.event_id)
      return toIncidentEvent(view as IncidentEventView)
    },
  }
}
export type IncidentsService = ReturnType<typeof incidentsService>
