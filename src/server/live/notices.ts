import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { readEvent } from './events-of.ts'
import type { LiveHub } from './hub.ts'

// Account notices (insertAccountNotice: a plan change, billing, the password, two-factor, an email change, a
// support answer) are written in their flow's transaction. The bell does not poll while the stream is live, so once
// that transaction has committed, each user's open pages are told the new unread count, as the recorder does for
// alerts. Never inside the transaction: a rollback would have told of a notice that does not exist.

/** Tells each user's bells their unread count, after the commit. Never throws: what was written stands. */
export const publishUnread = async (
  deps: { database: { db: Kysely<DB> }; live?: Pick<LiveHub, 'publishAll'>; logger: Logger },
  userIds: Iterable<string>,
): Promise<void> => {
  const { live } = deps
  if (!live) return
  for (const userId of new Set(userIds)) {
    try {
      live.publishAll([await readEvent(deps.database.db, userId)])
    } catch (error) {
      // The page sees the count when it loads again or its stream reconnects.
      deps.logger.warn('unread count not published', { user: userId, error: String(error) })
    }
  }
}
