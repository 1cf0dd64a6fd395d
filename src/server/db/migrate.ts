import { type Kysely, type Migration, Migrator } from 'kysely'
import * as accounts from './migrations/001-accounts.ts'
import * as plans from './migrations/002-plans.ts'

// Migrations live in code (not a folder read at run time) so they ship inside any bundle.
const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
  '002-plans': plans,
}

export const migrateToLatest = async (db: Kysely<any>): Promise<void> => {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error')
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`)
  }
}
