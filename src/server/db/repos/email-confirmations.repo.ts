import type { Kysely } from 'kysely'
import type { DB, EmailConfirmationsTable } from '../schema.ts'

// The one-time links that confirm an account's address, each kept as the hash of its token.
export const emailConfirmationsRepo = (db: Kysely<DB>) => ({
  insert: (row: Omit<EmailConfirmationsTable, 'used_at'>) =>
    db
      .insertInto('email_confirmations')
      .values({ ...row, used_at: null })
      .execute(),

  /** A link not used and not expired; used at once by the caller's transaction. */
  usable: (tokenHash: string, now: number) =>
    db
      .selectFrom('email_confirmations')
      .select(['user_id', 'email'])
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst(),

  /** Ends every open link of the user (a new one sent, the address confirmed or changed). */
  closeAll: (userId: string, now: number) =>
    db
      .updateTable('email_confirmations')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute(),
})
