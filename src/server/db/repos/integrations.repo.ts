import type { Kysely, Selectable, Updateable } from 'kysely'
import type { DB, IntegrationsTable } from '../schema.ts'

export type IntegrationRow = Selectable<IntegrationsTable>

export const integrationsRepo = (db: Kysely<DB>) => ({
  insert: (row: IntegrationRow) => db.insertInto('integrations').values(row).execute(),

  listOwned: (userId: string) =>
    db
      .selectFrom('integrations')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('integration_id')
      .execute(),

  findOwned: (userId: string, integrationId: string) =>
    db
      .selectFrom('integrations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('integration_id', '=', integrationId)
      .executeTakeFirst(),

  /** The enabled channels of these users: one query for a batch of alerts. */
  enabledOf: (userIds: readonly string[]) =>
    userIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('integrations')
          .selectAll()
          .where('user_id', 'in', userIds)
          .where('enabled', '=', 1)
          .orderBy('created_at')
          .execute(),

  updateOwned: async (userId: string, integrationId: string, change: Updateable<IntegrationsTable>) => {
    await db
      .updateTable('integrations')
      .set(change)
      .where('user_id', '=', userId)
      .where('integration_id', '=', integrationId)
      .execute()
    return db
      .selectFrom('integrations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('integration_id', '=', integrationId)
      .executeTakeFirst()
  },

  deleteOwned: async (userId: string, integrationId: string) =>
    Number(
      (
        await db
          .deleteFrom('integrations')
          .where('user_id', '=', userId)
          .where('integration_id', '=', integrationId)
          .executeTakeFirst()
      ).numDeletedRows,
    ) > 0,
})
