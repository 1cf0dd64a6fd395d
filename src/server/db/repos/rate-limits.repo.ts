import { type Kysely, sql } from 'kysely'
import type { DB } from '../schema.ts'

export const rateLimitsRepo = (db: Kysely<DB>) => ({
  /**
   * Counts one hit in a fixed window, atomically in the database so that several server processes share
   * the count. A window older than `windowMs` restarts at `now`.
   */
  hit: async (key: string, now: number, windowMs: number) => {
    const stale = sql<boolean>`rate_limits.window_start <= ${now - windowMs}`
    return db
      .insertInto('rate_limits')
      .values({ key, window_start: now, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql`case when ${stale} then 1 else rate_limits.hits + 1 end`,
          window_start: sql`case when ${stale} then ${now} else rate_limits.window_start end`,
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow()
  },

  deleteStale: (olderThan: number) => db.deleteFrom('rate_limits').where('window_start', '<', olderThan).execute(),
})
