import type { Kysely } from 'kysely'

// What a plan change did, so that the next one can undo it and nothing the user did by hand: a monitor paused
// because it was over a lower plan's limit (or of a type the plan locks), a status page unpublished for the same.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('monitors')
    .addColumn('paused_by_plan', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('status_pages')
    .addColumn('unpublished_by_plan', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('status_pages').dropColumn('unpublished_by_plan').execute()
  await db.schema.alterTable('monitors').dropColumn('paused_by_plan').execute()
}
