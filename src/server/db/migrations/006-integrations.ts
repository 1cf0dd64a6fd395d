import type { Kysely } from 'kysely'

// Alert channels, the outbox of their deliveries, the one-time states of OAuth installs, and which channels
// each monitor alerts and how often it reminds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('integrations')
    .addColumn('integration_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON of the type's settings, secrets included: the API never answers them whole.
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('integrations_user_idx').on('integrations').columns(['user_id', 'created_at']).execute()

  await db.schema
    .createTable('deliveries')
    .addColumn('delivery_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('integration_id', 'text', (c) =>
      c.notNull().references('integrations.integration_id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // JSON of the alert (domain/alert.ts): what every attempt sends, the same each time.
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    .execute()
  await db.schema.createIndex('deliveries_due_idx').on('deliveries').columns(['status', 'next_attempt_at']).execute()
  await db.schema
    .createIndex('deliveries_integration_idx')
    .on('deliveries')
    .columns(['integration_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema.alterTable('monitors').addColumn('integration_ids', 'text').execute()
  await db.schema.alterTable('monitors').addColumn('reminder_minutes', 'integer').execute()
  await db.schema.alterTable('monitors').addColumn('last_reminded_at', 'bigint').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['last_reminded_at', 'reminder_minutes', 'integration_ids'])
    await db.schema.alterTable('monitors').dropColumn(column).execute()
  for (const table of ['oauth_states', 'deliveries', 'integrations'])
    await db.schema.dropTable(table).ifExists().execute()
}
