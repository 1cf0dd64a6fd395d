import type { Kysely, Selectable } from 'kysely'
import type { MonitorStatus } from '../../../domain/monitor-status.ts'
import type { ResultVerdict } from '../../../domain/result-verdict.ts'
import type { CheckResultsTable, DB } from '../schema.ts'

/**
 * One stored check: the monitor's state it left, what the check reported (`detail`, the type's facts), and what
 * it found apart from that state (its verdict, its place in a run, maintenance; null on results stored before).
 */
export type CheckResultRecord = Omit<Selectable<CheckResultsTable>, 'status' | 'detail' | 'verdict'> & {
  status: MonitorStatus
  detail: Record<string, unknown> | null
  verdict: ResultVerdict | null
}

const toRow = ({ detail, ...rest }: CheckResultRecord): Selectable<CheckResultsTable> => ({
  ...rest,
  detail: detail === null ? null : JSON.stringify(detail),
})
const fromRow = ({ detail, status, verdict, ...rest }: Selectable<CheckResultsTable>): CheckResultRecord => ({
  ...rest,
  status: status as MonitorStatus,
  detail: detail === null ? null : (JSON.parse(detail) as Record<string, unknown>),
  verdict: verdict as ResultVerdict | null,
})

// 11 values a row: 11,000 a statement, well under SQLite's limit of bound parameters (32,766).
const CHUNK = 1000

export const checkResultsRepo = (db: Kysely<DB>) => ({
  /** Stores results; one already stored for the same monitor and millisecond is kept, not doubled. */
  insertMany: async (records: readonly CheckResultRecord[]) => {
    for (let i = 0; i < records.length; i += CHUNK)
      await db
        .insertInto('check_results')
        .values(records.slice(i, i + CHUNK).map(toRow))
        .onConflict((oc) => oc.columns(['monitor_id', 'checked_at']).doNothing())
        .execute()
  },

  /** A page of one monitor's results in [from, to], newest first, with the total in that range. */
  page: async (monitorId: string, range: { from: number; to: number }, page: number, limit: number) => {
    const inRange = db
      .selectFrom('check_results')
      .where('monitor_id', '=', monitorId)
      .where('checked_at', '>=', range.from)
      .where('checked_at', '<=', range.to)
    const [rows, count] = await Promise.all([
      inRange
        .selectAll()
        .orderBy('checked_at', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      inRange.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows: rows.map(fromRow), total: Number(count.n) }
  },

  /** Deletes results older than `before` of the given monitors (those whose owners keep data that long). */
  prune: async (monitorIds: readonly string[], before: number) => {
    for (let i = 0; i < monitorIds.length; i += CHUNK)
      await db
        .deleteFrom('check_results')
        .where('monitor_id', 'in', monitorIds.slice(i, i + CHUNK))
        .where('checked_at', '<', before)
        .execute()
  },
})
