import type { Kysely } from 'kysely'
import type { SecurityEventKind } from '@vigil/domain/security-events'
import type { DB } from '../schema.ts'

/** Where an event came from: the request's address and User-Agent. */
export interface EventClient {
  ip: string | null
  userAgent: string | null
}

// The log of each account's security events. Only the newest ones are read; older rows go with the account.
export const securityEventsRepo = (db: Kysely<DB>) => ({
  insert: (row: {
    event_id: string
    user_id: string
    kind: SecurityEventKind
    detail?: string | null
    client: EventClient
    created_at: number
  }) =>
    db
      .insertInto('security_events')
      .values({
        event_id: row.event_id,
        user_id: row.user_id,
        kind: row.kind,
        detail: row.detail ?? null,
        ip: row.client.ip,
        user_agent: row.client.userAgent?.slice(0, 512) ?? null,
        created_at: row.created_at,
      })
      .execute(),

  latestOfUser: (userId: string, limit: number) =>
    db
      .selectFrom('security_events')
      .select(['event_id', 'kind', 'detail', 'ip', 'user_agent', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('event_id', 'desc')
      .limit(limit)
      .execute(),

  /** Keeps the log from growing without end: drops a user's events past the newest `keep`. */
  trimOfUser: async (userId: string, keep: number) => {
    const edge = await db
      .selectFrom('security_events')
      .select(['created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .offset(keep)
      .limit(1)
      .executeTakeFirst()
    if (edge)
      await db
        .deleteFrom('security_events')
        .where('user_id', '=', userId)
        .where('created_at', '<=', edge.created_at)
        .execute()
  },
})
