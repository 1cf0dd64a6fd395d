import type { Kysely, Selectable } from 'kysely'
import { type RawJson, rawArray } from '../raw-json.ts'
import type { CloudPartsTable, CloudResourcesTable, DB } from '../schema.ts'

// What a cloud account's syncs read: the status of each part, the resources of each part that read well, and the
// costs. A part that failed keeps the resources it read before (shown as stale, with the reason).

export type CloudPartRecord = Omit<Selectable<CloudPartsTable>, 'ok'> & { ok: boolean }

/** A resource row with its data parsed (or kept as raw JSON text for a page that only passes it on). */
export type CloudResourceRecord<T = unknown> = Omit<CloudResourcesTable, 'data'> & { data: T }

export interface CloudCostRecord<T = unknown> {
  account_id: string
  scope: string
  data: T
  read_at: number
}

/** One sync's writes for an account: every part's status, the resources of the parts that read well, the costs read. */
export interface CloudSyncWrite {
  parts: Omit<CloudPartRecord, 'account_id' | 'read_at'>[]
  /** Replaces the account's resources of each (kind, scope) listed. */
  sets: {
    kind: string
    scope: string
    resources: Omit<CloudResourceRecord, 'account_id' | 'kind' | 'scope' | 'read_at'>[]
  }[]
  costs: { scope: string; data: unknown }[]
}

const CHUNK = 500

export const cloudDataRepo = (db: Kysely<DB>) => ({
  /** Writes one sync (call inside a transaction). */
  write: async (accountId: string, write: CloudSyncWrite, now: number) => {
    for (const part of write.parts) {
      const row = { ...part, account_id: accountId, ok: part.ok ? 1 : 0, read_at: part.ok ? now : null }
      await db
        .insertInto('cloud_parts')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['account_id', 'area', 'scope']).doUpdateSet((eb) => ({
            ok: row.ok,
            kind: row.kind,
            message: row.message,
            action: row.action,
            checked_at: row.checked_at,
            // A failed part keeps the time of its last good read.
            read_at: part.ok ? now : eb.ref('cloud_parts.read_at'),
          })),
        )
        .execute()
    }
    for (const set of write.sets) {
      await db
        .deleteFrom('cloud_resources')
        .where('account_id', '=', accountId)
        .where('kind', '=', set.kind)
        .where('scope', '=', set.scope)
        .execute()
      const rows = set.resources.map((r) => ({
        ...r,
        account_id: accountId,
        kind: set.kind,
        scope: set.scope,
        data: JSON.stringify(r.data),
        read_at: now,
      }))
      for (let i = 0; i < rows.length; i += CHUNK)
        await db
          .insertInto('cloud_resources')
          .values(rows.slice(i, i + CHUNK))
          .execute()
    }
    for (const cost of write.costs) {
      const row = { account_id: accountId, scope: cost.scope, data: JSON.stringify(cost.data), read_at: now }
      await db
        .insertInto('cloud_costs')
        .values(row)
        .onConflict((oc) => oc.columns(['account_id', 'scope']).doUpdateSet({ data: row.data, read_at: now }))
        .execute()
    }
  },

  parts: async (accountId: string): Promise<CloudPartRecord[]> =>
    (
      await db
        .selectFrom('cloud_parts')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('area')
        .orderBy('scope')
        .execute()
    ).map((p) => ({ ...p, ok: p.ok === 1 })),

  /** The parts of many accounts: one query for a list page. */
  partsOf: async (accountIds: readonly string[]): Promise<CloudPartRecord[]> =>
    accountIds.length === 0
      ? []
      : (await db.selectFrom('cloud_parts').selectAll().where('account_id', 'in', accountIds).execute()).map((p) => ({
          ...p,
          ok: p.ok === 1,
        })),

  /** The account's resources of these kinds, in key order. */
  resources: async <T>(accountId: string, kinds: readonly string[]): Promise<CloudResourceRecord<T>[]> =>
    (
      await db
        .selectFrom('cloud_resources')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('kind', 'in', kinds)
        .orderBy('kind')
        .orderBy('scope')
        .orderBy('resource_id')
        .execute()
    ).map((r) => ({ ...r, data: JSON.parse(r.data) as T })),

  /** The account's resources of one kind in one of these states, in key order. */
  resourcesIn: async <T>(
    accountId: string,
    kind: string,
    states: readonly string[],
  ): Promise<CloudResourceRecord<T>[]> =>
    states.length === 0
      ? []
      : (
          await db
            .selectFrom('cloud_resources')
            .selectAll()
            .where('account_id', '=', accountId)
            .where('kind', '=', kind)
            .where('state', 'in', states)
            .orderBy('scope')
            .orderBy('resource_id')
            .execute()
        ).map((r) => ({ ...r, data: JSON.parse(r.data) as T })),

  /** The stored data of the account's resources of one kind, in key order, as one JSON array left unparsed. */
  resourceData: async (accountId: string, kind: string): Promise<RawJson> =>
    rawArray(
      (
        await db
          .selectFrom('cloud_resources')
          .select('data')
          .where('account_id', '=', accountId)
          .where('kind', '=', kind)
          .orderBy('scope')
          .orderBy('resource_id')
          .execute()
      ).map((r) => r.data),
    ),

  resource: async <T>(accountId: string, kind: string, scope: string, resourceId: string) => {
    const row = await db
      .selectFrom('cloud_resources')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .where('scope', '=', scope)
      .where('resource_id', '=', resourceId)
      .executeTakeFirst()
    return row === undefined ? undefined : ({ ...row, data: JSON.parse(row.data) as T } as CloudResourceRecord<T>)
  },

  /** How many resources of each kind each account has in each state: one query for a list page. */
  counts: async (accountIds: readonly string[]) =>
    accountIds.length === 0
      ? []
      : db
          .selectFrom('cloud_resources')
          .select(['account_id', 'kind', 'state', (eb) => eb.fn.countAll<number>().as('n')])
          .where('account_id', 'in', accountIds)
          .groupBy(['account_id', 'kind', 'state'])
          .execute(),

  /** How many of the account's resources of each kind are in each state. */
  stateCounts: (accountId: string) =>
    db
      .selectFrom('cloud_resources')
      .select(['kind', 'state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('account_id', '=', accountId)
      .groupBy(['kind', 'state'])
      .execute(),

  costs: async <T>(accountId: string, scope = ''): Promise<CloudCostRecord<T> | undefined> => {
    const row = await db
      .selectFrom('cloud_costs')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('scope', '=', scope)
      .executeTakeFirst()
    return row === undefined ? undefined : { ...row, data: JSON.parse(row.data) as T }
  },

  costsOf: async <T>(accountIds: readonly string[]): Promise<CloudCostRecord<T>[]> =>
    accountIds.length === 0
      ? []
      : (await db.selectFrom('cloud_costs').selectAll().where('account_id', 'in', accountIds).execute()).map((r) => ({
          ...r,
          data: JSON.parse(r.data) as T,
        })),
})
