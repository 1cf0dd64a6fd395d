import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('plan_id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('price_monthly_cents', 'integer', (c) => c.notNull())
    .addColumn('price_yearly_cents', 'integer', (c) => c.notNull())
    .addColumn('trial_days', 'integer', (c) => c.notNull())
    .addColumn('max_monitors', 'integer', (c) => c.notNull())
    .addColumn('min_interval_seconds', 'integer', (c) => c.notNull())
    .addColumn('retention_days', 'integer', (c) => c.notNull())
    .addColumn('max_status_pages', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('plan_accesses')
    .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.plan_id').onDelete('cascade'))
    .addColumn('feature', 'text', (c) => c.notNull())
    .addColumn('access', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_accesses_pk', ['plan_id', 'feature'])
    .execute()

  await db.schema
    .createTable('users')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('subscriptions')
    .addColumn('subscription_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.plan_id'))
    .addColumn('billing_frequency', 'text', (c) => c.notNull())
    .addColumn('is_free_trial', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').columns(['user_id', 'starts_at']).execute()

  await db.schema
    .createTable('notifications')
    .addColumn('notification_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('notification_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('notification_title', 'text', (c) => c.notNull())
    .addColumn('notification_description', 'text', (c) => c.notNull())
    .addColumn('is_opened', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'created_at', 'notification_id'])
    .execute()
  await db.schema
    .createIndex('notifications_user_opened_idx')
    .on('notifications')
    .columns(['user_id', 'is_opened'])
    .execute()

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute()
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute()

  await db.schema
    .createTable('mail_outbox')
    .addColumn('mail_id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute()

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'rate_limits',
    'mail_outbox',
    'password_resets',
    'notifications',
    'subscriptions',
    'sessions',
    'users',
    'plan_accesses',
    'plans',
  ])
    await db.schema.dropTable(table).ifExists().execute()
}
