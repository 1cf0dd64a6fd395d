import type { Kysely } from 'kysely'
import type { DB } from '../schema.ts'
import { oneTimeLinks } from './one-time-links.ts'

// The one-time links that confirm an account's address, each kept as the hash of its token.
export const emailConfirmationsRepo = (db: Kysely<DB>) => {
  const links = oneTimeLinks(db, 'email_confirmations')
  return {
    insert: links.insert,
    /** A link not used and not expired; used at once by the caller's transaction. */
    usable: links.usable,
    /** Ends every open link of the user (a new one sent, the address confirmed or changed). */
    closeAll: links.closeAll,
  }
}
