import type { Kysely, Selectable } from 'kysely'
import type { DB, SubscriptionsTable } from '../schema.ts'

export type SubscriptionRow = Selectable<SubscriptionsTable>

export const subscriptionsRepo = (db: Kysely<DB>) => ({
  insert: (row: SubscriptionRow) => db.insertInto('subscriptions').values(row).execute(),

  insertIgnoringDuplicate: (row: SubscriptionRow) =>
    db
      .insertInto('subscriptions')
      .values(row)
      .onConflict((oc) => oc.column('subscription_id').doNothing())
      .execute(),

  /** The subscription that started last: the user's current one, or the one that just ran out. */
  latestOfUser: (userId: string) =>
    db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('starts_at', 'desc')
      .orderBy('subscription_id', 'desc')
      .limit(1)
      .executeTakeFirst(),

  setEndsAt: (subscriptionId: string, endsAt: number) =>
    db.updateTable('subscriptions').set({ ends_at: endsAt }).where('subscription_id', '=', subscriptionId).execute(),

  hasHadTrial: async (userId: string) =>
    (await db
      .selectFrom('subscriptions')
      .select('subscription_id')
      .where('user_id', '=', userId)
      .where('is_free_trial', '=', 1)
      .executeTakeFirst()) !== undefined,
})
