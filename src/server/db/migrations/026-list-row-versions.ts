import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

// A monitor's row of the list (issue 19) is the same bytes from one page to the next until something it shows
// changes: its own columns, its heartbeat bar, its tags (a result's rollups are written with its monitor's new state,
// in one transaction). `list_version` tells when: every update of the monitor, every write of its bar
// (`monitor_beats`, by results and the retention prune, which may delete it) and every tagging and untagging moves it
// on, by triggers in the transaction of the write, so nothing that writes has to remember it. A server keeps the rows it answered by id and
// version (services/list-rows.ts) and reads again only those whose version moved: on the benchmark's data a page read
// 50 rows, their figures and 190 KB of heartbeats for every request (bench/monitor-page.bench.ts). A version only
// grows: on SQLite an update that sets it back (a record read earlier, written whole) moves it on all the same.
export const listRowVersions = (dialect: Dialect) => ({
  up: (db: Kysely<unknown>) => up(db, dialect),
  down: (db: Kysely<unknown>) => down(db, dialect),
})

async function up(db: Kysely<unknown>, dialect: Dialect) {
  await db.schema
    .alterTable('monitors')
    .addColumn('list_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  if (dialect === 'postgres') {
    await sql`
      create function monitors_list_version() returns trigger language plpgsql as $$
      begin
        new.list_version := old.list_version + 1;
        return new;
      end $$`.execute(db)
    await sql`
      create trigger monitors_list_version before update on monitors
      for each row execute function monitors_list_version()`.execute(db)
    // A bar or a tagging written: its monitor updated, which moves its version (the trigger above).
    await sql`
      create function monitors_list_version_of_part() returns trigger language plpgsql as $$
      begin
        update monitors set list_version = list_version + 1
        where monitor_id = (case when tg_op = 'DELETE' then old.monitor_id else new.monitor_id end);
        return null;
      end $$`.execute(db)
    await sql`
      create trigger monitor_beats_list_version after insert or update or delete on monitor_beats
      for each row execute function monitors_list_version_of_part()`.execute(db)
    await sql`
      create trigger monitor_tags_list_version after insert or delete on monitor_tags
      for each row execute function monitors_list_version_of_part()`.execute(db)
    return
  }
  // SQLite's triggers cannot set the row they fire for: one more update moves it on (recursive triggers are off, so
  // it does not fire this trigger again; the other triggers on monitors fire only for the columns they name).
  await sql`
    create trigger monitors_list_version after update on monitors
    when new.list_version <= old.list_version begin
      update monitors set list_version = old.list_version + 1 where monitor_id = new.monitor_id;
    end`.execute(db)
  for (const { name, event, table, row } of SQLITE_PART_TRIGGERS)
    await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.raw(table)} begin
      update monitors set list_version = list_version + 1 where monitor_id = ${sql.raw(row)}.monitor_id;
    end`.execute(db)
}

/** On SQLite, a trigger per write of a bar or a tagging: its monitor's version moved on. */
const SQLITE_PART_TRIGGERS = (
  [
    ['monitor_beats', 'insert'],
    ['monitor_beats', 'update'],
    ['monitor_beats', 'delete'],
    ['monitor_tags', 'insert'],
    ['monitor_tags', 'delete'],
  ] as const
).map(([table, event]) => ({
  name: `${table}_list_version_on_${event}`,
  event,
  table,
  row: event === 'delete' ? 'old' : 'new',
}))

async function down(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === 'postgres') {
    await sql`drop trigger if exists monitor_tags_list_version on monitor_tags`.execute(db)
    await sql`drop trigger if exists monitor_beats_list_version on monitor_beats`.execute(db)
    await sql`drop trigger if exists monitors_list_version on monitors`.execute(db)
    await sql`drop function if exists monitors_list_version_of_part()`.execute(db)
    await sql`drop function if exists monitors_list_version()`.execute(db)
  } else
    for (const name of ['monitors_list_version', ...SQLITE_PART_TRIGGERS.map((t) => t.name)])
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db)
  await db.schema.alterTable('monitors').dropColumn('list_version').execute()
}
