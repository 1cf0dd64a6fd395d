import { averageMs, histogramPercentile, mergeRollups, type Rollup, roundUptime, uptimePercent } from './uptime.ts'

// The numbers of an SLA report (issue 18), from the same uptime arithmetic over rollups that the monitor and status
// pages use, with the time between two checks cut at the period's edges as its incidents are (report-edges.ts; a
// page's window leaves that time in the bucket of the later check). Pure: the server reads the rollups, incidents
// and maintenance of the period and hands them here; the page, the CSV and the PDF show what this answers.
//
// A row agrees with itself (issue 37): a monitor is judged on the part of the period it existed in, and its downtime,
// its incidents and its uptime come from the same intervals, its incidents clipped to that part:
// - downtime is the time inside its incidents, outside maintenance windows;
// - the time measured is what the checks counted up, and the downtime (the checks' own down time where it is more);
// - uptime is the time measured less the downtime, over the time measured.
// The checks' down time and the incidents differ by what the engine counts differently: the interval before a first
// failure that confirms at once and the recovery checks' interval count down for the checks, not for the incident
// (counted up here, as the incident says); an incident closed by an edit or a pause, or open over a stop of the
// worker, has time no check counted (counted down here, as the incident says).

/** The SLA target a monitor is held to unless it has its own. */
export const DEFAULT_SLA_TARGET = 99.9

/**
 * A monitor is held to its target only when its checks measured at least this share of the time it is judged on (the
 * time it existed in the period, outside maintenance): under it, a few minutes of checks (a monitor paused most of the
 * period, or a worker stopped) would say Met or Breached for a whole period. It reads "Not enough data" instead.
 */
export const SLA_MIN_MEASURED_SHARE = 0.1

/** What a report says of a target: met, breached, too little measured to say, or nothing measured. */
export const SLA_STATUSES = ['met', 'breached', 'not_enough_data', 'no_data'] as const
export type SlaStatus = (typeof SLA_STATUSES)[number]

export interface Span {
  from: number
  to: number
}

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
  /** When the monitor came to be (made, or first checked if that is earlier): it is judged from then on. */
  since: number
  /** The monitor's rollups inside the period, and the time at its edges (report-edges.ts). */
  rollups: readonly Rollup[]
  incidents: readonly ReportIncident[]
  /** Its maintenance windows that touch the period (left out of uptime and downtime, as the engine does). */
  maintenance: readonly Span[]
  /** Percent, e.g. 99.9. */
  sla_target: number
}

export interface ReportNumbers {
  /** Percent of the time measured, rounded down to 3 decimals; null without time measured ("no data"). */
  uptime: number | null
  sla_target: number
  sla: SlaStatus
  /** Met or not; null when not judged (too little or nothing measured). */
  sla_met: boolean | null
  /** The downtime the target allows over the time measured, and what is left of it (negative once breached). */
  error_budget_ms: number | null
  error_budget_left_ms: number | null
  /** The time inside incidents, outside maintenance. */
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
  /** The time judged: the part of the period the monitor existed in (a set's: its monitors' added up). */
  judged_ms: number
  /** The time of known state: judged_ms = measured_ms + maintenance_ms + no_data_ms. */
  measured_ms: number
  maintenance_ms: number
  /** The time judged that is neither measured nor maintenance: paused, checks missed, before the first check. */
  no_data_ms: number
  /** no_data_ms in percent of judged_ms, rounded to 3 decimals; null when nothing is judged. */
  no_data_share: number | null
}

/** The part of the period a monitor is judged on: from when it came to be (or the start) to the end. */
export const judgedWindow = ({ from, to, since }: Pick<ReportInput, 'from' | 'to' | 'since'>): Span => {
  const start = Math.min(Math.max(from, since), to)
  return { from: start, to }
}

