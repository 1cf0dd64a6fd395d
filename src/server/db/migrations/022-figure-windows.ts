import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

// A list row's uptime over 24 hours and 30 days summed 54 buckets of `rollups` a monitor, 2,700 rows a page of 50:
// the largest part of a page's time on both databases (bench/monitor-page.bench.ts). `rollup_windows` keeps, per
// monitor and period, the sums of a window's settled buckets: from its first bucket (`from_bucket`) up to the bucket
// before the last (`settled_to`, excluded). Those buckets no longer take results (a result goes to the bucket its
// check started in), so a read adds only the last two buckets to them (rollupsRepo.figuresOf). A window is summed
// again when the window moves on (once an hour, once a day), and forgotten by the triggers below whenever a bucket
// before its `settled_to` is written or pruned after all (a check recorded over an hour late), so it is never stale.
export const figureWindows = (dialect: Dialect) => ({
  up: (db: Kysely<unknown>) => up(db, dialect),
  down: (db: Kysely<unknown>) => down(db, dialect),
})

async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('rollup_windows')
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('monitors.monitor_id').onDelete('cascade'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('from_bucket', 'bigint', (c) => c.notNull())
    .addColumn('settled_to', 'bigint', (c) => c.notNull())
    .addColumn('up_ms', 'bigint', (c) => c.notNull())
    .addColumn('degraded_ms', 'bigint', (c) => c.notNull())
    .addColumn('down_ms', 'bigint', (c) => c.notNull())
    .addColumn('rt_count', 'bigint', (c) => c.notNull())
    .addColumn('rt_sum', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rollup_windows_pk', ['monitor_id', 'period'])
    .execute()

  if (dialect === 'postgres') {
    await sql`
      create function rollup_windows_forget() returns trigger language plpgsql as $$
      declare
        bucket rollups%rowtype;
      begin
        if tg_op = 'DELETE' then bucket := old; else bucket := new; end if;
        delete from rollup_windows w
        where w.monitor_id = bucket.monitor_id and w.period = bucket.period and w.settled_to > bucket.bucket_start;
        return null;
      end $$`.execute(db)
    await sql`
      create trigger rollup_windows_forget after insert or update or delete on rollups
      for each row execute function rollup_windows_forget()`.execute(db)
    return
  }
  for (const [event, row] of [
    ['insert', 'new'],
    ['update', 'new'],
    ['delete', 'old'],
  ] as const)
    await sql`
      create trigger ${sql.raw(`rollup_windows_forget_on_${event}`)} after ${sql.raw(event)} on rollups begin
        delete from rollup_windows
        where monitor_id = ${sql.raw(row)}.monitor_id and period = ${sql.raw(row)}.period
          and settled_to > ${sql.raw(row)}.bucket_start;
      end`.execute(db)
}

async function down(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`drop trigger if exists rollup_windows_forget on rollups`.execute(db)
    await sql`drop function if exists rollup_windows_forget()`.execute(db)
  } else
    for (const event of ['insert', 'update', 'delete'])
      await sql`drop trigger if exists ${sql.raw(`rollup_windows_forget_on_${event}`)}`.execute(db)
  await db.schema.dropTable('rollup_windows').ifExists().execute()
}
