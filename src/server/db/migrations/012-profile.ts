import type { Kysely } from 'kysely'
import type { Dialect } from '../database.ts'

// The profile: each user's picture (re-encoded by us, served from our origin; its bytes in the database so that
// every server of one PostgreSQL serves it), and the pending changes of email address, each a hashed one-time
// token mailed to the new address.
export const profile = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('user_images')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('email_changes')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('new_email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute()
    await db.schema.createIndex('email_changes_user_idx').on('email_changes').column('user_id').execute()
  },
})
