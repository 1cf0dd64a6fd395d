import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

// A tag's page of the monitor list by name (issue 19) walked the user's monitors in name order and checked each for
// the tag until 50 carried it: on the benchmark's data about 1,000 monitors for the first page of a tag on a quarter
// of them (bench/monitor-page.bench.ts; 4.5 ms of PostgreSQL's time a page, 1.7 ms of SQLite's). Each tagging row
// now keeps its monitor's lowercased name (`name_key`, as the list orders by `lower(name)`), set by a trigger when the
// row is made and by one on the monitors when a name changes, and an index on (tag_id, name_key, monitor_id) gives a
// tag's page by name as a range of it (monitorListRepo: pickedByTag).
export const tagNameOrder = (dialect: Dialect) => ({
  up: (db: Kysely<unknown>) => up(db, dialect),
  down: (db: Kysely<unknown>) => down(db, dialect),
})

async function up(db: Kysely<unknown>, dialect: Dialect) {
  await db.schema
    .alterTable('monitor_tags')
    .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await sql`update monitor_tags set name_key = (select lower(m.name) from monitors m
    where m.monitor_id = monitor_tags.monitor_id)`.execute(db)
  await sql`create index monitor_tags_tag_name_idx on monitor_tags (tag_id, name_key, monitor_id)`.execute(db)
  if (dialect === 'postgres') {
    await sql`
      create function monitor_tags_name_key() returns trigger language plpgsql as $$
      begin
        new.name_key := (select lower(m.name) from monitors m where m.monitor_id = new.monitor_id);
        return new;
      end $$`.execute(db)
    await sql`
      create trigger monitor_tags_name_key_on_tag before insert on monitor_tags
      for each row execute function monitor_tags_name_key()`.execute(db)
    await sql`
      create function monitor_tags_name_key_on_rename() returns trigger language plpgsql as $$
      begin
        update monitor_tags set name_key = lower(new.name) where monitor_id = new.monitor_id;
        return null;
      end $$`.execute(db)
    await sql`
      create trigger monitor_tags_name_key_on_rename after update of name on monitors for each row
      when (old.name is distinct from new.name) execute function monitor_tags_name_key_on_rename()`.execute(db)
    return
  }
  await sql`
    create trigger monitor_tags_name_key_on_tag after insert on monitor_tags begin
      update monitor_tags set name_key = (select lower(m.name) from monitors m where m.monitor_id = new.monitor_id)
      where monitor_id = new.monitor_id and tag_id = new.tag_id;
    end`.execute(db)
  await sql`
    create trigger monitor_tags_name_key_on_rename after update of name on monitors
    when old.name is not new.name begin
      update monitor_tags set name_key = lower(new.name) where monitor_id = new.monitor_id;
    end`.execute(db)
}

async function down(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === 'postgres') {
    await sql`drop trigger if exists monitor_tags_name_key_on_rename on monitors`.execute(db)
    await sql`drop trigger if exists monitor_tags_name_key_on_tag on monitor_tags`.execute(db)
    await sql`drop function if exists monitor_tags_name_key_on_rename()`.execute(db)
    await sql`drop function if exists monitor_tags_name_key()`.execute(db)
  } else
    for (const name of ['monitor_tags_name_key_on_rename', 'monitor_tags_name_key_on_tag'])
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db)
  await sql`drop index if exists monitor_tags_tag_name_idx`.execute(db)
  await db.schema.alterTable('monitor_tags').dropColumn('name_key').execute()
}