/** The spans cut to [from, to), sorted, overlaps joined. */
export const unionOf = (spans: readonly Span[], from: number, to: number): Span[] => {
  const clipped = spans
    .map((s) => ({ from: Math.max(s.from, from), to: Math.min(s.to, to) }))
    .filter((s) => s.to > s.from)
    .sort((a, b) => a.from - b.from)
  const out: Span[] = []
  for (const s of clipped) {
    const last = out.at(-1)
    if (last && s.from <= last.to) last.to = Math.max(last.to, s.to)
    else out.push({ ...s })
  }
  return out
}

const lengthOf = (spans: readonly Span[]) => spans.reduce((sum, s) => sum + (s.to - s.from), 0)

/** The time of [from, to) inside any of the spans (overlapping spans counted once): a monitor's maintenance. */
export const timeInside = (spans: readonly Span[], from: number, to: number): number =>
  lengthOf(unionOf(spans, from, to))

/** The spans less the parts inside `cut` (both sorted and without overlaps, as unionOf gives them). */
const minus = (spans: readonly Span[], cut: readonly Span[]): Span[] => {
  const out: Span[] = []
  for (const s of spans) {
    let start = s.from
    for (const c of cut) {
      if (c.to <= start || c.from >= s.to) continue
      if (c.from > start) out.push({ from: start, to: c.from })
      start = Math.max(start, c.to)
    }
    if (start < s.to) out.push({ from: start, to: s.to })
  }
  return out
}

/** The incidents' spans inside the window, each with whether it ended there (an open one runs to the end). */
const clip = (incidents: readonly ReportIncident[], { from, to }: Span) =>
  incidents
    .map((i) => ({
      from: Math.max(i.started_at, from),
      to: Math.min(i.resolved_at ?? to, to),
      resolved: i.resolved_at !== null && i.resolved_at <= to,
    }))
    .filter((i) => i.to > i.from)

/** A monitor's down time in the report: its incidents inside the judged window, less its maintenance. */
export const reportDownSpans = (input: ReportInput): Span[] => {
  const window = judgedWindow(input)
  const incidents = unionOf(clip(input.incidents, window), window.from, window.to)
  return minus(incidents, unionOf(input.maintenance, window.from, window.to))
}

/**
 * The time measured, from the checks' time and the downtime: what the checks counted up and the larger of what they
 * counted down and the incidents' time (see the top of this file), at most the time there was to measure.
 */
export const measuredTime = (
  rollup: Pick<Rollup, 'up_ms' | 'degraded_ms' | 'down_ms'>,
  downtime: number,
  room: number,
) => Math.max(downtime, Math.min(room, rollup.up_ms + rollup.degraded_ms + Math.max(rollup.down_ms, downtime)))

/** Uptime in percent of the time measured, unrounded; null without time measured. */
const uptimeOf = (measured: number, downtime: number) =>
  measured === 0 ? null : uptimePercent({ up_ms: measured - downtime, degraded_ms: 0, down_ms: downtime })

/** One monitor's parts, the set's totals adding them up. */
interface Parts {
  rollup: Rollup
  spans: { from: number; to: number; resolved: boolean }[]
  judged: number
  measured: number
  downtime: number
  maintenance: number
}

const partsOf = (input: ReportInput): Parts => {
  const window = judgedWindow(input)
  const judged = window.to - window.from
  const rollup = mergeRollups(input.rollups)
  const maintenance = timeInside(input.maintenance, window.from, window.to)
  const downtime = lengthOf(reportDownSpans(input))
  return {
    rollup,
    spans: clip(input.incidents, window),
    judged,
    measured: measuredTime(rollup, downtime, judged - maintenance),
    downtime,
    maintenance,
  }
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length)

/** Whether the time measured is enough to hold it to a target. */
export const slaStatus = (measured: number, toJudge: number, uptime: number | null, target: number): SlaStatus => {
  if (measured === 0 || uptime === null) return 'no_data'
  if (measured < SLA_MIN_MEASURED_SHARE * toJudge) return 'not_enough_data'
  // Held against the unrounded figure: 99.8996 % misses a 99.9 % target even though it would not show as such.
  return uptime >= target ? 'met' : 'breached'
}

