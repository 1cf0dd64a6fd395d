import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

// What one page of the monitor list (issue 19) reads instead of counting and gathering per request
// (bench/monitor-page.bench.ts), both kept by triggers in the transaction of whatever writes the rows, so nothing
// that writes results, monitors or tags has to remember them:
//
// - `monitor_beats`: each monitor's heartbeat bar, its last 30 results as the list answers them (JSON text, oldest
//   first, times in ISO 8601), rebuilt from `check_results` when a result is stored. A page reads 50 of these rows
//   instead of 1,500 results, and sends their text as it is. Results pruned by retention are taken out by the
//   prune (checkResults.prune), which rebuilds the bars that held them with the same SQL as the trigger.
// - `monitor_counts`: how many of a user's monitors are in each state and type, in all (`tag_id` '') and per tag,
//   as rows of +1 and -1 added on every insert, delete, change of state or type, tagging and untagging. Adding rows
//   (never updating one shared row) keeps concurrent writers from waiting on, or deadlocking over, a user's
//   counters; the list sums a user's rows and folds them into one row per group when they have grown
//   (monitorListRepo.counts). A monitor's delete counts its tags out before the cascade removes them; a tag's
//   delete counts its monitors out through the cascade (the monitor is still there then).
export const listSummaries = (dialect: Dialect) => ({
  up: (db: Kysely<unknown>) => up(db, dialect),
  down: (db: Kysely<unknown>) => down(db, dialect),
})

/** How many results a heartbeat bar shows: HEARTBEATS in domain/monitor-list.ts. */
const BEATS = 30

