import type { Kysely, Selectable } from 'kysely'
import type { DB, OauthStatesTable } from '../schema.ts'

export type OauthStateRow = Selectable<OauthStatesTable>

export const oauthStatesRepo = (db: Kysely<DB>) => ({
  insert: (row: OauthStateRow) => db.insertInto('oauth_states').values(row).execute(),

  /** Takes a state once: it is deleted as it is read, so a replayed callback finds nothing. */
  take: async (stateHash: string, provider: string) => {
    const row = await db
      .selectFrom('oauth_states')
      .selectAll()
      .where('state_hash', '=', stateHash)
      .where('provider', '=', provider)
      .executeTakeFirst()
    if (!row) return undefined
    const deleted = await db.deleteFrom('oauth_states').where('state_hash', '=', stateHash).executeTakeFirst()
    return Number(deleted.numDeletedRows) > 0 ? row : undefined
  },

  deleteExpired: (now: number) => db.deleteFrom('oauth_states').where('expires_at', '<', now).execute(),
})
