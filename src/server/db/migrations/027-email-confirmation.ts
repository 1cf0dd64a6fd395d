import { type Kysely, sql } from 'kysely'

// Confirmed addresses (issue 35): operator rights (ADMIN_EMAILS) go only to an address its account has proved it
// reads. Each account keeps when its current address was confirmed; new accounts are mailed a one-time link, kept
// here as its hash. Accounts made before start unconfirmed (they keep working and are asked to confirm), except
// where the current address came from a confirmed change of address, which proved it already.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'bigint').execute()
  await db.schema
    .createTable('email_confirmations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    /** The address the link was sent to: it confirms that one only, not one the account has changed to since. */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute()
  await db.schema.createIndex('email_confirmations_user_idx').on('email_confirmations').column('user_id').execute()
  await sql`
    update users set email_confirmed_at = (
      select max(e.created_at) from security_events e
      where e.user_id = users.user_id and e.kind = 'email_changed' and e.detail = users.email
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_confirmations').execute()
  await db.schema.alterTable('users').dropColumn('email_confirmed_at').execute()
}