async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('monitor_beats')
    .addColumn('monitor_id', 'text', (c) => c.primaryKey().references('monitors.monitor_id').onDelete('cascade'))
    /** JSON: the last results as the list's heartbeats, oldest first. */
    .addColumn('beats', 'text', (c) => c.notNull())
    /** When the oldest of them was checked (what the prune compares with). */
    .addColumn('oldest_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('monitor_counts')
    .addColumn('user_id', 'text', (c) => c.notNull())
    /** '' for all the user's monitors, else a tag's. */
    .addColumn('tag_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('monitor_counts_user_idx')
    .on('monitor_counts')
    .columns(['user_id', 'tag_id', 'status', 'type'])
    .execute()

  // A search reads the user's monitors by this index alone (their names and targets are in it), not their rows:
  // two to three times as fast on SQLite. Its first columns are those of 017's, for the pages by name.
  await db.schema.dropIndex('monitors_user_name_idx').execute()
  await db.schema
    .createIndex('monitors_user_name_idx')
    .on('monitors')
    .column('user_id')
    .expression(sql`lower(name)`)
    .column('monitor_id')
    .expression(sql`lower(target)`)
    .columns(['status', 'type'])
    .execute()

  if (dialect === 'postgres') await postgresTriggers(db)
  else await sqliteTriggers(db)

  // What exists now, as one row per group and the bars of the results stored so far.
  await sql`
    insert into monitor_counts (user_id, tag_id, status, type, n)
    select user_id, '', status, type, count(*) from monitors group by user_id, status, type`.execute(db)
  await sql`
    insert into monitor_counts (user_id, tag_id, status, type, n)
    select m.user_id, mt.tag_id, m.status, m.type, count(*)
    from monitor_tags mt join monitors m on m.monitor_id = mt.monitor_id
    group by m.user_id, mt.tag_id, m.status, m.type`.execute(db)
  if (dialect === 'postgres')
    await sql`
      insert into monitor_beats (monitor_id, beats, oldest_at)
      select b.monitor_id, b.beats, b.oldest_at from monitors m, lateral ${postgresBeats(sql`m.monitor_id`)} as b`.execute(
      db,
    )
  else {
    const { beats, oldest } = sqliteBeats(sql`m.monitor_id`)
    await sql`
      insert into monitor_beats (monitor_id, beats, oldest_at)
      select m.monitor_id, ${beats}, ${oldest} from monitors m
      where exists (select 1 from check_results where monitor_id = m.monitor_id)`.execute(db)
  }
}

const verdict = sql`coalesce(r.verdict, case when r.ok = 0 then 'failed' when r.status = 'degraded' then 'slow' else 'ok' end)`
const lastOf = (id: ReturnType<typeof sql>) =>
  sql`select * from check_results where monitor_id = ${id} order by checked_at desc limit ${sql.lit(BEATS)}`

/**
 * PostgreSQL: the bar of one monitor (`id`, an SQL expression) as a subquery of one row (monitor_id, beats,
 * oldest_at), none when it has no results, for a lateral join. Each beat as the list answers it: the time in ISO 8601
 * with milliseconds, the verdict read as the results page reads it (stored, else from `ok` and the state), maintenance
 * true, false or null. row_to_json writes compact JSON (json_build_object and json_agg add spaces), keyed by the
 * columns' names.
 */
export const postgresBeats = (id: ReturnType<typeof sql>) =>
  sql`(select r.monitor_id, '[' || string_agg(row_to_json(b)::text, ',' order by r.checked_at) || ']' as beats,
      min(r.checked_at) as oldest_at
    from (${lastOf(id)}) r, lateral (select
      to_char(timestamp 'epoch' + r.checked_at * interval '1 millisecond', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as checked_at,
      r.ok = 1 as ok, r.status, r.response_ms, r.message, ${verdict} as verdict,
      case when r.in_maintenance is null then null else r.in_maintenance = 1 end as maintenance) b
    group by r.monitor_id)`

/** SQLite (no lateral joins): the same bar as two scalar subqueries, its JSON and its oldest time. */
export const sqliteBeats = (id: ReturnType<typeof sql>) => ({
  beats: sql`(select json_group_array(json_object(
      'checked_at', strftime('%Y-%m-%dT%H:%M:%fZ', r.checked_at / 1000.0, 'unixepoch'),
      'ok', json(case when r.ok = 1 then 'true' else 'false' end),
      'status', r.status, 'response_ms', r.response_ms, 'message', r.message, 'verdict', ${verdict},
      'maintenance', json(case r.in_maintenance when 1 then 'true' when 0 then 'false' else 'null' end)
    ) order by r.checked_at) from (${lastOf(id)}) r)`,
  oldest: sql`(select min(r.checked_at) from (${lastOf(id)}) r)`,
})

async function sqliteTriggers(db: Kysely<unknown>) {
  const { beats, oldest } = sqliteBeats(sql`new.monitor_id`)
  await sql`
    create trigger monitor_beats_on_result after insert on check_results begin
      insert into monitor_beats (monitor_id, beats, oldest_at) values (new.monitor_id, ${beats}, ${oldest})
      on conflict (monitor_id) do update set beats = excluded.beats, oldest_at = excluded.oldest_at;
    end`.execute(db)
  await sql`
    create trigger monitor_counts_on_insert after insert on monitors begin
      insert into monitor_counts (user_id, tag_id, status, type, n) values (new.user_id, '', new.status, new.type, 1);
    end`.execute(db)
  await sql`
    create trigger monitor_counts_on_delete before delete on monitors begin
      insert into monitor_counts (user_id, tag_id, status, type, n)
      select old.user_id, '', old.status, old.type, -1
      union all select old.user_id, tag_id, old.status, old.type, -1 from monitor_tags where monitor_id = old.monitor_id;
    end`.execute(db)
  await sql`
    create trigger monitor_counts_on_update after update of user_id, status, type on monitors
    when old.status is not new.status or old.type is not new.type or old.user_id is not new.user_id begin
      insert into monitor_counts (user_id, tag_id, status, type, n)
      select old.user_id, '', old.status, old.type, -1
      union all select new.user_id, '', new.status, new.type, 1
      union all select old.user_id, tag_id, old.status, old.type, -1 from monitor_tags where monitor_id = old.monitor_id
      union all select new.user_id, tag_id, new.status, new.type, 1 from monitor_tags where monitor_id = new.monitor_id;
    end`.execute(db)
  await sql`
    create trigger monitor_counts_on_tag after insert on monitor_tags begin
      insert into monitor_counts (user_id, tag_id, status, type, n)
      select user_id, new.tag_id, status, type, 1 from monitors where monitor_id = new.monitor_id;
    end`.execute(db)
  await sql`
    create trigger monitor_counts_on_untag after delete on monitor_tags begin
      insert into monitor_counts (user_id, tag_id, status, type, n)
      select user_id, old.tag_id, status, type, -1 from monitors where monitor_id = old.monitor_id;
    end`.execute(db)
}

async function postgresTriggers(db: Kysely<unknown>) {
  // Per statement, with the rows it added: a batch of results rebuilds each of its monitors' bars once.
  await sql`
    create function monitor_beats_on_result() returns trigger language plpgsql as $$
    begin
      insert into monitor_beats (monitor_id, beats, oldest_at)
      select b.monitor_id, b.beats, b.oldest_at
      from (select distinct monitor_id from added) a, lateral ${postgresBeats(sql`a.monitor_id`)} as b
      on conflict (monitor_id) do update set beats = excluded.beats, oldest_at = excluded.oldest_at;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger monitor_beats_on_result after insert on check_results
    referencing new table as added for each statement execute function monitor_beats_on_result()`.execute(db)
  await sql`
    create function monitor_counts_on_monitor() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into monitor_counts (user_id, tag_id, status, type, n) values (new.user_id, '', new.status, new.type, 1);
        return null;
      elsif tg_op = 'DELETE' then
        insert into monitor_counts (user_id, tag_id, status, type, n)
        select old.user_id, '', old.status, old.type, -1
        union all select old.user_id, tag_id, old.status, old.type, -1 from monitor_tags where monitor_id = old.monitor_id;
        return old;
      else
        insert into monitor_counts (user_id, tag_id, status, type, n)
        select old.user_id, '', old.status, old.type, -1
        union all select new.user_id, '', new.status, new.type, 1
        union all select old.user_id, tag_id, old.status, old.type, -1 from monitor_tags where monitor_id = old.monitor_id
        union all select new.user_id, tag_id, new.status, new.type, 1 from monitor_tags where monitor_id = new.monitor_id;
        return null;
      end if;
    end $$`.execute(db)
  await sql`
    create trigger monitor_counts_on_insert after insert on monitors
    for each row execute function monitor_counts_on_monitor()`.execute(db)
  // Before the delete: the cascade to monitor_tags runs after it, when the monitor's tags are gone.
  await sql`
    create trigger monitor_counts_on_delete before delete on monitors
    for each row execute function monitor_counts_on_monitor()`.execute(db)
  await sql`
    create trigger monitor_counts_on_update after update of user_id, status, type on monitors for each row
    when (old.status is distinct from new.status or old.type is distinct from new.type
      or old.user_id is distinct from new.user_id)
    execute function monitor_counts_on_monitor()`.execute(db)
  await sql`
    create function monitor_counts_on_tagging() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into monitor_counts (user_id, tag_id, status, type, n)
        select user_id, new.tag_id, status, type, 1 from monitors where monitor_id = new.monitor_id;
      else
        -- In a monitor's delete the monitor is gone here: its delete counted its tags out already.
        insert into monitor_counts (user_id, tag_id, status, type, n)
        select user_id, old.tag_id, status, type, -1 from monitors where monitor_id = old.monitor_id;
      end if;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger monitor_counts_on_tagging after insert or delete on monitor_tags
    for each row execute function monitor_counts_on_tagging()`.execute(db)
}

async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop trigger if exists monitor_beats_on_result on check_results`.execute(db)
    for (const name of ['monitor_counts_on_insert', 'monitor_counts_on_delete', 'monitor_counts_on_update'])
      await sql`drop trigger if exists ${sql.raw(name)} on monitors`.execute(db)
    await sql`drop trigger if exists monitor_counts_on_tagging on monitor_tags`.execute(db)
    for (const name of ['monitor_beats_on_result', 'monitor_counts_on_monitor', 'monitor_counts_on_tagging'])
      await sql`drop function if exists ${sql.raw(name)}()`.execute(db)
  } else {
    for (const name of [
      'monitor_beats_on_result',
      'monitor_counts_on_insert',
      'monitor_counts_on_delete',
      'monitor_counts_on_update',
      'monitor_counts_on_tag',
      'monitor_counts_on_untag',
    ])
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db)
  }
  await db.schema.dropIndex('monitors_user_name_idx').execute()
  await db.schema
    .createIndex('monitors_user_name_idx')
    .on('monitors')
    .column('user_id')
    .expression(sql`lower(name)`)
    .column('monitor_id')
    .execute()
  await db.schema.dropTable('monitor_counts').ifExists().execute()
  await db.schema.dropTable('monitor_beats').ifExists().execute()
}
