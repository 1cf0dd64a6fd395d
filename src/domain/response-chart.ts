import type { CheckSeries, MonitorStats } from './check-result.ts'
import { clipSpans, overlapsAny, type Span } from './time-spans.ts'
import { maxGapMs, STATS_WINDOWS } from './uptime.ts'

// What a monitor's response-time chart draws over a window: each check of it, or the averages of its steps when
// there are too many checks to draw one by one. Times are in seconds, as a chart's time scale (uPlot's) counts them.
//
// The axis ends now. It starts at the window's start, or at the first check of a monitor younger than the window.
// A point is joined to the one before by a line unless something explains the time between them: a failed check
// (no response time to draw), an outage, or a silence longer than the monitor's checks leave (it was paused, or
// the checks stopped); then a null between them breaks the line.

/**
 * A window with at most this many checks draws each of them: a day of checks every 30 s (2,880), a week of checks
 * every 5 minutes (2,016). One with more draws its steps.
 */
export const MAX_CHECK_POINTS = 3000

/** One check as the chart reads it. */
export interface CheckPoint {
  at: number
  ok: boolean
  response_ms: number | null
}

/** Whether a window whose rollups counted `counted` checks draws each of them. */
export const drawsEachCheck = (counted: number): boolean => counted > 0 && counted <= MAX_CHECK_POINTS

/**
 * The window's checks, oldest first, from the results kept of it; null when fewer than the `counted` checks of its
 * rollups are kept (the plan's retention pruned the older ones), so that the steps draw the whole window.
 */
export const checkSeriesOf = (results: readonly CheckPoint[], counted: number): CheckSeries | null => {
  if (results.length < counted) return null
  const sorted = [...results].sort((a, b) => a.at - b.at)
  return {
    at: sorted.map((r) => r.at),
    ok: sorted.map((r) => r.ok),
    response_ms: sorted.map((r) => r.response_ms),
  }
}

export interface ResponseChart {
  x: number[]
  /** Each check's response time, or each step's average; null where the line breaks. */
  avg: (number | null)[]
  /** Each step's 95th percentile; all null when each check is drawn. */
  p95: (number | null)[]
  /** The time each point stands for: null when a point is a check, else the step (ms) it averages. */
  stepMs: number | null
  /** How many points have a value (the checks with a response time, or the steps with one). */
  points: number
  /** The x axis: from the window's start, or the first check of a monitor younger than it; to now. */
  range: [number, number]
  outages: [number, number][]
  maintenance: [number, number][]
}

const seconds = (ms: number) => ms / 1000
const spansOf = (spans: MonitorStats['outages']): Span[] =>
  spans.map((s) => ({ from: Date.parse(s.from), to: Date.parse(s.to) }))

type ChartMonitor = { created_at: string; interval_seconds: number; timeout_seconds: number }
type ChartStats = Pick<MonitorStats, 'window' | 'from' | 'to' | 'series' | 'checks_series' | 'outages' | 'maintenance'>

export const responseChart = (stats: ChartStats, monitor: ChartMonitor): ResponseChart => {
  const windowFrom = Date.parse(stats.from)
  const to = Date.parse(stats.to)
  const young = Date.parse(monitor.created_at) > windowFrom
  const outages = spansOf(stats.outages)
  const each = stats.checks_series
  const stepMs = each ? null : STATS_WINDOWS[stats.window].stepMs
  const first = each ? each.at[0] : stats.series.find((p) => p.checks > 0)?.t
  const firstAt = typeof first === 'string' ? Date.parse(first) : first
  // A single check, or a few, still get an axis as wide as a check's interval (or a step), ending now.
  const shortest = stepMs ?? Math.max(monitor.interval_seconds * 1000, 60_000)
  const from = Math.min(young && firstAt !== undefined ? firstAt : windowFrom, to - shortest)

  const chart: ResponseChart = {
    x: [],
    avg: [],
    p95: [],
    stepMs,
    points: 0,
    range: [seconds(from), seconds(to)],
    outages: clipSpans(outages, from, to).map((s) => [seconds(s.from), seconds(s.to)]),
    maintenance: clipSpans(spansOf(stats.maintenance), from, to).map((s) => [seconds(s.from), seconds(s.to)]),
  }
  const push = (at: number, avg: number | null, p95: number | null) => {
    chart.x.push(seconds(at))
    chart.avg.push(avg)
    chart.p95.push(p95)
    if (avg !== null) chart.points++
  }

  if (each) {
    // Two checks further apart than the monitor's longest gap were not consecutive: it was paused, or stopped.
    const longestQuiet = maxGapMs(monitor)
    let last: number | null = null
    each.at.forEach((at, i) => {
      if (at < from) return
      const value = each.ok[i] ? (each.response_ms[i] ?? null) : null
      if (last !== null && at - last > longestQuiet) push((last + at) / 2, null, null)
      push(at, value, null)
      last = at
    })
    return chart
  }

  // Two checks an interval apart fall at most this far apart in steps.
  const step = stepMs as number
  const longestQuiet = monitor.interval_seconds * 1000 + step
  let last: number | null = null
  let failedSince = false
  for (const point of stats.series) {
    const at = Date.parse(point.t)
    if (at < from) continue
    if (point.avg_response_ms === null) {
      if (point.checks > 0) failedSince = true
      continue
    }
    if (last !== null) {
      const joined = !failedSince && at - last <= longestQuiet && !overlapsAny(outages, last + step, at)
      if (!joined) push(last + step, null, null)
    }
    push(at, point.avg_response_ms, point.p95_response_ms)
    last = at
    failedSince = false
  }
  return chart
}
