import type { Kysely } from 'kysely'

// Each monitor keeps its grid (issue 35): a slot of it (its first check's time plus whole intervals) is kept with the
// monitor, so a retry, due between two slots, does not move the checks after it. Null until a check starts the grid
// (a new, changed or resumed monitor, or one spread out after no worker ran): monitors stored before start theirs at
// their next check.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('monitors').addColumn('grid_at', 'bigint').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('monitors').dropColumn('grid_at').execute()
}
