import type { Kysely } from 'kysely'
import type { DB } from '../schema.ts'

export const sessionsRepo = (db: Kysely<DB>) => ({
  insert: (row: { token_hash: string; user_id: string; created_at: number; expires_at: number }) =>
    db.insertInto('sessions').values(row).execute(),

  /** The user of a live session, or undefined when the token is unknown or expired. */
  findLive: (tokenHash: string, now: number) =>
    db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst(),

  delete: (tokenHash: string) => db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute(),

  /** Ends every session of the user but the one kept (the caller's own, after a password change). */
  deleteAllOfUser: (userId: string, keepTokenHash?: string) => {
    let query = db.deleteFrom('sessions').where('user_id', '=', userId)
    if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash)
    return query.execute()
  },

  deleteExpired: (now: number) => db.deleteFrom('sessions').where('expires_at', '<=', now).execute(),

  countOfUser: async (userId: string) => {
    const row = await db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  },
})
