import type { MonitorStatus } from './monitor-status.ts'

// Uptime and response-time arithmetic over rollups. A result stands for the time until the next check
// was planned (its weight), so a retry at a shorter interval weighs less than a regular check. Only
// time with a known state counts: paused time has no results, pending (not yet confirmed) results and
// maintenance are left out, and a window with no such time has no uptime (null, shown as "no data"),
// never 100 %.

/** Upper bounds (ms) of the response-time histogram kept in each rollup; one more bucket is open-ended. */
export const RESPONSE_BUCKETS_MS = [
  10, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10_000, 30_000,
] as const
export const HISTOGRAM_SIZE = RESPONSE_BUCKETS_MS.length + 1

export const PERIOD_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const
export type Period = keyof typeof PERIOD_MS

/** How long rollups are kept: each long enough for the windows that read it (see STATS_WINDOWS) and for reports. */
export const ROLLUP_RETENTION_MS = {
  minute: 2 * PERIOD_MS.day,
  hour: 35 * PERIOD_MS.day,
  day: 400 * PERIOD_MS.day,
} as const

export interface Rollup {
  up_ms: number
  degraded_ms: number
  down_ms: number
  checks: number
  failures: number
  rt_count: number
  rt_sum: number
  rt_max: number
  hist: number[]
}

export const emptyRollup = (): Rollup => ({
  up_ms: 0,
  degraded_ms: 0,
  down_ms: 0,
  checks: 0,
  failures: 0,
  rt_count: 0,
  rt_sum: 0,
  rt_max: 0,
  hist: new Array(HISTOGRAM_SIZE).fill(0),
})

export const histogramIndex = (ms: number): number => {
  const i = RESPONSE_BUCKETS_MS.findIndex((bound) => ms < bound)
  return i === -1 ? RESPONSE_BUCKETS_MS.length : i
}

export const bucketStart = (at: number, period: Period): number => at - (at % PERIOD_MS[period])

/** The list's figures: over the last 24 hourly buckets (its "24 h") and the last 30 daily ones (its "30 d"). */
export const FIGURE_SPANS = { hour: 24, day: 30 } as const
export type FigurePeriod = keyof typeof FIGURE_SPANS

/**
 * The buckets of a list figure, the current one among them: the first, and the bucket before the last, from which on
 * buckets may still take results (a check's result goes to the bucket it started in; the one before the current
 * takes the checks that ran over its end).
 */
export const figureWindow = (now: number, period: FigurePeriod) => {
  const current = bucketStart(now, period)
  return { from: current - (FIGURE_SPANS[period] - 1) * PERIOD_MS[period], settledTo: current - PERIOD_MS[period] }
}

export interface ResultFacts {
  /** The monitor's state after this result. */
  status: MonitorStatus
  ok: boolean
  responseMs: number | null
  /** How long this result stands for: the time until the next planned check. */
  weightMs: number
  /** In a maintenance window: counted as a check, left out of uptime. */
  maintenance?: boolean
}

/** Adds one result to a rollup (in place) and returns it. */
export const addResult = (rollup: Rollup, result: ResultFacts): Rollup => {
  rollup.checks += 1
  if (!result.ok) rollup.failures += 1
  if (!result.maintenance) {
    if (result.status === 'up') rollup.up_ms += result.weightMs
    else if (result.status === 'degraded') rollup.degraded_ms += result.weightMs
    else if (result.status === 'down') rollup.down_ms += result.weightMs
  }
  if (result.ok && result.responseMs !== null) {
    rollup.rt_count += 1
    rollup.rt_sum += result.responseMs
    rollup.rt_max = Math.max(rollup.rt_max, result.responseMs)
    const i = histogramIndex(result.responseMs)
    rollup.hist[i] = (rollup.hist[i] ?? 0) + 1
  }
  return rollup
}

export const mergeRollups = (rollups: readonly Rollup[]): Rollup => {
  const total = emptyRollup()
  for (const r of rollups) {
    total.up_ms += r.up_ms
    total.degraded_ms += r.degraded_ms
    total.down_ms += r.down_ms
    total.checks += r.checks
    total.failures += r.failures
    total.rt_count += r.rt_count
    total.rt_sum += r.rt_sum
    total.rt_max = Math.max(total.rt_max, r.rt_max)
    r.hist.forEach((n, i) => {
      total.hist[i] = (total.hist[i] ?? 0) + n
    })
  }
  return total
}

/** Uptime in percent over the known time, or null when no time is known. Degraded counts as up. */
export const uptimePercent = (r: Pick<Rollup, 'up_ms' | 'degraded_ms' | 'down_ms'>): number | null => {
  const known = r.up_ms + r.degraded_ms + r.down_ms
  return known === 0 ? null : ((r.up_ms + r.degraded_ms) / known) * 100
}

/** Uptime rounded down to 3 decimals, so 99.9996 % never reads as 100 %. */
export const roundUptime = (percent: number | null): number | null =>
  percent === null ? null : Math.floor(percent * 1000) / 1000