const numbersOf = (parts: readonly Parts[], sla_target: number): ReportNumbers => {
  const sum = (f: (p: Parts) => number) => parts.reduce((a, p) => a + f(p), 0)
  const total = mergeRollups(parts.map((p) => p.rollup))
  const judged = sum((p) => p.judged)
  const measured = sum((p) => p.measured)
  const downtime = sum((p) => p.downtime)
  const maintenance = sum((p) => p.maintenance)
  const noData = Math.max(0, judged - measured - maintenance)
  const spans = parts.flatMap((p) => p.spans)
  const durations = spans.map((s) => s.to - s.from)
  const recovered = spans.filter((s) => s.resolved).map((s) => s.to - s.from)
  const exact = uptimeOf(measured, downtime)
  const sla = slaStatus(measured, judged - maintenance, exact, sla_target)
  const budget = measured === 0 ? null : Math.round(measured * (1 - sla_target / 100))
  return {
    uptime: roundUptime(exact),
    sla_target,
    sla,
    sla_met: sla === 'met' ? true : sla === 'breached' ? false : null,
    error_budget_ms: budget,
    error_budget_left_ms: budget === null ? null : budget - downtime,
    downtime_ms: downtime,
    incidents: spans.length,
    longest_incident_ms: durations.length === 0 ? null : Math.max(...durations),
    mttr_ms: mean(recovered),
    mtbf_ms: spans.length === 0 || measured === 0 ? null : Math.round((measured - downtime) / spans.length),
    response_avg_ms: averageMs(total),
    response_p50_ms: histogramPercentile(total.hist, total.rt_max, 50),
    response_p95_ms: histogramPercentile(total.hist, total.rt_max, 95),
    response_p99_ms: histogramPercentile(total.hist, total.rt_max, 99),
    checks: total.checks,
    failures: total.failures,
    judged_ms: judged,
    measured_ms: measured,
    maintenance_ms: maintenance,
    no_data_ms: noData,
    no_data_share: judged === 0 ? null : Math.round((noData / judged) * 100_000) / 1000,
  }
}

/** The numbers of one monitor. */
export const reportNumbers = (input: ReportInput): ReportNumbers => numbersOf([partsOf(input)], input.sla_target)

/**
 * A set's totals: every monitor's time and incidents added up (its time judged is its monitors', so its time without
 * data is a share of that), held to the strictest target of the set (a set meets its SLA only if it meets the
 * hardest promise made in it).
 */
export const reportTotals = (monitors: readonly ReportInput[]): ReportNumbers | null =>
  monitors.length === 0 ? null : numbersOf(monitors.map(partsOf), Math.max(...monitors.map((m) => m.sla_target)))

/** The numbers of one step of a report's chart (an hour or a day) over the whole set. */
export interface ReportSlotNumbers {
  uptime: number | null
  downtime_ms: number
  avg_response_ms: number | null
  p95_response_ms: number | null
  checks: number
  failures: number
}

/**
 * A step of the chart from the set's rollups in it and its monitors' down spans: the downtime is the spans' time in
 * it, and the uptime that of the rows (the time measured less the downtime, over the time measured).
 */
export const slotNumbers = (rollup: Rollup, downSpans: readonly Span[], slot: Span): ReportSlotNumbers => {
  const downtime = downSpans.reduce(
    (sum, s) => sum + Math.max(0, Math.min(s.to, slot.to) - Math.max(s.from, slot.from)),
    0,
  )
  const measured = measuredTime(rollup, downtime, Number.POSITIVE_INFINITY)
  return {
    uptime: roundUptime(uptimeOf(measured, downtime)),
    downtime_ms: downtime,
    avg_response_ms: averageMs(rollup),
    p95_response_ms: histogramPercentile(rollup.hist, rollup.rt_max, 95),
    checks: rollup.checks,
    failures: rollup.failures,
  }
}
