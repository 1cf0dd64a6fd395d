import type { Kysely } from 'kysely'

// Incidents people work on (issue 19): who acknowledged an open incident and when (acknowledging stops the
// reminders), and each incident's timeline: the first failure, the confirmation, each alert and reminder sent (a row
// per channel delivery, whose channel and outcome are read from `deliveries` as they stand), the acknowledgement,
// comments and the recovery. `delivery_id` has no foreign key: deliveries are pruned after 90 days (and go with
// their channel), while the timeline stays; the row then says the delivery is no longer kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('incidents').addColumn('acknowledged_at', 'bigint').execute()
  await db.schema
    .alterTable('incidents')
    .addColumn('acknowledged_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .execute()
  await db.schema
    .createTable('incident_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.incident_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('body', 'text')
    .addColumn('delivery_id', 'text')
    /** When the row was written: events at the same time keep the order they were written in. */
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('incident_events_incident_idx')
    .on('incident_events')
    .columns(['incident_id', 'at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('incident_events').ifExists().execute()
  await db.schema.alterTable('incidents').dropColumn('acknowledged_by').execute()
  await db.schema.alterTable('incidents').dropColumn('acknowledged_at').execute()
}
