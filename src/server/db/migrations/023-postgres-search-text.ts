import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

// PostgreSQL's search by part of a name or target (issue 19) lowercased every one of the user's names and targets
// and matched them: 20,000 calls of lower() for 10,000 monitors, most of a search's 17.5 ms of database CPU a page
// (bench/monitor-page.bench.ts). `monitor_search_text` keeps each monitor's name and target lowercased, by triggers on
// the monitors' insert and on a change of name, target or owner (a delete cascades); a search matches its narrow rows
// and reads the monitors it finds by key (monitorListRepo). Its rows change only with those fields, not with every
// check as the monitors' rows do, so its index is read alone (an index-only scan needs rows unchanged since the last
// vacuum): a page by name without the state or type filters is picked from it too, offset and tag included, and
// only its 50 monitors read. SQLite searches through its trigram table (migration 021) instead: nothing here.
export const postgresSearchText = (dialect: Dialect) => ({
  up: (db: Kysely<unknown>) => (dialect === 'postgres' ? up(db) : Promise.resolve()),
  down: (db: Kysely<unknown>) => (dialect === 'postgres' ? down(db) : Promise.resolve()),
})

async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('monitor_search_text')
    .addColumn('monitor_id', 'text', (c) => c.primaryKey().references('monitors.monitor_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    /** lower(name) */
    .addColumn('name', 'text', (c) => c.notNull())
    /** lower(target) */
    .addColumn('target', 'text', (c) => c.notNull())
    .execute()
  // The user's names in the list's order, with the targets a search matches: read by index alone.
  await sql`create index monitor_search_text_user_name_idx on monitor_search_text (user_id, name, monitor_id)
    include (target)`.execute(db)
  await sql`
    create function monitor_search_text_on_monitor() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into monitor_search_text (monitor_id, user_id, name, target)
        values (new.monitor_id, new.user_id, lower(new.name), lower(new.target));
      else
        update monitor_search_text set user_id = new.user_id, name = lower(new.name), target = lower(new.target)
        where monitor_id = new.monitor_id;
      end if;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger monitor_search_text_on_insert after insert on monitors
    for each row execute function monitor_search_text_on_monitor()`.execute(db)
  await sql`
    create trigger monitor_search_text_on_update after update of user_id, name, target on monitors for each row
    when (old.name is distinct from new.name or old.target is distinct from new.target
      or old.user_id is distinct from new.user_id)
    execute function monitor_search_text_on_monitor()`.execute(db)
  await sql`
    insert into monitor_search_text (monitor_id, user_id, name, target)
    select monitor_id, user_id, lower(name), lower(target) from monitors`.execute(db)
}

async function down(db: Kysely<unknown>) {
  for (const name of ['monitor_search_text_on_insert', 'monitor_search_text_on_update'])
    await sql`drop trigger if exists ${sql.raw(name)} on monitors`.execute(db)
  await sql`drop function if exists monitor_search_text_on_monitor()`.execute(db)
  await db.schema.dropTable('monitor_search_text').ifExists().execute()
}