export const averageMs = (r: Pick<Rollup, 'rt_count' | 'rt_sum'>): number | null =>
  r.rt_count === 0 ? null : Math.round(r.rt_sum / r.rt_count)

/** The uptime a page shows for a window's sums: rounded down, null without sums or known time. */
export const uptimeOf = (r: Pick<Rollup, 'up_ms' | 'degraded_ms' | 'down_ms'> | undefined): number | null =>
  r ? roundUptime(uptimePercent(r)) : null

/**
 * Why a window has no uptime to show, in the words beside its "—": a running monitor made within the window has not
 * had the checks that measure time yet (it takes two); a paused one is paused; an older one had no checks in it.
 */
export const noUptimeReason = (monitor: { paused: boolean; created_at: string }, windowFrom: number): string =>
  monitor.paused
    ? 'paused'
    : Date.parse(monitor.created_at) >= windowFrom
      ? 'first checks pending'
      : 'no checks in this window'

/** The average response time a page shows for a window's sums: null without sums or timed checks. */
export const averageOf = (r: Pick<Rollup, 'rt_count' | 'rt_sum'> | undefined): number | null =>
  r ? averageMs(r) : null

/**
 * The p-th percentile (0..100) from the histogram, interpolated inside its bucket (the open-ended last
 * bucket ends at the largest value seen). Accurate to the width of a bucket.
 */
export const histogramPercentile = (hist: readonly number[], maxMs: number, p: number): number | null => {
  const count = hist.reduce((a, b) => a + b, 0)
  if (count === 0) return null
  const rank = Math.max(1, Math.ceil((p / 100) * count))
  let seen = 0
  for (let i = 0; i < hist.length; i++) {
    const n = hist[i] ?? 0
    if (n === 0) continue
    if (seen + n >= rank) {
      const lower = i === 0 ? 0 : (RESPONSE_BUCKETS_MS[i - 1] as number)
      const upper = Math.min(i < RESPONSE_BUCKETS_MS.length ? (RESPONSE_BUCKETS_MS[i] as number) : maxMs, maxMs)
      const within = (rank - seen) / n
      return Math.round(Math.max(lower, Math.min(upper, lower + (upper - lower) * within)))
    }
    seen += n
  }
  return maxMs
}

/** The exact p-th percentile (nearest rank) of values; null for none. */
export const percentile = (values: readonly number[], p: number): number | null => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length))
  return sorted[rank - 1] as number
}

/** The stats windows, the rollups each reads and the step of its chart series. */
export const STATS_WINDOWS = {
  '24h': { ms: 86_400_000, period: 'minute', stepMs: 900_000 },
  '7d': { ms: 7 * 86_400_000, period: 'hour', stepMs: 3_600_000 },
  '30d': { ms: 30 * 86_400_000, period: 'hour', stepMs: 6 * 3_600_000 },
  '90d': { ms: 90 * 86_400_000, period: 'day', stepMs: 86_400_000 },
} as const satisfies Record<string, { ms: number; period: Period; stepMs: number }>
export type StatsWindow = keyof typeof STATS_WINDOWS
export const STATS_WINDOW_NAMES = Object.keys(STATS_WINDOWS) as StatsWindow[]

/** The first bucket of a window ending now, aligned to its step. */
export const windowStart = (now: number, window: StatsWindow): number => {
  const { ms, stepMs } = STATS_WINDOWS[window]
  return now - (now % stepMs) - ms + stepMs
}

/**
 * The longest span between two checks that counts: twice the interval, the timeout and a minute. A longer one means
 * the worker was stopped, and that time is without data.
 */
export const maxGapMs = (monitor: { interval_seconds: number; timeout_seconds: number }): number =>
  2 * monitor.interval_seconds * 1000 + monitor.timeout_seconds * 1000 + 60_000

/**
 * The time between two checks belongs to the state the earlier check left, except when this check decides a run of
 * checks that changes the state: then the part of the run already gone by is in the state it decides, as the incident
 * says. A confirmed outage is down from the first failed check (the incident's start), so the time from an earlier
 * failed retry is down, while the time before a failure that confirms at once (no retries) is still up; a confirmed
 * recovery is up from the first good check (the incident's end), so the time from an earlier good recovery check is
 * up. (A run of three checks or more decides only its last interval: the ones before were counted as they came.) A gap
 * longer than `maxGapMs` (the worker was stopped) is time without data and counts for nothing.
 */
export const attributeTime = (opts: {
  previousStatus: MonitorStatus
  accountedFrom: number | null
  at: number
  /** The run this check decides: the state it leads to and when it began (the incident's start or end); or null. */
  decides: { status: MonitorStatus; since: number } | null
  maxGapMs: number
}): { status: MonitorStatus; ms: number } => {
  const { previousStatus, accountedFrom, at, decides, maxGapMs } = opts
  if (accountedFrom === null || at <= accountedFrom) return { status: previousStatus, ms: 0 }
  const ms = at - accountedFrom
  if (ms > maxGapMs) return { status: previousStatus, ms: 0 }
  return { status: decides && accountedFrom >= decides.since ? decides.status : previousStatus, ms }
}
