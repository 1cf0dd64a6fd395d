import type { Kysely, Selectable } from 'kysely'
import type { DB, IncidentsTable } from '../schema.ts'

export type IncidentRow = Selectable<IncidentsTable>
export type IncidentListRow = IncidentRow & { monitor_name: string; monitor_type: string }

export const incidentsRepo = (db: Kysely<DB>) => ({
  insert: (row: IncidentRow) => db.insertInto('incidents').values(row).execute(),

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
    filter: { monitorId?: string; open?: boolean },
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
    const [rows, count] = await Promise.all([
      base
        .selectAll('incidents')
        .select(['monitors.name as monitor_name', 'monitors.type as monitor_type'])
        .orderBy('incidents.started_at', 'desc')
        .orderBy('incidents.incident_id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
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

  findOwned: (userId: string, incidentId: string) =>
    db
      .selectFrom('incidents')
      .selectAll()
      .where('incident_id', '=', incidentId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
})
