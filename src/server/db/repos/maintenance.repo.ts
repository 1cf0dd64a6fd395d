import type { Kysely, Selectable } from 'kysely'
import type { DB, MaintenanceWindowsTable } from '../schema.ts'

export type MaintenanceRow = Selectable<MaintenanceWindowsTable>

export const maintenanceRepo = (db: Kysely<DB>) => ({
  insert: async (row: MaintenanceRow, componentIds: readonly string[]) => {
    await db.insertInto('maintenance_windows').values(row).execute()
    if (componentIds.length > 0)
      await db
        .insertInto('maintenance_components')
        .values(componentIds.map((component_id) => ({ maintenance_id: row.maintenance_id, component_id })))
        .execute()
  },

  find: (pageId: string, maintenanceId: string) =>
    db
      .selectFrom('maintenance_windows')
      .selectAll()
      .where('page_id', '=', pageId)
      .where('maintenance_id', '=', maintenanceId)
      .executeTakeFirst(),

  delete: (maintenanceId: string) =>
    db.deleteFrom('maintenance_windows').where('maintenance_id', '=', maintenanceId).execute(),

  /** A page's windows that end after `since`, soonest first, with their component ids. */
  ofPage: async (pageId: string, since: number) => {
    const windows = await db
      .selectFrom('maintenance_windows')
      .selectAll()
      .where('page_id', '=', pageId)
      .where('ends_at', '>', since)
      .orderBy('starts_at')
      .orderBy('maintenance_id')
      .limit(200)
      .execute()
    const ids = windows.map((w) => w.maintenance_id)
    const components =
      ids.length === 0
        ? []
        : await db.selectFrom('maintenance_components').selectAll().where('maintenance_id', 'in', ids).execute()
    return windows.map((window) => ({
      window,
      componentIds: components.filter((c) => c.maintenance_id === window.maintenance_id).map((c) => c.component_id),
    }))
  },

  /**
   * Which of these monitors are in a maintenance window at `at`: on a page with a window in progress that
   * covers their component (or the whole page, when it names none). Usually no window is in progress, and one
   * indexed query answers that.
   */
  monitorsUnderMaintenance: async (monitorIds: readonly string[], at: number): Promise<Set<string>> => {
    if (monitorIds.length === 0) return new Set()
    const active = await db
      .selectFrom('maintenance_windows')
      .select(['maintenance_id', 'page_id'])
      .where('ends_at', '>', at)
      .where('starts_at', '<=', at)
      .execute()
    if (active.length === 0) return new Set()
    const [components, covered] = await Promise.all([
      db
        .selectFrom('status_page_components')
        .select(['component_id', 'page_id', 'monitor_id'])
        .where('page_id', 'in', [...new Set(active.map((w) => w.page_id))])
        .where('monitor_id', 'in', monitorIds)
        .execute(),
      db
        .selectFrom('maintenance_components')
        .selectAll()
        .where(
          'maintenance_id',
          'in',
          active.map((w) => w.maintenance_id),
        )
        .execute(),
    ])
    const out = new Set<string>()
    for (const w of active) {
      const named = covered.filter((c) => c.maintenance_id === w.maintenance_id).map((c) => c.component_id)
      for (const c of components)
        if (c.page_id === w.page_id && (named.length === 0 || named.includes(c.component_id))) out.add(c.monitor_id)
    }
    return out
  },

  /**
   * The maintenance windows over [from, to) that cover each of these monitors (through their components on the
   * owner's status pages; a window naming no component covers its whole page), as spans per monitor.
   */
  spansOf: async (monitorIds: readonly string[], from: number, to: number) => {
    const out = new Map<string, { from: number; to: number }[]>()
    if (monitorIds.length === 0) return out
    const components = await db
      .selectFrom('status_page_components')
      .select(['component_id', 'page_id', 'monitor_id'])
      .where('monitor_id', 'in', monitorIds)
      .execute()
    const pageIds = [...new Set(components.map((c) => c.page_id))]
    if (pageIds.length === 0) return out
    const windows = await db
      .selectFrom('maintenance_windows')
      .select(['maintenance_id', 'page_id', 'starts_at', 'ends_at'])
      .where('page_id', 'in', pageIds)
      .where('starts_at', '<', to)
      .where('ends_at', '>', from)
      .execute()
    if (windows.length === 0) return out
    const named = await db
      .selectFrom('maintenance_components')
      .selectAll()
      .where(
        'maintenance_id',
        'in',
        windows.map((w) => w.maintenance_id),
      )
      .execute()
    for (const w of windows) {
      const only = new Set(named.filter((n) => n.maintenance_id === w.maintenance_id).map((n) => n.component_id))
      for (const c of components)
        if (c.page_id === w.page_id && (only.size === 0 || only.has(c.component_id)))
          out.set(c.monitor_id, [
            ...(out.get(c.monitor_id) ?? []),
            { from: Number(w.starts_at), to: Number(w.ends_at) },
          ])
    }
    return out
  },
})
