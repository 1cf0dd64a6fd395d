import type { Kysely, Selectable, Updateable } from 'kysely'
import type { DB, StatusPageComponentsTable, StatusPagesTable } from '../schema.ts'
import { countRows } from './count-rows.ts'

export type StatusPageRow = Selectable<StatusPagesTable>
export type StatusComponentRow = Selectable<StatusPageComponentsTable>

export const statusPagesRepo = (db: Kysely<DB>) => ({
  insert: (row: StatusPageRow) => db.insertInto('status_pages').values(row).execute(),

  listOwned: (userId: string) =>
    db
      .selectFrom('status_pages')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('page_id')
      .execute(),

  countOwned: (userId: string) => countRows(db.selectFrom('status_pages').where('user_id', '=', userId)),

  findOwned: (userId: string, pageId: string) =>
    db
      .selectFrom('status_pages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('page_id', '=', pageId)
      .executeTakeFirst(),

  findBySlug: (slug: string) => db.selectFrom('status_pages').selectAll().where('slug', '=', slug).executeTakeFirst(),

  update: (pageId: string, change: Updateable<StatusPagesTable>) =>
    db.updateTable('status_pages').set(change).where('page_id', '=', pageId).execute(),

  delete: (pageId: string) => db.deleteFrom('status_pages').where('page_id', '=', pageId).execute(),

  /** The components of some pages, in their order. */
  componentsOf: (pageIds: readonly string[]) =>
    pageIds.length === 0
      ? Promise.resolve([] as StatusComponentRow[])
      : db
          .selectFrom('status_page_components')
          .selectAll()
          .where('page_id', 'in', pageIds)
          .orderBy('page_id')
          .orderBy('position')
          .execute(),

  /** Replaces a page's components, keeping the ids of those that stay (so incidents and badges keep them). */
  replaceComponents: async (pageId: string, rows: StatusComponentRow[]) => {
    const keep = rows.map((r) => r.component_id)
    await db
      .deleteFrom('status_page_components')
      .where('page_id', '=', pageId)
      .$if(keep.length > 0, (q) => q.where('component_id', 'not in', keep))
      .execute()
    for (const row of rows)
      await db
        .insertInto('status_page_components')
        .values(row)
        .onConflict((oc) =>
          oc.column('component_id').doUpdateSet({
            display_name: row.display_name,
            group_name: row.group_name,
            position: row.position,
          }),
        )
        .execute()
  },
})
