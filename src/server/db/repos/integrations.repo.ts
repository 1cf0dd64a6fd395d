import type { Kysely, Selectable } from 'kysely'
import type { IntegrationType } from '@vigil/domain/integration.schema'
import type { DB, IntegrationsTable } from '../schema.ts'

/** An alert channel: its type, and its settings parsed (secrets included: the API masks them). */
export type IntegrationRecord = Omit<Selectable<IntegrationsTable>, 'type' | 'settings'> & {
  type: IntegrationType
  settings: Record<string, unknown>
}
export type IntegrationChange = Partial<Pick<IntegrationRecord, 'name' | 'enabled' | 'settings' | 'updated_at'>>

const fromRow = (row: Selectable<IntegrationsTable>): IntegrationRecord => ({
  ...row,
  type: row.type as IntegrationType,
  settings: JSON.parse(row.settings) as Record<string, unknown>,
})
const records = async (rows: Promise<Selectable<IntegrationsTable>[]>) => (await rows).map(fromRow)
const columns = (change: IntegrationChange) => {
  const { settings, ...rest } = change
  return settings === undefined ? rest : { ...rest, settings: JSON.stringify(settings) }
}

export const integrationsRepo = (db: Kysely<DB>) => {
  const findOwned = async (userId: string, integrationId: string) => {
    const row = await db
      .selectFrom('integrations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('integration_id', '=', integrationId)
      .executeTakeFirst()
    return row === undefined ? undefined : fromRow(row)
  }
  return {
    insert: (record: IntegrationRecord) =>
      db
        .insertInto('integrations')
        .values({ ...record, settings: JSON.stringify(record.settings) })
        .execute(),

    listOwned: (userId: string) =>
      records(
        db
          .selectFrom('integrations')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .orderBy('integration_id')
          .execute(),
      ),

    findOwned,

    /** The enabled channels of these users: one query for a batch of alerts. */
    enabledOf: (userIds: readonly string[]) =>
      userIds.length === 0
        ? Promise.resolve([])
        : records(
            db
              .selectFrom('integrations')
              .selectAll()
              .where('user_id', 'in', userIds)
              .where('enabled', '=', 1)
              .orderBy('created_at')
              .execute(),
          ),

    updateOwned: async (userId: string, integrationId: string, change: IntegrationChange) => {
      await db
        .updateTable('integrations')
        .set(columns(change))
        .where('user_id', '=', userId)
        .where('integration_id', '=', integrationId)
        .execute()
      return findOwned(userId, integrationId)
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
  }
}
