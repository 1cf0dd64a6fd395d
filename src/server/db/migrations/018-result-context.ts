import type { Kysely } from 'kysely'

// What each check found apart from the monitor's state (result-verdict.ts): its verdict ('ok', 'slow', 'failed'),
// its place in a run of failures (or of successes while down) and how long a run changes the state, and whether
// it ran in a maintenance window. Results stored before stay null: their verdict is read from `ok` and the state,
// the rest as unknown.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('check_results').addColumn('verdict', 'text').execute()
  await db.schema.alterTable('check_results').addColumn('streak', 'integer').execute()
  await db.schema.alterTable('check_results').addColumn('streak_needed', 'integer').execute()
  await db.schema.alterTable('check_results').addColumn('in_maintenance', 'integer').execute()
}
