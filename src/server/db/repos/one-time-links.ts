import type { Kysely } from 'kysely'
import type { DB } from '../schema.ts'

/** The links mailed to a user that work once, until they expire: confirming an address, a reset, a change of address. */
type LinkTable = 'email_confirmations' | 'password_resets' | 'email_changes'

/** What the link tables share; each adds what its link is for (the address to confirm or to change to). */
interface LinkRow {
  token_hash: string
  user_id: string
  created_at: number
  expires_at: number
  used_at: number | null
}

/**
 * One table of one-time links, each kept as the hash of its token: a new link, the open link a token names (not used,
 * not expired; the caller's transaction uses it at once), and ending every open link of a user (a new one sent, or
 * the change made), which answers how many were open.
 */
export const oneTimeLinks = <T extends LinkTable>(db: Kysely<DB>, table: T) => {
  // The shared columns are read and written the same way in all three tables.
  const links = db as unknown as Kysely<Record<LinkTable, LinkRow>>
  const name: LinkTable = table
  return {
    insert: (row: Omit<DB[T], 'used_at'>) =>
      links
        .insertInto(name)
        .values({ ...(row as Omit<LinkRow, 'used_at'>), used_at: null })
        .execute(),

    usable: (tokenHash: string, now: number) =>
      links
        .selectFrom(name)
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst() as Promise<DB[T] | undefined>,

    closeAll: async (userId: string, now: number) =>
      Number(
        (
          await links
            .updateTable(name)
            .set({ used_at: now })
            .where('user_id', '=', userId)
            .where('used_at', 'is', null)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),
  }
}
