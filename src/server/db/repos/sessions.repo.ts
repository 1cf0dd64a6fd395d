import type { Kysely } from 'kysely'
import { compiledOnce } from '../compiled-once.ts'
import type { DB } from '../schema.ts'
import { countRows } from './count-rows.ts'

export const sessionsRepo = (db: Kysely<DB>) => {
  // Read for every signed-in request.
  const live = compiledOnce(db, (v: { tokenHash: string; now: number }) =>
    db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at', 'last_active_at'])
      .where('token_hash', '=', v.tokenHash)
      .where('expires_at', '>', v.now),
  )
  return {
    insert: (row: {
      token_hash: string
      user_id: string
      created_at: number
      expires_at: number
      user_agent?: string | null
      ip?: string | null
    }) =>
      db
        .insertInto('sessions')
        .values({ user_agent: null, ip: null, ...row, last_active_at: row.created_at })
        .execute(),

    /** The user of a live session, or undefined when the token is unknown or expired. */
    findLive: async (tokenHash: string, now: number) => (await live({ tokenHash, now }))[0],

    /** Marks the session used now, at most once a minute (a write per request would be wasted). */
    touch: (tokenHash: string, now: number) =>
      db
        .updateTable('sessions')
        .set({ last_active_at: now })
        .where('token_hash', '=', tokenHash)
        .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', now - 60_000)]))
        .execute(),

    /** The user's live sessions, the most recently used first. */
    listOfUser: (userId: string, now: number) =>
      db
        .selectFrom('sessions')
        .select(['token_hash', 'user_agent', 'ip', 'created_at', 'last_active_at'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('last_active_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute(),

    delete: (tokenHash: string) => db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute(),

    /** Ends every session of the user but the one kept (the caller's own, after a password change); how many ended. */
    deleteAllOfUser: async (userId: string, keepTokenHash?: string) => {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId)
      if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash)
      return Number((await query.executeTakeFirst()).numDeletedRows)
    },

    deleteExpired: (now: number) => db.deleteFrom('sessions').where('expires_at', '<=', now).execute(),

    countOfUser: (userId: string) => countRows(db.selectFrom('sessions').where('user_id', '=', userId)),
  }
}
