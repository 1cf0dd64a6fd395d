import { type Kysely, sql } from 'kysely'
import { emptyRollup, type Period, type Rollup } from '../../../domain/uptime.ts'
import type { Dialect } from '../database.ts'
import { HISTOGRAM_COLUMNS } from '../migrations/004-monitors.ts'
import type { DB, RollupsTable } from '../schema.ts'

export interface RollupDelta {
  monitorId: string
  period: Period
  bucketStart: number
  rollup: Rollup
}

const SUM_COLUMNS = ['up_ms', 'degraded_ms', 'down_ms', 'checks', 'failures', 'rt_count', 'rt_sum'] as const
const ADDITIVE = [...SUM_COLUMNS, ...HISTOGRAM_COLUMNS] as const

const toRow = ({ monitorId, period, bucketStart, rollup }: RollupDelta): RollupsTable => {
  const row: Record<string, number | string> = {
    monitor_id: monitorId,
    period,
    bucket_start: bucketStart,
    rt_max: rollup.rt_max,
  }
  for (const c of SUM_COLUMNS) row[c] = rollup[c]
  HISTOGRAM_COLUMNS.forEach((c, i) => {
    row[c] = rollup.hist[i] ?? 0
  })
  return row as unknown as RollupsTable
}

/** A row of sums (numbers, or numeric strings from some drivers) back into a rollup. */
export const toRollup = (row: Record<string, unknown>): Rollup => {
  const r = emptyRollup()
  for (const c of SUM_COLUMNS) r[c] = Number(row[c] ?? 0)
  r.rt_max = Number(row.rt_max ?? 0)
  r.hist = HISTOGRAM_COLUMNS.map((c) => Number(row[c] ?? 0))
  return r
}

// 31 values a row; a statement stays well under SQLite's limit of bound parameters.
const CHUNK = 500

const sums = () => [
  ...ADDITIVE.map((c) => sql<number>`sum(${sql.ref(`rollups.${c}`)})`.as(c)),
  sql<number>`max(rollups.rt_max)`.as('rt_max'),
]

/** The five sums a list shows (uptime and average response time), without the histogram. */
const figureSums = () =>
  (['up_ms', 'degraded_ms', 'down_ms', 'rt_count', 'rt_sum'] as const).map((c) => sql<number>`sum(${sql.ref(c)})`.as(c))

