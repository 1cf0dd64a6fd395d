import type { Kysely } from 'kysely'

// Paid plans through Stripe: the Stripe customer and subscription of each account as last read (the webhooks
// keep it current), the events already processed (each once, whatever the order or the retries), and the notices
// already sent per subscription term (the trial's reminders, its end), so that several workers send each once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_accounts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('subscription_id', 'text')
    .addColumn('status', 'text')
    .addColumn('interval', 'text')
    .addColumn('period_end', 'bigint')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_cents', 'integer')
    .addColumn('currency', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('past_due_since', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('billing_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('billing_notices')
    .addColumn('subscription_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_notices_pk', ['subscription_id', 'kind'])
    .execute()
  await db.schema.createIndex('subscriptions_ends_idx').on('subscriptions').columns(['ends_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscriptions_ends_idx').execute()
  await db.schema.dropTable('billing_notices').execute()
  await db.schema.dropTable('billing_events').execute()
  await db.schema.dropTable('billing_accounts').execute()
}
