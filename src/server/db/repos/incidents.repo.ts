import { type Insertable, type Kysely, type Selectable, sql } from 'kysely'
import type { DB, IncidentsTable } from '../schema.ts'
import { countRows } from './count-rows.ts'

export type IncidentRow = Selectable<IncidentsTable>
export type IncidentListRow = IncidentRow & { monitor_name: string; monitor_type: string }

/** What the incidents list filters on (issue 19): open, acknowledged (and still open) or resolved. */
export interface IncidentFilter {
  monitorId?: string
  open?: boolean
  status?: 'open' | 'acknowledged' | 'resolved'
  type?: string
  /** Part of the monitor's name. */
  q?: string
  /** Incidents that overlap [from, to]. */
  from?: number
  to?: number
}

/** One incident with its monitor and who acknowledged it. */
export type IncidentDetailRow = IncidentListRow & {
  monitor_target: string
  monitor_status: string
  acknowledged_by_name: string | null
  acknowledged_by_email: string | null
}

/** A LIKE pattern for part of a name in any case, with `%`, `_` and `\` taken literally. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export const incidentsRepo = (db: Kysely<DB>) => ({
  insert: (row: Insertable<IncidentsTable>) => db.insertInto('incidents').values(row).execute(),

  resolve: (incidentId: string, at: number) =>
    db
      .updateTable('incidents')
      .set({ resolved_at: at })
      .where('incident_id', '=', incidentId)
      .where('resolved_at', 'is', null)
      .execute(),

  /** The user's incidents, newest first, with their monitor's name and type. */
  page: async (
    userId: string,
    filter: IncidentFilter,
    page: number,
    limit: number,
  ): Promise<{ rows: IncidentListRow[]; total: number }> => {
    const base = db
      .selectFrom('incidents')
      .innerJoin('monitors', 'monitors.monitor_id', 'incidents.monitor_id')
      .where('incidents.user_id', '=', userId)
      .$if(filter.monitorId !== undefined, (q) => q.where('incidents.monitor_id', '=', filter.monitorId as string))
      .$if(filter.open === true, (q) => q.where('incidents.resolved_at', 'is', null))
      .$if(filter.open === false, (q) => q.where('incidents.resolved_at', 'is not', null))
      .$if(filter.status === 'open', (q) =>
        q.where('incidents.resolved_at', 'is', null).where('incidents.acknowledged_at', 'is', null),
      )
      .$if(filter.status === 'acknowledged', (q) =>
        q.where('incidents.resolved_at', 'is', null).where('incidents.acknowledged_at', 'is not', null),
      )
      .$if(filter.status === 'resolved', (q) => q.where('incidents.resolved_at', 'is not', null))
      .$if(filter.type !== undefined, (q) => q.where('monitors.type', '=', filter.type as string))
      .$if(filter.q !== undefined, (q) =>
        q.where(sql<boolean>`lower(monitors.name) like ${likePattern(filter.q as string)} escape '\\'`),
      )
      .$if(filter.to !== undefined, (q) => q.where('incidents.started_at', '<=', filter.to as number))
      .$if(filter.from !== undefined, (q) =>
        q.where((w) =>
          w.or([w('incidents.resolved_at', 'is', null), w('incidents.resolved_at', '>=', filter.from as number)]),
        ),
      )
    const [rows, total] = await Promise.all([
      base
        .selectAll('incidents')
        .select(['monitors.name as monitor_name', 'monitors.type as monitor_type'])
        .orderBy('incidents.started_at', 'desc')
        .orderBy('incidents.incident_id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      countRows(base),
    ])
    return { rows, total }
  },

  /** The monitors' incidents that overlap [from, to]. */
  overlapping: (monitorIds: readonly string[], from: number, to: number) =>
    monitorIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('incidents')
          .selectAll()
          .where('monitor_id', 'in', monitorIds)
          .where('started_at', '<=', to)
          .where((w) => w.or([w('resolved_at', 'is', null), w('resolved_at', '>=', from)]))
          .orderBy('started_at')
          .execute(),

  /** One of the user's incidents with its monitor and who acknowledged it; undefined when it is not theirs. */
  detailOwned: (userId: string, incidentId: string): Promise<IncidentDetailRow | undefined> =>
    db
      .selectFrom('incidents')
      .innerJoin('monitors', 'monitors.monitor_id', 'incidents.monitor_id')
      .leftJoin('users as ack', 'ack.user_id', 'incidents.acknowledged_by')
      .selectAll('incidents')
      .select([
        'monitors.name as monitor_name',
        'monitors.type as monitor_type',
        'monitors.target as monitor_target',
        'monitors.status as monitor_status',
        'ack.name as acknowledged_by_name',
        'ack.email as acknowledged_by_email',
      ])
      .where('incidents.incident_id', '=', incidentId)
      .where('incidents.user_id', '=', userId)
      .executeTakeFirst(),

  /** Marks an open incident acknowledged, once: true when this call did it. */
  acknowledge: async (incidentId: string, userId: string, at: number) =>
    Number(
      (
        await db
          .updateTable('incidents')
          .set({ acknowledged_at: at, acknowledged_by: userId })
          .where('incident_id', '=', incidentId)
          .where('resolved_at', 'is', null)
          .where('acknowledged_at', 'is', null)
          .executeTakeFirst()
      ).numUpdatedRows,
    ) > 0,

  /** Of these incidents, those acknowledged: their reminders stop. */
  acknowledgedOf: async (incidentIds: readonly string[]) =>
    incidentIds.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .selectFrom('incidents')
              .select('incident_id')
              .where('incident_id', 'in', incidentIds)
              .where('acknowledged_at', 'is not', null)
              .execute()
          ).map((r) => r.incident_id),
        ),

  findOwned: (userId: string, incidentId: string) =>
    db
      .selectFrom('incidents')
      .selectAll()
      .where('incident_id', '=', incidentId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
})
