import { type Kysely, sql } from 'kysely'
import { monitorTarget } from '../../../domain/monitor-target.ts'
import { fromRow, toMonitorInput } from '../repos/monitor-record.ts'
import type { DB } from '../schema.ts'

// The one list of monitors (issue 19): tags and the monitors that carry them, and each monitor's target as text (a
// URL, a host and port, a domain) so that the list searches it without reading every monitor's settings. The
// targets of existing monitors are filled in here, by the same function the app writes them with.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tags')
    .addColumn('tag_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    /** The name as two names clash on: trimmed, lower case. */
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('tags_user_name_idx').on('tags').columns(['user_id', 'name_key']).unique().execute()
  await db.schema
    .createTable('monitor_tags')
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('monitors.monitor_id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.tag_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('monitor_tags_pk', ['monitor_id', 'tag_id'])
    .execute()
  await db.schema.createIndex('monitor_tags_tag_idx').on('monitor_tags').columns(['tag_id', 'monitor_id']).execute()

  await db.schema
    .alterTable('monitors')
    .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  // The list's pages by name (its default order), of all monitors or of one state, read their 50 index entries
  // instead of sorting every monitor, and its counts by state and type read one index (bench/monitor-page.bench.ts).
  await db.schema
    .createIndex('monitors_user_name_idx')
    .on('monitors')
    .column('user_id')
    .expression(sql`lower(name)`)
    .column('monitor_id')
    .execute()
  await db.schema
    .createIndex('monitors_user_status_name_idx')
    .on('monitors')
    .columns(['user_id', 'status'])
    .expression(sql`lower(name)`)
    .column('monitor_id')
    .execute()
  await db.schema
    .createIndex('monitors_user_status_idx')
    .on('monitors')
    .columns(['user_id', 'status', 'type', 'monitor_id'])
    .execute()
  const typed = db as unknown as Kysely<DB>
  for (let after = ''; ; ) {
    const rows = await typed
      .selectFrom('monitors')
      .selectAll()
      .where('monitor_id', '>', after)
      .orderBy('monitor_id')
      .limit(500)
      .execute()
    if (rows.length === 0) break
    for (const row of rows) {
      const target = monitorTarget(toMonitorInput(fromRow({ ...row, target: '' })))
      await typed.updateTable('monitors').set({ target }).where('monitor_id', '=', row.monitor_id).execute()
    }
    after = rows.at(-1)?.monitor_id as string
  }
}
