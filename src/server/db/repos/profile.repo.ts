import type { AccountRemoved } from '@vigil/domain/profile'
import type { Kysely } from 'kysely'
import type { DB } from '../schema.ts'
import { countRows } from './count-rows.ts'
import { oneTimeLinks } from './one-time-links.ts'

// A user's picture and the pending changes of their email address.
export const profileRepo = (db: Kysely<DB>) => {
  const emailChanges = oneTimeLinks(db, 'email_changes')
  return {
    imageOf: (userId: string) =>
      db
        .selectFrom('user_images')
        .select(['content_type', 'bytes', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    putImage: (userId: string, contentType: string, bytes: Buffer, now: number) =>
      db
        .insertInto('user_images')
        .values({ user_id: userId, content_type: contentType, bytes, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ content_type: contentType, bytes, updated_at: now }))
        .execute(),

    deleteImage: (userId: string) => db.deleteFrom('user_images').where('user_id', '=', userId).execute(),

    insertEmailChange: emailChanges.insert,
    /** A link not used and not expired; used at once by the caller's transaction. */
    usableEmailChange: emailChanges.usable,
    /** Ends every open link of the user (a new request, or the change made): returns how many were open. */
    closeEmailChanges: emailChanges.closeAll,

    /** What the user has, as deleting the account reports it. */
    ownedCounts: async (userId: string): Promise<AccountRemoved> => {
      const count = (table: 'monitors' | 'status_pages' | 'integrations' | 'cloud_accounts' | 'notifications') =>
        countRows(db.selectFrom(table).where('user_id', '=', userId))
      return {
        monitors: await count('monitors'),
        status_pages: await count('status_pages'),
        integrations: await count('integrations'),
        cloud_accounts: await count('cloud_accounts'),
        notifications: await count('notifications'),
      }
    },

    /** The address waiting for its confirmation, if any. */
    pendingEmailOf: async (userId: string, now: number) =>
      (
        await db
          .selectFrom('email_changes')
          .select('new_email')
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .orderBy('created_at', 'desc')
          .executeTakeFirst()
      )?.new_email ?? null,
  }
}
