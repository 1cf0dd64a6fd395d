import { averageMs, histogramPercentile, mergeRollups, type Rollup, roundUptime, uptimePercent } from './uptime.ts'

// The numbers of an SLA report (issue 18), from the same uptime arithmetic over rollups that the monitor and status
// pages use, with the time between two checks cut at the period's edges as its incidents are (report-edges.ts; a
// page's window leaves that time in the bucket of the later check). Pure: the server reads the rollups, incidents
// and maintenance of the period and hands them here; the page, the CSV and the PDF show what this answers.

/** The SLA target a monitor is held to unless it has its own. */
export const DEFAULT_SLA_TARGET = 99.9

/** An incident as a report counts it: clipped to the period (an open one ends at the period's end). */
export interface ReportIncident {
  started_at: number
  /** Null while it is open. */
  resolved_at: number | null
}

export interface ReportInput {
  /** The period, epoch ms, end excluded. */
  from: number
  to: number
  /** The monitor's rollups inside the period, and the time at its edges (report-edges.ts). */
  rollups: readonly Rollup[]
  incidents: readonly ReportIncident[]
  /** Time of the period inside maintenance windows (left out of uptime, as the engine does). */
  maintenance_ms: number
  /** Percent, e.g. 99.9. */
  sla_target: number
}

export interface ReportNumbers {
  /** Percent over the known time, rounded down to 3 decimals; null without known time ("no data"). */
  uptime: number | null
  sla_target: number
  /** Null without known time: nothing to hold the target against. */
  sla_met: boolean | null
  /** The downtime the target allows over the known time, and what is left of it (negative once breached). */
  error_budget_ms: number | null
  error_budget_left_ms: number | null
  downtime_ms: number
  incidents: number
  longest_incident_ms: number | null
  /** Mean time to recovery, over the incidents that ended in the period. */
  mttr_ms: number | null
  /** Mean time between failures: the time up over the number of incidents. */
  mtbf_ms: number | null
  response_avg_ms: number | null
  response_p50_ms: number | null
  response_p95_ms: number | null
  response_p99_ms: number | null
  checks: number
  failures: number
  maintenance_ms: number
  /** The period's time that is neither known nor maintenance: before the first check, paused, checks missed. */
  no_data_ms: number
}

/** The incidents' spans inside [from, to): an open one runs to the end. */
const clip = (incidents: readonly ReportIncident[], from: number, to: number) =>
  incidents
    .map((i) => ({
      start: Math.max(i.started_at, from),
      end: Math.min(i.resolved_at ?? to, to),
      resolved: i.resolved_at !== null && i.resolved_at <= to,
    }))
    .filter((i) => i.end > i.start)

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length)

/** The numbers of one monitor, or of a set's totals (its rollups and incidents together). */
export const reportNumbers = (input: ReportInput): ReportNumbers => {
  const total = mergeRollups(input.rollups)
  const known = total.up_ms + total.degraded_ms + total.down_ms
  const uptime = roundUptime(uptimePercent(total))
  const budget = known === 0 ? null : Math.round(known * (1 - input.sla_target / 100))
  const spans = clip(input.incidents, input.from, input.to)
  const durations = spans.map((s) => s.end - s.start)
  const recovered = spans.filter((s) => s.resolved).map((s) => s.end - s.start)
  const upMs = total.up_ms + total.degraded_ms
  return {
    uptime,
    sla_target: input.sla_target,
    // Held against the unrounded figure: 99.8996 % misses a 99.9 % target even though it would not show as such.
    sla_met: known === 0 ? null : (uptimePercent(total) ?? 0) >= input.sla_target,
    error_budget_ms: budget,
    error_budget_left_ms: budget === null ? null : budget - total.down_ms,
    downtime_ms: total.down_ms,
    incidents: spans.length,
    longest_incident_ms: durations.length === 0 ? null : Math.max(...durations),
    mttr_ms: mean(recovered),
    mtbf_ms: spans.length === 0 || known === 0 ? null : Math.round(upMs / spans.length),
    response_avg_ms: averageMs(total),
    response_p50_ms: histogramPercentile(total.hist, total.rt_max, 50),
    response_p95_ms: histogramPercentile(total.hist, total.rt_max, 95),
    response_p99_ms: histogramPercentile(total.hist, total.rt_max, 99),
    checks: total.checks,
    failures: total.failures,
    maintenance_ms: input.maintenance_ms,
    no_data_ms: Math.max(0, input.to - input.from - known - input.maintenance_ms),
  }
}

/**
 * A set's totals: every monitor's time and incidents together, held to the strictest target of the set (a set
 * meets its SLA only if it meets the hardest promise made in it).
 */
export const reportTotals = (monitors: readonly ReportInput[]): ReportNumbers | null => {
  const first = monitors[0]
  if (!first) return null
  const totals = reportNumbers({
    from: first.from,
    to: first.to,
    rollups: monitors.flatMap((m) => m.rollups),
    incidents: monitors.flatMap((m) => m.incidents),
    maintenance_ms: monitors.reduce((sum, m) => sum + m.maintenance_ms, 0),
    sla_target: Math.max(...monitors.map((m) => m.sla_target)),
  })
  // Each monitor covers the whole period, so the set's time without data is the sum of theirs.
  return { ...totals, no_data_ms: monitors.reduce((sum, m) => sum + reportNumbers(m).no_data_ms, 0) }
}

/** The time of [from, to) inside any of the spans (overlapping spans counted once): a monitor's maintenance. */
export const timeInside = (spans: readonly { from: number; to: number }[], from: number, to: number): number => {
  const clipped = spans
    .map((s) => ({ from: Math.max(s.from, from), to: Math.min(s.to, to) }))
    .filter((s) => s.to > s.from)
    .sort((a, b) => a.from - b.from)
  let total = 0
  let end = Number.NEGATIVE_INFINITY
  for (const s of clipped) {
    const start = Math.max(s.from, end)
    if (s.to > start) total += s.to - start
    end = Math.max(end, s.to)
  }
  return total
}
