import { reportMs, reportUptime } from '@vigil/domain/report-format'
import type { ReportDay } from '@vigil/domain/report-view'
import { lazy, Suspense } from 'react'
import { css } from '../../../../styled-system/css'
import * as Card from '../../components/card.tsx'
import { formatDate } from '../monitors/format.ts'

// uPlot loads with the charts, not with the page's first load.
const ReportDayChart = lazy(() => import('./ReportDayChart.tsx').then((m) => ({ default: m.ReportDayChart })))

/** The uptime chart in words: its lowest day, and the days without data. */
export const uptimeSummary = (days: readonly ReportDay[]): string => {
  const known = days.filter((d): d is ReportDay & { uptime: number } => d.uptime !== null)
  const missing = days.length - known.length
  const gaps = missing === 0 ? '' : `; ${missing} day${missing === 1 ? '' : 's'} without data`
  if (known.length === 0) return `Uptime by day over ${days.length} days: no data.`
  const lowest = known.reduce((a, d) => (d.uptime < a.uptime ? d : a))
  return `Uptime by day over ${days.length} days: lowest ${reportUptime(lowest.uptime)} on ${formatDate(lowest.date)}${gaps}.`
}

/** The response-time chart in words: the slowest day by p95 (or by average when no p95 is known). */
export const responseSummary = (days: readonly ReportDay[]): string => {
  const slow = (d: ReportDay) => d.p95_response_ms ?? d.avg_response_ms
  const known = days.filter((d) => slow(d) !== null)
  if (known.length === 0) return `Response time by day over ${days.length} days: no response times.`
  const slowest = known.reduce((a, d) => ((slow(d) ?? 0) > (slow(a) ?? 0) ? d : a))
  const which = slowest.p95_response_ms === null ? 'average' : 'p95'
  return `Response time by day over ${days.length} days: slowest ${which} ${reportMs(slow(slowest))} on ${formatDate(slowest.date)}.`
}

/** The two charts, each with its caption and its words (the SLA target is drawn on the uptime chart only). */
const CHARTS = [
  { kind: 'uptime', title: 'Uptime by day', words: uptimeSummary },
  { kind: 'response', title: 'Response time by day', words: responseSummary },
] as const

const figure = css({ m: '0', display: 'grid', gap: '2', minW: '0' })
const caption = css({ fontWeight: 'semibold' })
const summary = css({ fontSize: 'sm', color: 'muted' })

/** The report's days: uptime (days without data as gaps, the target across) and response time, each with its words. */
export function ReportCharts({ days, target }: { days: readonly ReportDay[]; target: number | null }) {
  return (
    <div
      className={css({
        display: 'grid',
        gap: '4',
        gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      })}
    >
      {CHARTS.map(({ kind, title, words }) => {
        const label = words(days)
        return (
          <Card.Root key={kind} as="figure" className={figure} aria-labelledby={`${kind}-chart-title`}>
            <figcaption id={`${kind}-chart-title`} className={caption}>
              {title}
            </figcaption>
            <Suspense fallback={<p className={summary}>Loading the chart...</p>}>
              <ReportDayChart kind={kind} days={days} target={kind === 'uptime' ? target : null} label={label} />
            </Suspense>
            <p className={summary}>{label}</p>
          </Card.Root>
        )
      })}
    </div>
  )
}
