import type { Kysely } from 'kysely'
import type { DB } from '../schema.ts'
import { oneTimeLinks } from './one-time-links.ts'

export const passwordResetsRepo = (db: Kysely<DB>) => {
  const links = oneTimeLinks(db, 'password_resets')
  return {
    insert: links.insert,
    findUsable: links.usable,
    /** Uses up every open reset link of the user: the one just used and any older ones. */
    consumeAllOfUser: links.closeAll,
  }
}
