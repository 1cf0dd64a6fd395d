import type { Insertable, Kysely, Selectable, Updateable } from 'kysely'
import { TRIAL_REMINDER_DAYS } from '@vigil/domain/billing'
import type { BillingAccountsTable, DB } from '../schema.ts'

/** After this reminder, a trial has nothing more to be told until it ends. */
const LAST_REMINDER = `trial_${Math.min(...TRIAL_REMINDER_DAYS)}d`

export type BillingAccountRow = Selectable<BillingAccountsTable>

export const billingRepo = (db: Kysely<DB>) => ({
  accountOf: (userId: string) =>
    db.selectFrom('billing_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst(),

  accountOfCustomer: (customerId: string) =>
    db.selectFrom('billing_accounts').selectAll().where('customer_id', '=', customerId).executeTakeFirst(),

  /** The account's Stripe customer, once: a second writer's row stays. */
  insertAccount: (row: Insertable<BillingAccountsTable>) =>
    db
      .insertInto('billing_accounts')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute(),

  updateAccount: (userId: string, patch: Updateable<BillingAccountsTable>) =>
    db.updateTable('billing_accounts').set(patch).where('user_id', '=', userId).execute(),

  /** Records an event as processed; false when it already was. */
  recordEvent: async (event: { event_id: string; type: string; user_id: string | null; received_at: number }) => {
    const result = await db
      .insertInto('billing_events')
      .values(event)
      .onConflict((oc) => oc.column('event_id').doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
  },

  /** Forgets the events of a user whose account is deleted. */
  deleteEventsOfUser: (userId: string) => db.deleteFrom('billing_events').where('user_id', '=', userId).execute(),

  /** Records a notice as sent for a subscription term; false when it already was. */
  recordNotice: async (subscriptionId: string, kind: string, at: number) => {
    const result = await db
      .insertInto('billing_notices')
      .values({ subscription_id: subscriptionId, kind, sent_at: at })
      .onConflict((oc) => oc.columns(['subscription_id', 'kind']).doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
  },

  noticesOf: async (subscriptionId: string) =>
    new Set(
      (
        await db.selectFrom('billing_notices').select('kind').where('subscription_id', '=', subscriptionId).execute()
      ).map((r) => r.kind),
    ),

  /**
   * Each account's current term (its latest subscription row) that has run out by `now`, or that is a trial
   * ending before `remindUntil` whose last reminder has not been sent: the billing sweep's work.
   */
  termsToSweep: (now: number, remindUntil: number, limit: number) =>
    db
      .selectFrom('subscriptions as s')
      .selectAll('s')
      .where('s.ends_at', 'is not', null)
      .where(({ or, and, eb, not, exists, selectFrom }) =>
        or([
          eb('s.ends_at', '<=', now),
          and([
            eb('s.is_free_trial', '=', 1),
            eb('s.ends_at', '<=', remindUntil),
            not(
              exists(
                selectFrom('billing_notices as n')
                  .select('n.kind')
                  .whereRef('n.subscription_id', '=', 's.subscription_id')
                  .where('n.kind', '=', LAST_REMINDER),
              ),
            ),
          ]),
        ]),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('subscriptions as later')
              .select('later.subscription_id')
              .whereRef('later.user_id', '=', 's.user_id')
              .where(({ or, and, eb, ref }) =>
                or([
                  eb('later.starts_at', '>', ref('s.starts_at')),
                  and([
                    eb('later.starts_at', '=', ref('s.starts_at')),
                    eb('later.subscription_id', '>', ref('s.subscription_id')),
                  ]),
                ]),
              ),
          ),
        ),
      )
      .orderBy('s.ends_at')
      .limit(limit)
      .execute(),
})
