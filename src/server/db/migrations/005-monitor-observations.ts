import type { Kysely } from 'kysely'

// What DNS, SSL, domain and blacklist monitors remember between checks: the last answer seen (a change is
// news), when the watched thing expires, and the last expiry warning sent (each is sent once).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('monitors').addColumn('last_observed', 'text').execute()
  await db.schema.alterTable('monitors').addColumn('expires_at', 'bigint').execute()
  await db.schema.alterTable('monitors').addColumn('warned_for', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['warned_for', 'expires_at', 'last_observed'])
    await db.schema.alterTable('monitors').dropColumn(column).execute()
}
