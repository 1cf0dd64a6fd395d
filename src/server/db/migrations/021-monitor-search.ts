import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

// The list's search by part of a name or target (issue 19) found its monitors by reading every one of the user's
// names and targets: on SQLite a millisecond of a page's time for 10,000 monitors (bench/monitor-page.bench.ts).
//
// SQLite: `monitor_search`, an FTS5 table with the trigram tokenizer over each monitor's name and target, kept by
// triggers. Its rows are keyed by `monitor_search_keys` (an integer per monitor id that stays put: the monitors' own
// rowids may be renumbered by VACUUM). A search of three characters or more asks it for the phrase; shorter ones (no
// trigram in them) still read the names.
//
// PostgreSQL: nothing. GIN trigram indexes (pg_trgm) on lower(name) and lower(target) were tried: on the benchmark's
// names (100 repeated a hundred times, targets sharing their host) a search through them took 6 ms against 5.6 ms
// for reading every name, the planner rightly kept to the read, and the check engine's updates of the monitors'
// rows would have had to keep them too.
export const monitorSearch = (dialect: Dialect) => ({
  up: (db: Kysely<unknown>) => (dialect === 'sqlite' ? sqliteUp(db) : Promise.resolve()),
  down: (db: Kysely<unknown>) => (dialect === 'sqlite' ? sqliteDown(db) : Promise.resolve()),
})

async function sqliteUp(db: Kysely<unknown>) {
  await sql`create table monitor_search_keys (
    search_key integer primary key,
    monitor_id text not null unique
  )`.execute(db)
  await sql`create virtual table monitor_search using fts5(name, target, tokenize = 'trigram')`.execute(db)
  const keyOf = (id: string) => sql.raw(`(select search_key from monitor_search_keys where monitor_id = ${id})`)
  await sql`create trigger monitor_search_on_insert after insert on monitors begin
    insert into monitor_search_keys (monitor_id) values (new.monitor_id);
    insert into monitor_search (rowid, name, target) values (${keyOf('new.monitor_id')}, new.name, new.target);
  end`.execute(db)
  await sql`create trigger monitor_search_on_update after update of name, target on monitors begin
    update monitor_search set name = new.name, target = new.target where rowid = ${keyOf('new.monitor_id')};
  end`.execute(db)
  await sql`create trigger monitor_search_on_delete after delete on monitors begin
    delete from monitor_search where rowid = ${keyOf('old.monitor_id')};
    delete from monitor_search_keys where monitor_id = old.monitor_id;
  end`.execute(db)
  await sql`insert into monitor_search_keys (monitor_id) select monitor_id from monitors order by monitor_id`.execute(
    db,
  )
  await sql`insert into monitor_search (rowid, name, target)
    select k.search_key, m.name, m.target from monitors m join monitor_search_keys k on k.monitor_id = m.monitor_id`.execute(
    db,
  )
}

async function sqliteDown(db: Kysely<unknown>) {
  for (const name of ['monitor_search_on_insert', 'monitor_search_on_update', 'monitor_search_on_delete'])
    await sql`drop trigger if exists ${sql.raw(name)}`.execute(db)
  await sql`drop table if exists monitor_search`.execute(db)
  await sql`drop table if exists monitor_search_keys`.execute(db)
}
