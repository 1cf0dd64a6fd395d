import type { Kysely, Selectable } from 'kysely'
import { compiledOnce } from '../compiled-once.ts'
import type { DB, TagsTable } from '../schema.ts'
import { countRows } from './count-rows.ts'

// A user's tags and which of their monitors carry them.

export type TagRow = Selectable<TagsTable>

export const tagsRepo = (db: Kysely<DB>) => {
  // Read with every page of the monitor list.
  const shown = compiledOnce(db, (v: { userId: string }) =>
    db.selectFrom('tags').select(['tag_id as id', 'name', 'color']).where('user_id', '=', v.userId).orderBy('name_key'),
  )
  const owned = compiledOnce(db, (v: { userId: string; tagId: string }) =>
    db.selectFrom('tags').selectAll().where('user_id', '=', v.userId).where('tag_id', '=', v.tagId),
  )
  return {
    /** False when the user has a tag of that name already. */
    insert: async (row: TagRow) => {
      const result = await db
        .insertInto('tags')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'name_key']).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
    },

    /** The user's tags by name, with how many monitors carry each. */
    listOwned: (userId: string) =>
      db
        .selectFrom('tags as t')
        .selectAll('t')
        .select((eb) =>
          eb
            .selectFrom('monitor_tags as mt')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('mt.tag_id', '=', 't.tag_id')
            .as('monitor_count'),
        )
        .where('t.user_id', '=', userId)
        .orderBy('t.name_key')
        .execute(),

    /** The user's tags by name, as a list row shows them. */
    shownOf: (userId: string) => shown({ userId }),

    countOwned: (userId: string) => countRows(db.selectFrom('tags').where('user_id', '=', userId)),

    findOwned: async (userId: string, tagId: string) => (await owned({ userId, tagId }))[0],

    /** Of these ids, those that are the user's tags. */
    ownedOf: async (userId: string, tagIds: readonly string[]) =>
      tagIds.length === 0
        ? []
        : (
            await db
              .selectFrom('tags')
              .select('tag_id')
              .where('user_id', '=', userId)
              .where('tag_id', 'in', tagIds)
              .execute()
          ).map((r) => r.tag_id),

    /** False when the new name is the user's other tag's. */
    update: async (tagId: string, change: Partial<Pick<TagRow, 'name' | 'name_key' | 'color'>>) => {
      try {
        await db.updateTable('tags').set(change).where('tag_id', '=', tagId).execute()
        return true
      } catch (err) {
        if (/unique|duplicate/i.test(String(err))) return false
        throw err
      }
    },

    delete: (tagId: string) => db.deleteFrom('tags').where('tag_id', '=', tagId).execute(),

    /** The tags of these monitors, by monitor. */
    ofMonitors: async (monitorIds: readonly string[]) => {
      const out = new Map<string, { id: string; name: string; color: string }[]>()
      if (monitorIds.length === 0) return out
      const rows = await db
        .selectFrom('monitor_tags as mt')
        .innerJoin('tags as t', 't.tag_id', 'mt.tag_id')
        .select(['mt.monitor_id', 't.tag_id', 't.name', 't.name_key', 't.color'])
        .where('mt.monitor_id', 'in', monitorIds)
        .orderBy('t.name_key')
        .execute()
      for (const r of rows)
        out.set(r.monitor_id, [...(out.get(r.monitor_id) ?? []), { id: r.tag_id, name: r.name, color: r.color }])
      return out
    },

    /** A monitor's tags become exactly these. */
    setOf: async (monitorId: string, tagIds: readonly string[]) => {
      await db.deleteFrom('monitor_tags').where('monitor_id', '=', monitorId).execute()
      if (tagIds.length > 0)
        await db
          .insertInto('monitor_tags')
          .values(tagIds.map((tag_id) => ({ monitor_id: monitorId, tag_id })))
          .execute()
    },

    /** Gives a tag to monitors (those that have it keep it once). */
    addTo: async (tagId: string, monitorIds: readonly string[]) => {
      if (monitorIds.length === 0) return
      await db
        .insertInto('monitor_tags')
        .values(monitorIds.map((monitor_id) => ({ monitor_id, tag_id: tagId })))
        .onConflict((oc) => oc.columns(['monitor_id', 'tag_id']).doNothing())
        .execute()
    },

    removeFrom: (tagId: string, monitorIds: readonly string[]) =>
      monitorIds.length === 0
        ? Promise.resolve()
        : db.deleteFrom('monitor_tags').where('tag_id', '=', tagId).where('monitor_id', 'in', monitorIds).execute(),
  }
}
