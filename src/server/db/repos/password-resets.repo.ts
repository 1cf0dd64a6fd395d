import type { Kysely } from 'kysely'
import type { DB } from '../schema.ts'

export const passwordResetsRepo = (db: Kysely<DB>) => ({
  insert: (row: { token_hash: string; user_id: string; created_at: number; expires_at: number }) =>
    db
      .insertInto('password_resets')
      .values({ ...row, used_at: null })
      .execute(),

  findUsable: (tokenHash: string, now: number) =>
    db
      .selectFrom('password_resets')
      .select(['user_id'])
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst(),

  /** Uses up every open reset link of the user: the one just used and any older ones. */
  consumeAllOfUser: (userId: string, now: number) =>
    db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute(),
})
