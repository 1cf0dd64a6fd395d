import type { Kysely, Selectable } from 'kysely'
import type { DB, StatusIncidentsTable, StatusIncidentUpdatesTable } from '../schema.ts'

export type StatusIncidentRow = Selectable<StatusIncidentsTable>
export type StatusIncidentUpdateRow = Selectable<StatusIncidentUpdatesTable>

export const statusIncidentsRepo = (db: Kysely<DB>) => ({
  insert: async (row: StatusIncidentRow, componentIds: readonly string[], update: StatusIncidentUpdateRow) => {
    await db.insertInto('status_incidents').values(row).execute()
    if (componentIds.length > 0)
      await db
        .insertInto('status_incident_components')
        .values(componentIds.map((component_id) => ({ status_incident_id: row.status_incident_id, component_id })))
        .execute()
    await db.insertInto('status_incident_updates').values(update).execute()
  },

  addUpdate: async (update: StatusIncidentUpdateRow, resolvedAt: number | null) => {
    await db.insertInto('status_incident_updates').values(update).execute()
    await db
      .updateTable('status_incidents')
      .set({ status: update.status, resolved_at: resolvedAt })
      .where('status_incident_id', '=', update.status_incident_id)
      .execute()
  },

  find: (pageId: string, incidentId: string) =>
    db
      .selectFrom('status_incidents')
      .selectAll()
      .where('page_id', '=', pageId)
      .where('status_incident_id', '=', incidentId)
      .executeTakeFirst(),

  /** The page's incident published from this engine incident, if it was. */
  findPublished: (pageId: string, monitorIncidentId: string) =>
    db
      .selectFrom('status_incidents')
      .select('status_incident_id')
      .where('page_id', '=', pageId)
      .where('monitor_incident_id', '=', monitorIncidentId)
      .executeTakeFirst(),

  delete: (incidentId: string) =>
    db.deleteFrom('status_incidents').where('status_incident_id', '=', incidentId).execute(),

  /** A page's incidents started since `since` or still open, newest first, with their updates and components. */
  ofPage: async (pageId: string, since: number) => {
    const incidents = await db
      .selectFrom('status_incidents')
      .selectAll()
      .where('page_id', '=', pageId)
      .where((w) => w.or([w('started_at', '>=', since), w('resolved_at', 'is', null), w('resolved_at', '>=', since)]))
      .orderBy('started_at', 'desc')
      .orderBy('status_incident_id', 'desc')
      .limit(200)
      .execute()
    const ids = incidents.map((i) => i.status_incident_id)
    const [updates, components] =
      ids.length === 0
        ? [[], []]
        : await Promise.all([
            db
              .selectFrom('status_incident_updates')
              .selectAll()
              .where('status_incident_id', 'in', ids)
              .orderBy('created_at', 'desc')
              .orderBy('update_id', 'desc')
              .execute(),
            db.selectFrom('status_incident_components').selectAll().where('status_incident_id', 'in', ids).execute(),
          ])
    return incidents.map((incident) => ({
      incident,
      updates: updates.filter((u) => u.status_incident_id === incident.status_incident_id),
      componentIds: components
        .filter((c) => c.status_incident_id === incident.status_incident_id)
        .map((c) => c.component_id),
    }))
  },

  /**
   * The engine closed these incidents: pages that published them say so with a resolved update, at the time the
   * monitor recovered. Called inside the recorder's transaction.
   */
  resolveFrom: async (resolved: readonly { id: string; at: number }[], newId: () => string) => {
    const atOf = new Map(resolved.map((r) => [r.id, r.at]))
    const open = await db
      .selectFrom('status_incidents')
      .select(['status_incident_id', 'monitor_incident_id'])
      .where('monitor_incident_id', 'in', [...atOf.keys()])
      .where('resolved_at', 'is', null)
      .execute()
    for (const incident of open) {
      const at = atOf.get(incident.monitor_incident_id ?? '') ?? 0
      await db
        .insertInto('status_incident_updates')
        .values({
          update_id: newId(),
          status_incident_id: incident.status_incident_id,
          status: 'resolved',
          message: 'This incident has been resolved: the service is working again.',
          created_at: at,
        })
        .execute()
      await db
        .updateTable('status_incidents')
        .set({ status: 'resolved', resolved_at: at })
        .where('status_incident_id', '=', incident.status_incident_id)
        .execute()
    }
  },
})
