import type { Kysely } from 'kysely'

// Connected cloud accounts (AWS accounts, Azure service principals, Microsoft 365 tenants), one aggregate: the
// account with its sealed credentials and sync lease, the status of each part of its last sync, the resources
// read, and its costs. Monitors on a cloud resource are ordinary monitors whose settings name the account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cloud_accounts')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // Sealed with the server key (auth/secret-box.ts): never stored, logged or answered in clear.
    .addColumn('credentials', 'text', (c) => c.notNull())
    // JSON: what to read (AWS regions, Azure subscriptions).
    .addColumn('scope', 'text', (c) => c.notNull())
    // JSON: who the credentials are (an AWS account id and ARN, a tenant).
    .addColumn('identity', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('synced_at', 'bigint')
    .addColumn('costs_read_at', 'bigint')
    .addColumn('next_sync_at', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('cloud_accounts_user_idx').on('cloud_accounts').columns(['user_id', 'provider']).execute()
  await db.schema.createIndex('cloud_accounts_due_idx').on('cloud_accounts').columns(['next_sync_at']).execute()

  await db.schema
    .createTable('cloud_parts')
    .addColumn('account_id', 'text', (c) => c.notNull().references('cloud_accounts.account_id').onDelete('cascade'))
    .addColumn('area', 'text', (c) => c.notNull())
    // A region, a subscription, or '' for what is global to the account.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('message', 'text')
    // What to allow or grant: an IAM action, an Azure role, a Graph permission.
    .addColumn('action', 'text')
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addPrimaryKeyConstraint('cloud_parts_pk', ['account_id', 'area', 'scope'])
    .execute()

  await db.schema
    .createTable('cloud_resources')
    .addColumn('account_id', 'text', (c) => c.notNull().references('cloud_accounts.account_id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    // JSON of the resource as the domain describes it (domain/aws.ts, azure.ts, m365.ts).
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cloud_resources_pk', ['account_id', 'kind', 'scope', 'resource_id'])
    .execute()

  await db.schema
    .createTable('cloud_costs')
    .addColumn('account_id', 'text', (c) => c.notNull().references('cloud_accounts.account_id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cloud_costs_pk', ['account_id', 'scope'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['cloud_costs', 'cloud_resources', 'cloud_parts', 'cloud_accounts'])
    await db.schema.dropTable(table).ifExists().execute()
}
