import type { Kysely, Selectable } from 'kysely'
import type { AccountMail } from '@vigil/domain/account-mail'
import type { AlertEvent } from '@vigil/domain/alert'
import type { DELIVERY_STATUSES, IntegrationType } from '@vigil/domain/integration.schema'
import type { Dialect } from '../database.ts'
import type { DB, DeliveriesTable } from '../schema.ts'
import { countRows } from './count-rows.ts'

// The outbox of everything sent: alerts to a user's channels, and account mail to an address. A worker leases
// what is due, sends it and settles it (delivery-worker.ts).

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** What a delivery sends: an alert, or account mail. */
export type DeliveryMessage = AlertEvent | AccountMail

export type DeliveryRecord = Omit<Selectable<DeliveriesTable>, 'event' | 'status'> & {
  status: DeliveryStatus
  message: DeliveryMessage
}

/** Where a leased delivery goes as things are now: its integration (which may have been switched off meanwhile), or
 * for account mail the email channel to its recipient. */
export type DueDelivery = DeliveryRecord & {
  channel: { type: IntegrationType; settings: Record<string, unknown>; enabled: boolean }
}

export type DeliverySettlement = Partial<
  Pick<DeliveryRecord, 'status' | 'attempts' | 'next_attempt_at' | 'last_error' | 'delivered_at' | 'message'>
>

const fromRow = ({ event, status, ...rest }: Selectable<DeliveriesTable>): DeliveryRecord => ({
  ...rest,
  status: status as DeliveryStatus,
  message: JSON.parse(event) as DeliveryMessage,
})
const toRow = ({ message, ...rest }: DeliveryRecord): Selectable<DeliveriesTable> => ({
  ...rest,
  event: JSON.stringify(message),
})

export const deliveriesRepo = (db: Kysely<DB>) => {
  /** Each leased delivery with where it goes. */
  const withChannels = async (claimed: Selectable<DeliveriesTable>[]): Promise<DueDelivery[]> => {
    if (claimed.length === 0) return []
    const ids = claimed.flatMap((d) => (d.integration_id === null ? [] : [d.integration_id]))
    const channels = new Map(
      ids.length === 0
        ? []
        : (
            await db
              .selectFrom('integrations')
              .select(['integration_id', 'type', 'settings', 'enabled'])
              .where('integration_id', 'in', ids)
              .execute()
          ).map((i) => [i.integration_id, i]),
    )
    return claimed.flatMap((row) => {
      const delivery = fromRow(row)
      if (row.integration_id === null)
        return [{ ...delivery, channel: { type: 'email', settings: { email: row.recipient }, enabled: true } }]
      const channel = channels.get(row.integration_id)
      if (!channel) return []
      const settings = JSON.parse(channel.settings) as Record<string, unknown>
      return [
        { ...delivery, channel: { type: channel.type as IntegrationType, settings, enabled: channel.enabled === 1 } },
      ]
    })
  }

  return {
    insert: (records: DeliveryRecord | DeliveryRecord[]) => {
      const list = Array.isArray(records) ? records : [records]
      return list.length === 0
        ? Promise.resolve()
        : db
            .insertInto('deliveries')
            .values(list.map(toRow))
            .execute()
            .then(() => undefined)
    },

    /**
     * Leases the deliveries due by `now` that no live lease holds, oldest first, in one statement (as the check
     * scheduler leases monitors): two workers never send the same delivery at once.
     */
    claimDue: async (
      dialect: Dialect,
      owner: string,
      now: number,
      leaseMs: number,
      limit: number,
    ): Promise<DueDelivery[]> => {
      const claimed = await db
        .updateTable('deliveries')
        .set({ lease_owner: owner, lease_until: now + leaseMs })
        .where('delivery_id', 'in', (eb) =>
          eb
            .selectFrom('deliveries')
            .select('delivery_id')
            .where('status', '=', 'pending')
            .where('next_attempt_at', '<=', now)
            .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
            .orderBy('next_attempt_at')
            .limit(limit)
            .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
        )
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
        .returningAll()
        .execute()
      return withChannels(claimed)
    },

    /** Leases one pending delivery, whenever it is due (a test message or a mail sent at once). */
    claimOne: async (deliveryId: string, owner: string, now: number, leaseMs: number): Promise<DueDelivery[]> =>
      withChannels(
        await db
          .updateTable('deliveries')
          .set({ lease_owner: owner, lease_until: now + leaseMs })
          .where('delivery_id', '=', deliveryId)
          .where('status', '=', 'pending')
          .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
          .returningAll()
          .execute(),
      ),

    /** Writes an attempt's outcome, only while the lease is still this worker's (no double account). */
    settle: (deliveryId: string, owner: string, { message, ...change }: DeliverySettlement) =>
      db
        .updateTable('deliveries')
        .set({
          ...change,
          ...(message === undefined ? {} : { event: JSON.stringify(message) }),
          lease_owner: null,
          lease_until: null,
        })
        .where('delivery_id', '=', deliveryId)
        .where('lease_owner', '=', owner)
        .execute(),

    /** One integration's deliveries, newest first. */
    pageOf: async (integrationId: string, page: number, limit: number) => {
      const base = db.selectFrom('deliveries').where('integration_id', '=', integrationId)
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('delivery_id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        countRows(base),
      ])
      return { rows: rows.map(fromRow), total }
    },

    /** The account mail sent to an address, newest first. */
    mailTo: async (address: string) =>
      (
        await db
          .selectFrom('deliveries')
          .selectAll()
          .where('recipient', '=', address)
          .orderBy('created_at', 'desc')
          .orderBy('delivery_id', 'desc')
          .execute()
      ).map(fromRow),

    /** The newest delivery of each of these integrations. */
    latestOf: async (integrationIds: readonly string[]) => {
      if (integrationIds.length === 0) return new Map<string, DeliveryRecord>()
      const rows = await db
        .selectFrom('deliveries')
        .selectAll()
        .where('integration_id', 'in', integrationIds)
        .where('created_at', '=', (eb) =>
          eb
            .selectFrom('deliveries as d2')
            .select((e) => e.fn.max('d2.created_at').as('m'))
            .whereRef('d2.integration_id', '=', 'deliveries.integration_id'),
        )
        .execute()
      return new Map(rows.map((r) => [r.integration_id as string, fromRow(r)]))
    },

    /** Drops settled deliveries older than `before` (pending ones are still to send). */
    prune: (before: number) =>
      db.deleteFrom('deliveries').where('status', '!=', 'pending').where('created_at', '<', before).execute(),

    find: async (deliveryId: string) => {
      const row = await db.selectFrom('deliveries').selectAll().where('delivery_id', '=', deliveryId).executeTakeFirst()
      return row === undefined ? undefined : fromRow(row)
    },
  }
}
