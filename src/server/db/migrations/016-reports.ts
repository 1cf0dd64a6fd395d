import type { Kysely } from 'kysely'

// Reporting: each monitor's SLA target, and reports sent by mail on a schedule. A schedule goes with its user; its
// sends go with it. A scheduled send is unique per schedule and period (`scheduled_for`, the period's start), which is
// what makes a period's report go out once across restarts and several workers; a "send now" has none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('monitors')
    .addColumn('sla_target', 'double precision', (c) => c.notNull().defaultTo(99.9))
    .execute()
  await db.schema
    .createTable('report_schedules')
    .addColumn('schedule_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('selection', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('next_send_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('report_schedules_user_idx')
    .on('report_schedules')
    .columns(['user_id', 'created_at'])
    .execute()
  await db.schema.createIndex('report_schedules_due_idx').on('report_schedules').column('next_send_at').execute()
  await db.schema
    .createTable('report_sends')
    .addColumn('send_id', 'text', (c) => c.primaryKey())
    .addColumn('schedule_id', 'text', (c) => c.notNull().references('report_schedules.schedule_id').onDelete('cascade'))
    .addColumn('period_from', 'bigint', (c) => c.notNull())
    .addColumn('period_to', 'bigint', (c) => c.notNull())
    .addColumn('scheduled_for', 'bigint')
    .addColumn('delivery_ids', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('report_sends_period_idx')
    .on('report_sends')
    .columns(['schedule_id', 'scheduled_for'])
    .unique()
    .execute()
  await db.schema
    .createIndex('report_sends_schedule_idx')
    .on('report_sends')
    .columns(['schedule_id', 'created_at'])
    .execute()
  await db.schema.createIndex('report_sends_created_idx').on('report_sends').column('created_at').execute()
}
