import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { reportMs, reportUptime } from '@vigil/domain/report-format'
import type { ReportDay } from '@vigil/domain/report-view'
import { css } from '../../../../styled-system/css'

const HEIGHT = 220

/** A day of the report (YYYY-MM-DD in its zone) on the x axis: its UTC midnight, labelled as UTC so it reads as the day. */
const dayTime = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000
const asUtc = (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC')

export type DayChartKind = 'uptime' | 'response'

/** A chart's own line (the uptime, the average response): navy, its points shown, a day without data a gap (never 100 %). */
const mainLine = (label: string, pointSize: number, value: (v: number | null) => string): uPlot.Series => ({
  label,
  stroke: '#1f3a68',
  width: 2,
  spanGaps: false,
  points: { show: true, size: pointSize },
  value: (_, v) => value(v ?? null),
})

const optionsOf = (kind: DayChartKind, target: number | null): Omit<uPlot.Options, 'width' | 'height'> => {
  const common = { tzDate: asUtc, cursor: { y: false }, legend: { live: true } }
  if (kind === 'uptime')
    return {
      ...common,
      series: [
        {},
        mainLine('Uptime', 5, reportUptime),
        ...(target === null
          ? []
          : [{ label: 'SLA target', stroke: '#b91c1c', width: 1, dash: [6, 4], value: () => `${target} %` }]),
      ],
      axes: [{}, { values: (_, ticks) => ticks.map((t) => `${t} %`), size: 64 }],
      scales: { y: { range: (_, min) => [Math.max(0, Math.min(min ?? 100, target ?? 100) - 0.5), 100] } },
    }
  return {
    ...common,
    series: [
      {},
      mainLine('Average', 4, reportMs),
      {
        label: 'p95',
        stroke: '#b45309',
        width: 1,
        dash: [6, 4],
        spanGaps: false,
        value: (_, v) => reportMs(v ?? null),
      },
    ],
    axes: [{}, { values: (_, ticks) => ticks.map((t) => `${t} ms`), size: 64 }],
    scales: { y: { range: (_, _min, max) => [0, Math.max(max ?? 0, 10) * 1.1] } },
  }
}

const dataOf = (kind: DayChartKind, days: readonly ReportDay[], target: number | null): uPlot.AlignedData => {
  const x = days.map((d) => dayTime(d.date))
  if (kind === 'uptime') return [x, days.map((d) => d.uptime), ...(target === null ? [] : [days.map(() => target)])]
  return [x, days.map((d) => d.avg_response_ms), days.map((d) => d.p95_response_ms)]
}

/** One chart of a report's days (uPlot, on a canvas; loaded with the report): uptime, or response time. */
export function ReportDayChart({
  kind,
  days,
  target,
  label,
}: {
  kind: DayChartKind
  days: readonly ReportDay[]
  /** The SLA target drawn across the uptime chart (the set's strictest), or null. */
  target: number | null
  /** What the chart shows, in words, for those who cannot see it. */
  label: string
}) {
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const el = box.current
    if (!el) return
    const plot = new uPlot(
      { ...optionsOf(kind, target), width: Math.max(el.clientWidth, 200), height: HEIGHT },
      dataOf(kind, days, target),
      el,
    )
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height: HEIGHT }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [kind, days, target])

  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      className={css({ w: 'full', minW: '0', minH: '56', overflow: 'hidden' })}
    />
  )
}
