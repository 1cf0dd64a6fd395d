import type { Kysely, Selectable } from 'kysely'
import type { CloudAccountStatus, CloudProvider } from '@vigil/domain/cloud-account'
import type { Dialect } from '../database.ts'
import type { CloudAccountsTable, DB } from '../schema.ts'

// Connected cloud accounts: their sealed credentials, what to read, who they are, and the sync's lease (leased as
// monitors are, so several workers share the syncs and never run one twice).

export type CloudAccountRecord = Omit<Selectable<CloudAccountsTable>, 'provider' | 'status' | 'scope' | 'identity'> & {
  provider: CloudProvider
  status: CloudAccountStatus
  /** What to read: AWS regions, Azure subscriptions. */
  scope: Record<string, unknown>
  /** Who the credentials are. */
  identity: Record<string, unknown>
}

export type CloudAccountChange = Partial<Omit<CloudAccountRecord, 'account_id' | 'user_id' | 'provider' | 'created_at'>>

const fromRow = (row: Selectable<CloudAccountsTable>): CloudAccountRecord => ({
  ...row,
  provider: row.provider as CloudProvider,
  status: row.status as CloudAccountStatus,
  scope: JSON.parse(row.scope) as Record<string, unknown>,
  identity: JSON.parse(row.identity) as Record<string, unknown>,
})

const columns = ({ scope, identity, ...rest }: CloudAccountChange) => ({
  ...rest,
  ...(scope === undefined ? {} : { scope: JSON.stringify(scope) }),
  ...(identity === undefined ? {} : { identity: JSON.stringify(identity) }),
})

export const cloudAccountsRepo = (db: Kysely<DB>) => ({
  insert: (record: CloudAccountRecord) =>
    db
      .insertInto('cloud_accounts')
      .values({ ...record, scope: JSON.stringify(record.scope), identity: JSON.stringify(record.identity) })
      .execute(),

  listOwned: async (userId: string, provider: CloudProvider) =>
    (
      await db
        .selectFrom('cloud_accounts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .orderBy('created_at')
        .orderBy('account_id')
        .execute()
    ).map(fromRow),

  findOwned: async (userId: string, accountId: string) => {
    const row = await db
      .selectFrom('cloud_accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('account_id', '=', accountId)
      .executeTakeFirst()
    return row === undefined ? undefined : fromRow(row)
  },

  find: async (accountId: string) => {
    const row = await db.selectFrom('cloud_accounts').selectAll().where('account_id', '=', accountId).executeTakeFirst()
    return row === undefined ? undefined : fromRow(row)
  },

  update: (accountId: string, change: CloudAccountChange) =>
    db.updateTable('cloud_accounts').set(columns(change)).where('account_id', '=', accountId).execute(),

  deleteOwned: async (userId: string, accountId: string) =>
    Number(
      (
        await db
          .deleteFrom('cloud_accounts')
          .where('user_id', '=', userId)
          .where('account_id', '=', accountId)
          .executeTakeFirst()
      ).numDeletedRows,
    ) > 0,

  /** Leases the accounts due by `now` that no live lease holds, in one statement (as monitors are leased). */
  claimDue: async (dialect: Dialect, owner: string, now: number, leaseMs: number, limit: number) =>
    (
      await db
        .updateTable('cloud_accounts')
        .set({ lease_owner: owner, lease_until: now + leaseMs })
        .where('account_id', 'in', (eb) =>
          eb
            .selectFrom('cloud_accounts')
            .select('account_id')
            .where('next_sync_at', '<=', now)
            .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
            .orderBy('next_sync_at')
            .limit(limit)
            .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
        )
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
        .returningAll()
        .execute()
    ).map(fromRow),

  /** Leases one account now, whenever it is due, unless another worker holds it. */
  claimOne: async (accountId: string, owner: string, now: number, leaseMs: number) => {
    const row = await db
      .updateTable('cloud_accounts')
      .set({ lease_owner: owner, lease_until: now + leaseMs })
      .where('account_id', '=', accountId)
      .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
      .returningAll()
      .executeTakeFirst()
    return row === undefined ? undefined : fromRow(row)
  },

  /** Gives a leased account back with the outcome of its sync, only while the lease is still this worker's. */
  settle: (accountId: string, owner: string, change: CloudAccountChange) =>
    db
      .updateTable('cloud_accounts')
      .set({ ...columns(change), lease_owner: null, lease_until: null })
      .where('account_id', '=', accountId)
      .where('lease_owner', '=', owner)
      .executeTakeFirst()
      .then((r) => Number(r.numUpdatedRows) > 0),

  /** Everything a stopping worker holds, given back at once. */
  releaseWorker: (workerId: string) =>
    db
      .updateTable('cloud_accounts')
      .set({ lease_owner: null, lease_until: null })
      .where('lease_owner', 'like', `${workerId}.%`)
      .execute(),
})
