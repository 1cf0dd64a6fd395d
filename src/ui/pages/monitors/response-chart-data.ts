import type { MonitorStats } from '@vigil/domain/check-result'
import { clipSpans, overlapsAny, type Span } from '@vigil/domain/time-spans'
import { STATS_WINDOWS } from '@vigil/domain/uptime'
import { formatMs } from './format.ts'

// What the response-time chart draws, shaped from the stats answer (kept out of the component, so it is tested
// without a canvas). Times are in seconds, as uPlot's time scale counts them.
//
// The axis starts at the first check of the window when the monitor is younger than the window. A point is
// joined to the one before by a line unless something explains the time between them: a failure (a step with
// checks but no response time), an outage, or a silence longer than the monitor's interval (it was paused, or
// the checks stopped); then a null between them breaks the line.

export interface ResponseChart {
  x: number[]
  avg: (number | null)[]
  p95: (number | null)[]
  /** The x axis: the window, or from the first check of a monitor younger than it; to now. */
  range: [number, number]
  outages: [number, number][]
  maintenance: [number, number][]
}

const seconds = (ms: number) => ms / 1000
const spansOf = (spans: MonitorStats['outages']): Span[] =>
  spans.map((s) => ({ from: Date.parse(s.from), to: Date.parse(s.to) }))

export const responseChart = (
  stats: Pick<MonitorStats, 'window' | 'from' | 'to' | 'series' | 'outages' | 'maintenance'>,
  monitor: { created_at: string; interval_seconds: number },
): ResponseChart => {
  const { stepMs } = STATS_WINDOWS[stats.window]
  const windowFrom = Date.parse(stats.from)
  const to = Date.parse(stats.to)
  const outages = spansOf(stats.outages)
  const steps = stats.series.map((p) => ({ ...p, at: Date.parse(p.t) }))
  const firstChecked = steps.find((p) => p.checks > 0)
  const from = Date.parse(monitor.created_at) > windowFrom && firstChecked ? firstChecked.at : windowFrom
  // Two checks an interval apart fall at most this far apart in steps.
  const longestQuiet = monitor.interval_seconds * 1000 + stepMs

  const chart: ResponseChart = {
    x: [],
    avg: [],
    p95: [],
    range: [seconds(from), seconds(Math.max(to, from + stepMs))],
    outages: clipSpans(outages, from, to).map((s) => [seconds(s.from), seconds(s.to)]),
    maintenance: clipSpans(spansOf(stats.maintenance), from, to).map((s) => [seconds(s.from), seconds(s.to)]),
  }
  const push = (at: number, avg: number | null, p95: number | null) => {
    chart.x.push(seconds(at))
    chart.avg.push(avg)
    chart.p95.push(p95)
  }

  let last: (typeof steps)[number] | null = null
  let failedSince = false
  for (const step of steps) {
    if (step.at < from) continue
    if (step.avg_response_ms === null) {
      if (step.checks > 0) failedSince = true
      continue
    }
    if (last !== null) {
      const joined =
        !failedSince && step.at - last.at <= longestQuiet && !overlapsAny(outages, last.at + stepMs, step.at)
      if (!joined) push(last.at + stepMs, null, null)
    }
    push(step.at, step.avg_response_ms, step.p95_response_ms)
    last = step
    failedSince = false
  }
  return chart
}

/** The index nearest to `idx` whose value is not null (the earlier one on a tie); null when there is none. */
export const nearestPoint = (values: readonly (number | null | undefined)[], idx: number): number | null => {
  for (let d = 0; d < values.length; d++) {
    const before = values[idx - d]
    if (idx - d >= 0 && before !== null && before !== undefined) return idx - d
    const after = values[idx + d]
    if (idx + d < values.length && after !== null && after !== undefined) return idx + d
  }
  return null
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The chart's text alternative: its figures, and the outages and maintenance it marks. */
export const chartSummary = (
  stats: Pick<MonitorStats, 'avg_response_ms' | 'p95_response_ms' | 'outages' | 'maintenance'>,
  windowWords: string,
): string => {
  const marks = [
    stats.outages.length > 0 ? count(stats.outages.length, 'outage', 'outages') : null,
    stats.maintenance.length > 0 ? count(stats.maintenance.length, 'maintenance window', 'maintenance windows') : null,
  ].filter((m) => m !== null)
  return (
    `Response time over the ${windowWords}: average ${formatMs(stats.avg_response_ms)}, ` +
    `p95 ${formatMs(stats.p95_response_ms)}` +
    (marks.length > 0 ? `; marked: ${marks.join(', ')}` : '')
  )
}
