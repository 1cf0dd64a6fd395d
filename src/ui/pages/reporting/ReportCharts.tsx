import { reportHourLabel, reportMs, reportUptime } from '@vigil/domain/report-format'
import type { ReportDay, ReportHour } from '@vigil/domain/report-view'
import { lazy, Suspense } from 'react'
import { css } from '../../../../styled-system/css'
import * as Card from '../../components/card.tsx'
import { formatDate } from '../monitors/format.ts'
import type { ChartPoint } from './ReportDayChart.tsx'

// uPlot loads with the charts, not with the page's first load.
const ReportDayChart = lazy(() => import('./ReportDayChart.tsx').then((m) => ({ default: m.ReportDayChart })))

/** The steps of a report's charts: its hours for a period of up to two days (the server gives them), else its days. */
export interface ChartSteps {
  step: 'hour' | 'day'
  points: readonly ChartPoint[]
  /** What a step is called in words: "10 Nov 2026", or "14:00" (in the report's zone). */
  name: (point: ChartPoint) => string
}

export const chartSteps = (days: readonly ReportDay[], hours: readonly ReportHour[], zone: string): ChartSteps =>
  hours.length > 0
    ? { step: 'hour', points: hours, name: (p) => ('start' in p ? hourName(p.start, zone) : '') }
    : { step: 'day', points: days, name: (p) => ('date' in p ? formatDate(p.date) : '') }

/** "14:00" for an hour; at midnight the day with it, "10 Nov 00:00", since a bare "10 Nov" would read as the day. */
const hourName = (start: string, zone: string) => {
  const label = reportHourLabel(start, zone)
  return label.includes(':') ? label : `${label} 00:00`
}

const over = ({ step, points }: ChartSteps) =>
  `${points.length} ${step === 'hour' ? 'hour' : 'day'}${points.length === 1 ? '' : 's'}`
const at = (steps: ChartSteps, p: ChartPoint) => `${steps.step === 'hour' ? 'at' : 'on'} ${steps.name(p)}`

/** The uptime chart in words: its lowest step, and the steps without data. */
export const uptimeSummary = (steps: ChartSteps): string => {
  const per = `Uptime by ${steps.step} over ${over(steps)}`
  const known = steps.points.filter((d): d is ChartPoint & { uptime: number } => d.uptime !== null)
  const missing = steps.points.length - known.length
  const gaps = missing === 0 ? '' : `; ${missing} ${steps.step}${missing === 1 ? '' : 's'} without data`
  if (known.length === 0) return `${per}: no data.`
  const lowest = known.reduce((a, d) => (d.uptime < a.uptime ? d : a))
  return `${per}: lowest ${reportUptime(lowest.uptime)} ${at(steps, lowest)}${gaps}.`
}

/** The response-time chart in words: the slowest step by p95 (or by average when no p95 is known). */
export const responseSummary = (steps: ChartSteps): string => {
  const per = `Response time by ${steps.step} over ${over(steps)}`
  const slow = (d: ChartPoint) => d.p95_response_ms ?? d.avg_response_ms
  const known = steps.points.filter((d) => slow(d) !== null)
  if (known.length === 0) return `${per}: no response times.`
  const slowest = known.reduce((a, d) => ((slow(d) ?? 0) > (slow(a) ?? 0) ? d : a))
  const which = slowest.p95_response_ms === null ? 'average' : 'p95'
  return `${per}: slowest ${which} ${reportMs(slow(slowest))} ${at(steps, slowest)}.`
}

/** The two charts, each with its caption and its words (the SLA target is drawn on the uptime chart only). */
const CHARTS = [
  { kind: 'uptime', title: 'Uptime', words: uptimeSummary },
  { kind: 'response', title: 'Response time', words: responseSummary },
] as const

const figure = css({ m: '0', display: 'grid', gap: '2', minW: '0' })
const caption = css({ fontWeight: 'semibold' })
const summary = css({ fontSize: 'sm', color: 'muted' })

/**
 * The report's hours or days: uptime (steps without data as gaps, the target across) and response time, each with
 * its words.
 */
export function ReportCharts({
  days,
  hours,
  target,
  zone,
}: {
  days: readonly ReportDay[]
  hours: readonly ReportHour[]
  target: number | null
  zone: string
}) {
  const steps = chartSteps(days, hours, zone)
  return (
    <div
      className={css({
        display: 'grid',
        gap: '4',
        gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      })}
    >
      {CHARTS.map(({ kind, title, words }) => {
        const label = words(steps)
        return (
          <Card.Root key={kind} as="figure" className={figure} aria-labelledby={`${kind}-chart-title`}>
            <figcaption id={`${kind}-chart-title`} className={caption}>
              {`${title} by ${steps.step}`}
            </figcaption>
            <Suspense fallback={<p className={summary}>Loading the chart...</p>}>
              <ReportDayChart
                kind={kind}
                points={steps.points}
                target={kind === 'uptime' ? target : null}
                zone={zone}
                label={label}
              />
            </Suspense>
            <p className={summary}>{label}</p>
          </Card.Root>
        )
      })}
    </div>
  )
}