export const rollupsRepo = (db: Kysely<DB>) => ({
  /** Adds deltas to their buckets: one upsert per chunk, the sums done by the database. */
  add: async (deltas: readonly RollupDelta[]) => {
    for (let i = 0; i < deltas.length; i += CHUNK) {
      await db
        .insertInto('rollups')
        .values(deltas.slice(i, i + CHUNK).map(toRow))
        .onConflict((oc) =>
          oc.columns(['monitor_id', 'period', 'bucket_start']).doUpdateSet(() => ({
            ...Object.fromEntries(ADDITIVE.map((c) => [c, sql`rollups.${sql.raw(c)} + excluded.${sql.raw(c)}`])),
            rt_max: sql`case when rollups.rt_max > excluded.rt_max then rollups.rt_max else excluded.rt_max end`,
          })),
        )
        .execute()
    }
  },

  /**
   * Per monitor of the user, the uptime and response-time sums of its buckets of `period` from `from` on: the
   * list's columns. Only the five sums the list shows, which is most of the cost of the query.
   */
  sumsByMonitor: async (dialect: Dialect, userId: string, period: Period, from: number, type?: string) => {
    const owned = db
      .selectFrom('monitors')
      .select('monitor_id')
      .where('user_id', '=', userId)
      .$if(type !== undefined, (q) => q.where('type', '=', type as string))
    // The rows must come in key order, monitor by monitor, so that grouping needs no sort and PostgreSQL
    // does not scan the whole table: `in (subquery)` does it on SQLite, `= any(array(subquery))` on PostgreSQL
    // (a join or `in` there chose a sequential scan of every rollup: 82 ms against 20 ms for 1,000 monitors).
    const rows = await db
      .selectFrom('rollups')
      .select(['monitor_id', ...figureSums()])
      .where(
        dialect === 'postgres'
          ? sql<boolean>`monitor_id = any(array(${owned}))`
          : sql<boolean>`monitor_id in (${owned})`,
      )
      .where('period', '=', period)
      .where('bucket_start', '>=', from)
      .groupBy('monitor_id')
      .execute()
    return new Map(rows.map((row) => [row.monitor_id, toRollup(row)]))
  },

  /** Some monitors' daily buckets from `from` on (a status page's history bars). */
  dailyOf: async (monitorIds: readonly string[], from: number) => {
    const rows = await db
      .selectFrom('rollups')
      .selectAll()
      .where('monitor_id', 'in', monitorIds)
      .where('period', '=', 'day')
      .where('bucket_start', '>=', from)
      .execute()
    return rows.map((row) => ({
      monitor_id: row.monitor_id,
      bucket_start: Number(row.bucket_start),
      rollup: toRollup(row),
    }))
  },

  /** Some monitors' buckets of `period` from `from` on, summed per monitor. */
  sumsOf: async (monitorIds: readonly string[], period: Period, from: number) => {
    const rows = await db
      .selectFrom('rollups')
      .select(['monitor_id', ...sums()])
      .where('monitor_id', 'in', monitorIds)
      .where('period', '=', period)
      .where('bucket_start', '>=', from)
      .groupBy('monitor_id')
      .execute()
    return new Map(rows.map((row) => [row.monitor_id, toRollup(row)]))
  },

  /**
   * Some monitors' figures of the last day (hourly buckets from `hourFrom`) and of the last 30 days (daily buckets
   * from `dayFrom`), summed per monitor in one statement: two ranges of each monitor's key. Only the five sums a
   * list shows (summing every column, histogram included, cost the monitor list four times as much:
   * bench/monitor-page.bench.ts).
   */
  figuresOf: async (monitorIds: readonly string[], hourFrom: number, dayFrom: number) => {
    const day = new Map<string, Rollup>()
    const month = new Map<string, Rollup>()
    if (monitorIds.length === 0) return { day, month }
    const of = (period: Period, from: number) =>
      db
        .selectFrom('rollups')
        .select([sql.lit(period).as('period'), 'monitor_id', ...figureSums()])
        .where('monitor_id', 'in', monitorIds)
        .where('period', '=', period)
        .where('bucket_start', '>=', from)
        .groupBy('monitor_id')
    const rows = await of('hour', hourFrom).unionAll(of('day', dayFrom)).execute()
    for (const row of rows) (row.period === 'hour' ? day : month).set(row.monitor_id, toRollup(row))
    return { day, month }
  },

  /** One monitor's buckets of `period` from `from` on, summed. */
  sum: async (monitorId: string, period: Period, from: number) =>
    toRollup(
      await db
        .selectFrom('rollups')
        .select(sums())
        .where('monitor_id', '=', monitorId)
        .where('period', '=', period)
        .where('bucket_start', '>=', from)
        .executeTakeFirstOrThrow(),
    ),

  /** One monitor's buckets from `from`, summed per step (a multiple of the period): a chart series. */
  series: async (monitorId: string, period: Period, from: number, stepMs: number) => {
    const step = sql<number>`(bucket_start - (bucket_start % ${sql.lit(stepMs)}))`
    const rows = await db
      .selectFrom('rollups')
      .select([step.as('t'), ...sums()])
      .where('monitor_id', '=', monitorId)
      .where('period', '=', period)
      .where('bucket_start', '>=', from)
      .groupBy(step)
      .orderBy(step)
      .execute()
    return rows.map((row) => ({ t: Number(row.t), rollup: toRollup(row) }))
  },

  /**
   * Some monitors' buckets of `period` in [from, to) (to null: to the last), summed per monitor and, separately, per
   * bucket over all of them: a report's rows and its chart. Two grouped reads, so the rows read are not sent twice.
   */
  reportSums: async (monitorIds: readonly string[], period: Period, from: number, to: number | null) => {
    if (monitorIds.length === 0) return { byMonitor: new Map<string, Rollup>(), byBucket: [] }
    const scope = () =>
      db
        .selectFrom('rollups')
        .where('monitor_id', 'in', monitorIds)
        .where('period', '=', period)
        .where('bucket_start', '>=', from)
        .$if(to !== null, (q) => q.where('bucket_start', '<', to as number))
    const [perMonitor, perBucket] = await Promise.all([
      scope()
        .select(['monitor_id', ...sums()])
        .groupBy('monitor_id')
        .execute(),
      scope()
        .select(['bucket_start', ...sums()])
        .groupBy('bucket_start')
        .orderBy('bucket_start')
        .execute(),
    ])
    return {
      byMonitor: new Map(perMonitor.map((row) => [row.monitor_id, toRollup(row)])),
      byBucket: perBucket.map((row) => ({ t: Number(row.bucket_start), rollup: toRollup(row) })),
    }
  },

  /** Drops buckets of a period that started before `before`. */
  prune: (period: Period, before: number) =>
    db.deleteFrom('rollups').where('period', '=', period).where('bucket_start', '<', before).execute(),
})
