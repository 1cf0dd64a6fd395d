import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

// PostgreSQL's search by part of a name or target (issue 19) matched every one of the user's lowercased names and
// targets (migration 023) with LIKE '%…%': for 10,000 monitors, 4.7 ms of the database's time a search
// (bench/monitor-page.bench.ts). A trigram index (pg_trgm's GIN operator class) on those names and targets finds the
// few that can match, as SQLite's trigram table does (migration 021). pg_trgm ships with PostgreSQL and is a trusted
// extension (PostgreSQL 13 on: a database owner may create it), but a server may lack it: then nothing is made and a
// search reads the names as before, slower but the same. Names change seldom and are searched often: each insert goes
// into the index at once (fastupdate off), so that a search never reads a list of pending ones after it.
export const postgresSearchTrigrams = (dialect: Dialect) => ({
  up: (db: Kysely<unknown>) => (dialect === 'postgres' ? up(db) : Promise.resolve()),
  down: (db: Kysely<unknown>) => (dialect === 'postgres' ? down(db) : Promise.resolve()),
})

async function up(db: Kysely<unknown>) {
  // A failed create extension would abort the migration's transaction: the block's own exception handler keeps it.
  await sql`
    do $$
    begin
      create extension if not exists pg_trgm;
      create index monitor_search_text_trigrams_idx on monitor_search_text
        using gin (name gin_trgm_ops, target gin_trgm_ops) with (fastupdate = off);
    exception when others then
      raise notice 'pg_trgm unavailable (%): the monitor search reads every name', sqlerrm;
    end $$`.execute(db)
}

async function down(db: Kysely<unknown>) {
  // The extension stays: something else of the database's may use it.
  await sql`drop index if exists monitor_search_text_trigrams_idx`.execute(db)
}
