import type { MonitorStatus } from '@vigil/domain/monitor-status'
import type { ResultVerdict } from '@vigil/domain/result-verdict'
import { type Kysely, type Selectable, sql } from 'kysely'
import { postgresBeats, sqliteBeats } from '../migrations/020-list-summaries.ts'
import type { CheckResultsTable, DB } from '../schema.ts'
import { countRows } from './count-rows.ts'
import { isPostgres } from './one-of.ts'

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
    const [rows, total] = await Promise.all([
      inRange
        .selectAll()
        .orderBy('checked_at', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      countRows(inRange),
    ])
    return { rows: rows.map(fromRow), total }
  },

  /**
   * One monitor's results from `from` on, oldest first, at most `limit`: when each ran, whether it succeeded and its
   * response time (a response-time chart's points). An index range of (monitor_id, checked_at).
   */
  pointsFrom: async (monitorId: string, from: number, limit: number) => {
    const rows = await db
      .selectFrom('check_results')
      .select(['checked_at', 'ok', 'response_ms'])
      .where('monitor_id', '=', monitorId)
      .where('checked_at', '>=', from)
      .orderBy('checked_at')
      .limit(limit)
      .execute()
    return rows.map((r) => ({
      at: Number(r.checked_at),
      ok: Number(r.ok) === 1,
      response_ms: r.response_ms === null ? null : Number(r.response_ms),
    }))
  },

  /**
   * For each monitor, its last result before `at` and its first at or after it (the checks around a report's edge):
   * two index seeks a monitor, then the rows they found.
   */
  around: async (monitorIds: readonly string[], at: number) => {
    type Found = Pick<CheckResultRecord, 'checked_at' | 'status' | 'ok' | 'in_maintenance'>
    const around = new Map<string, { before: Found | null; after: Found | null }>()
    for (let i = 0; i < monitorIds.length; i += CHUNK) {
      const chunk = monitorIds.slice(i, i + CHUNK)
      const times = await db
        .selectFrom('monitors as m')
        .where('m.monitor_id', 'in', chunk)
        .select((eb) => {
          // The time of the monitor's nearest result on one side of `at`.
          const nearest = (side: '<' | '>=', order: 'desc' | 'asc') =>
            eb
              .selectFrom('check_results as r')
              .select('r.checked_at')
              .whereRef('r.monitor_id', '=', 'm.monitor_id')
              .where('r.checked_at', side, at)
              .orderBy('r.checked_at', order)
              .limit(1)
          return ['m.monitor_id', nearest('<', 'desc').as('before_at'), nearest('>=', 'asc').as('after_at')]
        })
        .execute()
      const wanted = times.flatMap((t) => [t.before_at, t.after_at].filter((x) => x !== null).map(Number))
      const rows = wanted.length
        ? await db
            .selectFrom('check_results')
            .select(['monitor_id', 'checked_at', 'status', 'ok', 'in_maintenance'])
            .where('monitor_id', 'in', chunk)
            .where('checked_at', 'in', [...new Set(wanted)])
            .execute()
        : []
      const row = new Map(rows.map((r) => [`${r.monitor_id}:${r.checked_at}`, r]))
      const found = (id: string, t: number | null): Found | null => {
        const r = t === null ? undefined : row.get(`${id}:${Number(t)}`)
        return r
          ? {
              checked_at: Number(r.checked_at),
              status: r.status as MonitorStatus,
              ok: Number(r.ok),
              in_maintenance: r.in_maintenance,
            }
          : null
      }
      for (const t of times)
        around.set(t.monitor_id, { before: found(t.monitor_id, t.before_at), after: found(t.monitor_id, t.after_at) })
    }
    return around
  },

  /**
   * Deletes results older than `before` of the given monitors (those whose owners keep data that long), and rebuilds
   * the heartbeat bars (`monitor_beats`, migration 020) that showed any of them: those of monitors not checked since.
   */
  prune: async (monitorIds: readonly string[], before: number) => {
    for (let i = 0; i < monitorIds.length; i += CHUNK) {
      const chunk = monitorIds.slice(i, i + CHUNK)
      await db.deleteFrom('check_results').where('monitor_id', 'in', chunk).where('checked_at', '<', before).execute()
      const stale = (
        await db
          .selectFrom('monitor_beats')
          .select('monitor_id')
          .where('monitor_id', 'in', chunk)
          .where('oldest_at', '<', before)
          .execute()
      ).map((r) => r.monitor_id)
      if (stale.length === 0) continue
      await db.deleteFrom('monitor_beats').where('monitor_id', 'in', stale).execute()
      const ids = sql.join(stale.map((id) => sql`(${id})`))
      if (isPostgres(db))
        await sql`insert into monitor_beats (monitor_id, beats, oldest_at)
          select b.monitor_id, b.beats, b.oldest_at from (values ${ids}) as m(monitor_id),
          lateral ${postgresBeats(sql`m.monitor_id`)} as b`.execute(db)
      else {
        const { beats, oldest } = sqliteBeats(sql`m.monitor_id`)
        await sql`insert into monitor_beats (monitor_id, beats, oldest_at)
          select m.monitor_id, ${beats}, ${oldest} from (select column1 as monitor_id from (values ${ids})) as m
          where exists (select 1 from check_results where monitor_id = m.monitor_id)`.execute(db)
      }
    }
  },
})
