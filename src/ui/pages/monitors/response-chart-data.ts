import type { MonitorStats } from '@vigil/domain/check-result'
import { formatMs } from './format.ts'

// What the response-time chart's view needs besides its data (which domain/response-chart.ts shapes): the point its
// pointer snaps to, and its text alternative.

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
