import * as v from 'valibot'
import { MONITOR_STATUSES } from './monitor-status.ts'
import { Pagination } from './pagination.schema.ts'
import { Confirming, ResultVerdict } from './result-verdict.ts'
import { STATS_WINDOW_NAMES } from './uptime.ts'

// What the API answers about checks, incidents and history; the client parses every answer with these.

/** A value of a check's facts: JSON. */
export type DetailValue = string | number | boolean | null | DetailValue[] | { [key: string]: DetailValue }

/** What one check found, as a check runner reports it. `message` says it in a sentence. */
export interface CheckOutcome {
  ok: boolean
  /** Time to the answer; null when there was none (refused, timed out). */
  responseMs: number | null
  message: string
  /** Facts of the check type: HTTP status code, packet loss, a certificate's issuer, a DNS answer... */
  detail?: Record<string, DetailValue>
  /**
   * What the check saw, when a change of it is news: a DNS answer, the blacklists listing an address.
   * Canonical (sorted), so the same thing seen twice compares equal.
   */
  observed?: readonly string[] | null
  /** When what is watched expires (a certificate, a registration): warnings fall due before it. */
  expiresAt?: number | null
}

/**
 * One stored check. `status` is the monitor's state after it; `verdict` what the check itself found (see
 * result-verdict.ts), `confirming` its place in a run not yet long enough to change the state, and `maintenance`
 * whether it ran in a maintenance window (null: not known, a result stored before this was kept).
 */
export const CheckResult = v.object({
  checked_at: v.string(),
  status: v.picklist(MONITOR_STATUSES),
  ok: v.boolean(),
  response_ms: v.nullable(v.number()),
  message: v.string(),
  detail: v.nullable(v.record(v.string(), v.unknown())),
  verdict: ResultVerdict,
  confirming: v.nullable(Confirming),
  maintenance: v.nullable(v.boolean()),
})
export type CheckResult = v.InferOutput<typeof CheckResult>

/** A page of a monitor's checks, newest first. */
export const ResultPage = v.object({ results: v.array(CheckResult), pagination: Pagination })
export type ResultPage = v.InferOutput<typeof ResultPage>

export const Incident = v.object({
  id: v.string(),
  monitor_id: v.string(),
  monitor_name: v.string(),
  monitor_type: v.string(),
  started_at: v.string(),
  resolved_at: v.nullable(v.string()),
  cause: v.string(),
  duration_ms: v.nullable(v.number()),
})
export type Incident = v.InferOutput<typeof Incident>

export const StatsPoint = v.object({
  t: v.string(),
  uptime: v.nullable(v.number()),
  avg_response_ms: v.nullable(v.number()),
  p95_response_ms: v.nullable(v.number()),
  checks: v.number(),
  failures: v.number(),
})
export type StatsPoint = v.InferOutput<typeof StatsPoint>

/**
 * Every check of a window, oldest first, as three lists of one entry a check (a day of checks every 30 s is 2,880
 * entries, so times are milliseconds since the epoch rather than ISO strings): when it ran, whether it succeeded and
 * its response time (null when it had none).
 */
export const CheckSeries = v.object({
  at: v.array(v.number()),
  ok: v.array(v.boolean()),
  response_ms: v.array(v.nullable(v.number())),
})
export type CheckSeries = v.InferOutput<typeof CheckSeries>

/** A span of time in the window, cut to it. */
export const TimeSpan = v.object({ from: v.string(), to: v.string() })
export type TimeSpan = v.InferOutput<typeof TimeSpan>

export const StatsWindowSchema = v.picklist(
  STATS_WINDOW_NAMES,
  `Window must be one of ${STATS_WINDOW_NAMES.join(', ')}.`,
)

export const MonitorStats = v.object({
  window: StatsWindowSchema,
  from: v.string(),
  to: v.string(),
  uptime: v.nullable(v.number()),
  avg_response_ms: v.nullable(v.number()),
  p50_response_ms: v.nullable(v.number()),
  p95_response_ms: v.nullable(v.number()),
  p99_response_ms: v.nullable(v.number()),
  incident_count: v.number(),
  downtime_ms: v.number(),
  checks: v.number(),
  /** Every step of the window (STATS_WINDOWS), oldest first: the chart of a window with many checks. */
  series: v.array(StatsPoint),
  /**
   * Every check of the window, when there are at most MAX_CHECK_POINTS (response-chart.ts) and all are still kept;
   * null otherwise, and the chart draws `series`.
   */
  checks_series: v.nullable(CheckSeries),
  /** The monitor's incidents within the window (an open one ends now), oldest first. */
  outages: v.array(TimeSpan),
  /** Maintenance windows covering the monitor within the window, oldest first. */
  maintenance: v.array(TimeSpan),
  /** Daily uptime for the history bars, oldest first. */
  days: v.array(v.object({ date: v.string(), uptime: v.nullable(v.number()), incidents: v.number() })),
})
export type MonitorStats = v.InferOutput<typeof MonitorStats>

export const OneMonitorStats = v.object({ stats: MonitorStats })
export type OneMonitorStats = v.InferOutput<typeof OneMonitorStats>
