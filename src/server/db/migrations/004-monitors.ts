import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

/**
 * The histogram columns of a rollup as this migration made them: h0 (under 10 ms) to h18 (30 s and more), the 19
 * buckets domain/uptime.ts had then. Copied, not read from the domain: a migration is frozen history.
 */
const HISTOGRAM_COLUMNS = Array.from({ length: 19 }, (_, i) => `h${i}` as const)

// On SQLite, results and rollups are stored in their primary key's order (WITHOUT ROWID): a monitor's rows
// sit together, so a range of them is one sequential read (the monitor list went from 114 ms to 14 ms).
const clustered = (dialect: Dialect) => (dialect === 'sqlite' ? sql`without rowid` : sql``)

export const monitors = (dialect: Dialect) => ({ up: (db: Kysely<unknown>) => up(db, dialect), down })

async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('monitors')
    .addColumn('monitor_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('interval_seconds', 'integer', (c) => c.notNull())
    .addColumn('timeout_seconds', 'integer', (c) => c.notNull())
    .addColumn('retries', 'integer', (c) => c.notNull())
    .addColumn('retry_interval_seconds', 'integer', (c) => c.notNull())
    .addColumn('recovery_checks', 'integer', (c) => c.notNull())
    .addColumn('degraded_threshold_ms', 'integer')
    // The type's own settings (url, host, assertions...) as JSON: new types need no new columns.
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failing_since', 'bigint')
    .addColumn('successes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recovering_since', 'bigint')
    .addColumn('open_incident_id', 'text')
    .addColumn('last_checked_at', 'bigint')
    .addColumn('last_response_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('status_changed_at', 'bigint')
    // Up to when the monitor's time has been counted into its rollups (null after a pause: a new start).
    .addColumn('accounted_at', 'bigint')
    // Scheduling: when the next check is due (null while paused), and which worker holds it until when.
    .addColumn('next_check_at', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('monitors_user_type_idx').on('monitors').columns(['user_id', 'type']).execute()
  await db.schema.createIndex('monitors_due_idx').on('monitors').column('next_check_at').execute()

  await db.schema
    .createTable('check_results')
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('monitors.monitor_id').onDelete('cascade'))
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('response_ms', 'integer')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    // One result per monitor and millisecond: a check written twice (two workers, a replayed batch) is kept once.
    .addPrimaryKeyConstraint('check_results_pk', ['monitor_id', 'checked_at'])
    .modifyEnd(clustered(dialect))
    .execute()

  let rollups = db.schema
    .createTable('rollups')
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('monitors.monitor_id').onDelete('cascade'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('bucket_start', 'bigint', (c) => c.notNull())
    .addColumn('up_ms', 'bigint', (c) => c.notNull())
    .addColumn('degraded_ms', 'bigint', (c) => c.notNull())
    .addColumn('down_ms', 'bigint', (c) => c.notNull())
    .addColumn('checks', 'integer', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('rt_count', 'integer', (c) => c.notNull())
    .addColumn('rt_sum', 'bigint', (c) => c.notNull())
    .addColumn('rt_max', 'integer', (c) => c.notNull())
  for (const column of HISTOGRAM_COLUMNS) rollups = rollups.addColumn(column, 'integer', (c) => c.notNull())
  await rollups
    .addPrimaryKeyConstraint('rollups_pk', ['monitor_id', 'period', 'bucket_start'])
    .modifyEnd(clustered(dialect))
    .execute()

  await db.schema
    .createTable('incidents')
    .addColumn('incident_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('monitor_id', 'text', (c) => c.notNull().references('monitors.monitor_id').onDelete('cascade'))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addColumn('cause', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('incidents_user_idx').on('incidents').columns(['user_id', 'started_at']).execute()
  await db.schema.createIndex('incidents_monitor_idx').on('incidents').columns(['monitor_id', 'started_at']).execute()
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['incidents', 'rollups', 'check_results', 'monitors'])
    await db.schema.dropTable(table).ifExists().execute()
}
