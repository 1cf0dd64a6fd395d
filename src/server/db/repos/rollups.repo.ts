import { type Kysely, sql } from 'kysely'
import {
  emptyRollup,
  type FigurePeriod,
  figureWindow,
  HISTOGRAM_SIZE,
  type Period,
  type Rollup,
} from '@vigil/domain/uptime'
import type { Dialect } from '../database.ts'
import type { DB, RollupsTable } from '../schema.ts'
import { oneOf } from './one-of.ts'

export interface RollupDelta {
  monitorId: string
  period: Period
  bucketStart: number
  rollup: Rollup
}

/** A rollup's histogram columns, h0 to h18 (migration 004 made them): one a bucket of domain/uptime.ts. */
export const HISTOGRAM_COLUMNS = Array.from({ length: HISTOGRAM_SIZE }, (_, i) => `h${i}` as const)
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
const FIGURES = ['up_ms', 'degraded_ms', 'down_ms', 'rt_count', 'rt_sum'] as const
const figureSums = () => FIGURES.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c))

type WindowRow = { monitor_id: string; period: string; from_bucket: number; settled_to: number } & Record<
  (typeof FIGURES)[number],
  number | string
>

/**
 * The kept windows of some monitors, each with its last two buckets (those from `settled_to` on) added: a lookup of
 * the window by key and a short range of the monitor's buckets. The window's other columns follow from its key.
 */
const readWindows = (db: Kysely<DB>, monitorIds: readonly string[]): Promise<WindowRow[]> =>
  db
    .selectFrom('rollup_windows as w')
    .leftJoin('rollups as r', (join) =>
      join
        .onRef('r.monitor_id', '=', 'w.monitor_id')
        .onRef('r.period', '=', 'w.period')
        .onRef('r.bucket_start', '>=', 'w.settled_to'),
    )
    .select([
      'w.monitor_id',
      'w.period',
      'w.from_bucket',
      'w.settled_to',
      ...FIGURES.map((c) => sql<number>`w.${sql.raw(c)} + coalesce(sum(r.${sql.raw(c)}), 0)`.as(c)),
    ])
    .where(oneOf(db, 'w.monitor_id', monitorIds))
    .groupBy(['w.monitor_id', 'w.period'])
    .execute()

/** Sums the settled buckets of some monitors' window and keeps them (a monitor without any: zeros). */
const sumWindows = (
  db: Kysely<DB>,
  monitorIds: readonly string[],
  period: FigurePeriod,
  window: { from: number; settledTo: number },
) =>
  db
    .insertInto('rollup_windows')
    .columns(['monitor_id', 'period', 'from_bucket', 'settled_to', ...FIGURES])
    .expression(
      db
        .selectFrom('monitors as m')
        .leftJoin('rollups as r', (join) =>
          join
            .onRef('r.monitor_id', '=', 'm.monitor_id')
            .on('r.period', '=', period)
            .on('r.bucket_start', '>=', window.from)
            .on('r.bucket_start', '<', window.settledTo),
        )
        .select([
          'm.monitor_id',
          sql<string>`${period}`.as('period'),
          sql<number>`cast(${window.from} as bigint)`.as('from_bucket'),
          sql<number>`cast(${window.settledTo} as bigint)`.as('settled_to'),
          ...FIGURES.map((c) => sql<number>`coalesce(sum(r.${sql.raw(c)}), 0)`.as(c)),
        ])
        .where('m.monitor_id', 'in', monitorIds)
        .groupBy('m.monitor_id'),
    )
    .onConflict((oc) =>
      oc
        .columns(['monitor_id', 'period'])
        .doUpdateSet((eb) =>
          Object.fromEntries(
            (['from_bucket', 'settled_to', ...FIGURES] as const).map((c) => [c, eb.ref(`excluded.${c}`)]),
          ),
        ),
    )
    .execute()

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
   * Some monitors' figures of the last day (the last 24 hourly buckets) and of the last 30 days (the last 30 daily
   * ones), summed per monitor: the sums of each window's settled buckets kept in `rollup_windows` (migration 022)
   * with its last two buckets added, 6 rows a monitor where summing its buckets read 54. A window that moved on
   * since, or was forgotten, is summed again and kept first. Only the five sums a list shows (summing every column,
   * histogram included, cost the monitor list four times as much: bench/monitor-page.bench.ts).
   */
  figuresOf: async (monitorIds: readonly string[], now: number) => {
    const day = new Map<string, Rollup>()
    const month = new Map<string, Rollup>()
    if (monitorIds.length === 0) return { day, month }
    const windows = { hour: figureWindow(now, 'hour'), day: figureWindow(now, 'day') }
    const into = { hour: day, day: month }
    const current = (row: WindowRow) => {
      const window = windows[row.period as FigurePeriod]
      return Number(row.from_bucket) === window.from && Number(row.settled_to) === window.settledTo
    }
    const take = (rows: readonly WindowRow[]) => {
      for (const row of rows) if (current(row)) into[row.period as FigurePeriod].set(row.monitor_id, toRollup(row))
    }
    take(await readWindows(db, monitorIds))
    const missing = (period: FigurePeriod) => monitorIds.filter((id) => !into[period].has(id))
    const stale = { hour: missing('hour'), day: missing('day') }
    if (stale.hour.length === 0 && stale.day.length === 0) return { day, month }
    for (const period of ['hour', 'day'] as const)
      if (stale[period].length > 0) await sumWindows(db, stale[period], period, windows[period])
    take(await readWindows(db, [...new Set([...stale.hour, ...stale.day])]))
    // A window forgotten again in between (a late write to one of its buckets): its buckets summed as they are.
    for (const period of ['hour', 'day'] as const) {
      const left = missing(period)
      if (left.length === 0) continue
      const rows = await db
        .selectFrom('rollups')
        .select(['monitor_id', ...figureSums()])
        .where('monitor_id', 'in', left)
        .where('period', '=', period)
        .where('bucket_start', '>=', windows[period].from)
        .groupBy('monitor_id')
        .execute()
      for (const row of rows) into[period].set(row.monitor_id, toRollup(row))
    }
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
