import type { Kysely } from 'kysely'
import type { MonitorStatus, MonitorType } from '@vigil/domain/monitor.schema'
import type { Dialect } from '../database.ts'
import type { DB } from '../schema.ts'
import { countRows } from './count-rows.ts'
import { fromRow, type MonitorChange, type MonitorRecord, toColumns, toRow } from './monitor-record.ts'

export type { MonitorChange, MonitorRecord } from './monitor-record.ts'

const records = async (rows: Promise<Parameters<typeof fromRow>[0][]>) => (await rows).map(fromRow)
const record = async (row: Promise<Parameters<typeof fromRow>[0] | undefined>) => {
  const found = await row
  return found === undefined ? undefined : fromRow(found)
}

export const monitorsRepo = (db: Kysely<DB>) => ({
  insert: (monitor: MonitorRecord) => db.insertInto('monitors').values(toRow(monitor)).execute(),

  findOwned: (userId: string, monitorId: string) =>
    record(
      db
        .selectFrom('monitors')
        .selectAll()
        .where('user_id', '=', userId)
        .where('monitor_id', '=', monitorId)
        .executeTakeFirst(),
    ),

  /** The user's monitors, oldest first (the order they were added). */
  listOwned: (userId: string, type?: MonitorType) =>
    records(
      db
        .selectFrom('monitors')
        .selectAll()
        .where('user_id', '=', userId)
        .$if(type !== undefined, (q) => q.where('type', '=', type as string))
        .orderBy('created_at')
        .orderBy('monitor_id')
        .execute(),
    ),

  /** Of these ids, those of the user's monitors: an ownership check that reads ids only, not whole monitors. */
  ownedIds: async (userId: string, monitorIds: readonly string[]) =>
    monitorIds.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .selectFrom('monitors')
              .select('monitor_id')
              .where('user_id', '=', userId)
              .where('monitor_id', 'in', monitorIds)
              .execute()
          ).map((r) => r.monitor_id),
        ),

  /** The user's monitors; `running`: only those not paused. */
  countOwned: (userId: string, { running = false } = {}) =>
    countRows(
      db
        .selectFrom('monitors')
        .where('user_id', '=', userId)
        .$if(running, (q) => q.where('paused', '=', 0)),
    ),

  /** Changes one of the user's monitors; the row after the change, or undefined when it is not theirs. */
  updateOwned: async (userId: string, monitorId: string, change: MonitorChange) => {
    const result = await db
      .updateTable('monitors')
      .set(toColumns(change))
      .where('user_id', '=', userId)
      .where('monitor_id', '=', monitorId)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) return undefined
    return record(db.selectFrom('monitors').selectAll().where('monitor_id', '=', monitorId).executeTakeFirst())
  },

  deleteOwned: async (userId: string, monitorId: string) => {
    const result = await db
      .deleteFrom('monitors')
      .where('user_id', '=', userId)
      .where('monitor_id', '=', monitorId)
      .executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  },

  /** The current status of these monitors, whoever owns them (public status pages). */
  statusesOf: async (monitorIds: readonly string[]): Promise<{ monitor_id: string; status: MonitorStatus }[]> =>
    monitorIds.length === 0
      ? []
      : ((await db
          .selectFrom('monitors')
          .select(['monitor_id', 'status'])
          .where('monitor_id', 'in', monitorIds)
          .execute()) as { monitor_id: string; status: MonitorStatus }[]),

  /** The rows a batch of results applies to, locked for the transaction on PostgreSQL. */
  lockForWrite: (dialect: Dialect, monitorIds: readonly string[]) =>
    monitorIds.length === 0
      ? Promise.resolve([])
      : records(
          db
            .selectFrom('monitors')
            .selectAll()
            .where('monitor_id', 'in', monitorIds)
            .$if(dialect === 'postgres', (q) => q.orderBy('monitor_id').forUpdate())
            .execute(),
        ),

  update: (monitorId: string, change: MonitorChange) =>
    db.updateTable('monitors').set(toColumns(change)).where('monitor_id', '=', monitorId).execute(),

  /**
   * Leases the monitors due by `dueBy` that no live lease holds, oldest due first, to `owner`. One statement,
   * so two workers never lease the same monitor: SQLite runs writes one at a time, and PostgreSQL skips rows
   * another transaction has locked. The lease lasts past the check's own timeout, so a worker that died
   * leaves its monitors to the others after a short while.
   */
  claimDue: (dialect: Dialect, owner: string, dueBy: number, now: number, limit: number) =>
    records(
      db
        .updateTable('monitors')
        .set((eb) => ({
          lease_owner: owner,
          lease_until: eb(eb('next_check_at', '+', eb('timeout_seconds', '*', 2000)), '+', 60_000),
        }))
        .where('monitor_id', 'in', (eb) =>
          eb
            .selectFrom('monitors')
            .select('monitor_id')
            .where('paused', '=', 0)
            .where('next_check_at', '<=', dueBy)
            .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
            .orderBy('next_check_at')
            .limit(limit)
            .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
        )
        // Checked again on the row as it is when locked, in case another worker leased it meanwhile.
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
        .returningAll()
        .execute(),
    ),

  /** Gives a leased monitor back; with a next due time, the check moved there starts a new grid. */
  release: (monitorId: string, owner: string, nextCheckAt: number | null) =>
    db
      .updateTable('monitors')
      .set({
        lease_owner: null,
        lease_until: null,
        ...(nextCheckAt === null ? {} : { next_check_at: nextCheckAt, grid_at: null }),
      })
      .where('monitor_id', '=', monitorId)
      .where('lease_owner', '=', owner)
      .execute(),

  /** Everything a worker still holds (its leases start with `workerId.`), when it stops: others may take it at once. */
  releaseWorker: (workerId: string) =>
    db
      .updateTable('monitors')
      .set({ lease_owner: null, lease_until: null })
      .where('lease_owner', 'like', `${workerId}.%`)
      .execute(),

  /** Every monitor id, per owner: for pruning by each owner's plan retention. */
  idsByUser: async () => {
    const rows = await db.selectFrom('monitors').select(['user_id', 'monitor_id']).orderBy('user_id').execute()
    const byUser = new Map<string, string[]>()
    for (const { user_id, monitor_id } of rows) {
      const ids = byUser.get(user_id)
      if (ids) ids.push(monitor_id)
      else byUser.set(user_id, [monitor_id])
    }
    return [...byUser].map(([user_id, monitor_ids]) => ({ user_id, monitor_ids }))
  },

  /** Per-status counts of the user's monitors. */
  statusCounts: async (userId: string, type?: MonitorType) =>
    (await db
      .selectFrom('monitors')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .$if(type !== undefined, (q) => q.where('type', '=', type as string))
      .groupBy('status')
      .execute()) as { status: MonitorStatus; n: number }[],
})
