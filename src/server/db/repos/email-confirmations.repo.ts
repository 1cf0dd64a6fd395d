import type { Kysely } from 'kysely'
import type { DB } from '../schema.ts'
import { oneTimeLinks } from './one-time-links.ts'

// The one-time links that confirm an account's address, each kept as the hash of its token: a link is closed once
// used, when a new one is sent, and when the address is confirmed or changed.
export const emailConfirmationsRepo = (db: Kysely<DB>) => oneTimeLinks(db, 'email_confirmations')
