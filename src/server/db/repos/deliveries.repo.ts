import type { Kysely, Selectable, Updateable } from 'kysely'
import type { Dialect } from '../database.ts'
import type { DB, DeliveriesTable, IntegrationsTable } from '../schema.ts'

export type DeliveryRow = Selectable<DeliveriesTable>
export type DueDelivery = DeliveryRow & Pick<Selectable<IntegrationsTable>, 'type' | 'settings' | 'enabled'>

export const deliveriesRepo = (db: Kysely<DB>) => {
  /** Each leased delivery with its channel's type and settings as they are now. */
  const withChannels = async (claimed: DeliveryRow[]): Promise<DueDelivery[]> => {
    if (claimed.length === 0) return []
    const channels = new Map(
      (
        await db
          .selectFrom('integrations')
          .select(['integration_id', 'type', 'settings', 'enabled'])
          .where(
            'integration_id',
            'in',
            claimed.map((d) => d.integration_id),
          )
          .execute()
      ).map((i) => [i.integration_id, i]),
    )
    return claimed.flatMap((d) => {
      const channel = channels.get(d.integration_id)
      return channel ? [{ ...d, type: channel.type, settings: channel.settings, enabled: channel.enabled }] : []
    })
  }

  return {
    insert: (rows: DeliveryRow | DeliveryRow[]) =>
      Array.isArray(rows) && rows.length === 0
        ? Promise.resolve()
        : db
            .insertInto('deliveries')
            .values(rows)
            .execute()
            .then(() => undefined),

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

    /** Leases one pending delivery, whenever it is due (a test message sent at once). */
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
    settle: (deliveryId: string, owner: string, change: Updateable<DeliveriesTable>) =>
      db
        .updateTable('deliveries')
        .set({ ...change, lease_owner: null, lease_until: null })
        .where('delivery_id', '=', deliveryId)
        .where('lease_owner', '=', owner)
        .execute(),

    /** One integration's deliveries, newest first. */
    pageOf: async (integrationId: string, page: number, limit: number) => {
      const base = db.selectFrom('deliveries').where('integration_id', '=', integrationId)
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('delivery_id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ])
      return { rows, total: Number(count.n) }
    },

    /** The newest delivery of each of these integrations. */
    latestOf: async (integrationIds: readonly string[]) => {
      if (integrationIds.length === 0) return new Map<string, DeliveryRow>()
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
      return new Map(rows.map((r) => [r.integration_id, r]))
    },

    /** Drops settled deliveries older than `before` (pending ones are still to send). */
    prune: (before: number) =>
      db.deleteFrom('deliveries').where('status', '!=', 'pending').where('created_at', '<', before).execute(),

    find: (deliveryId: string) =>
      db.selectFrom('deliveries').selectAll().where('delivery_id', '=', deliveryId).executeTakeFirst(),
  }
}
