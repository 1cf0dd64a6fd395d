import type { Kysely } from 'kysely'

// What a user sees of each of their sessions on Settings → Security: the browser and system it signed in from
// (its User-Agent), the address, and when it was last used (written at most once a minute).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute()
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute()
  await db.schema.alterTable('sessions').addColumn('last_active_at', 'bigint').execute()
}
