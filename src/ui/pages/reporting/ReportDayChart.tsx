import { useEffect, useMemo, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { ReportSlotNumbers } from '@vigil/domain/report'
import { type Axis, responseAxis, stepDecimals, uptimeAxis } from '@vigil/domain/report-chart'
import { reportDayLabel, reportHourLabel, reportMs, reportTime, reportUptime } from '@vigil/domain/report-format'
import { css } from '../../../../styled-system/css'
import { fitAxisSize } from '../chart-axis.ts'
import { formatDate } from '../monitors/format.ts'

const HEIGHT = 220

/** A step of a report's chart: a day (YYYY-MM-DD in the report's zone) or an hour (its start, ISO). */
export type ChartPoint = ReportSlotNumbers & ({ date: string } | { start: string })

/**
 * A step on the x axis. A day at its UTC midnight, labelled as UTC so it reads as the day whatever the viewer's zone;
 * an hour at its instant, labelled in the report's zone.
 */
const timeOf = (p: ChartPoint) => ('date' in p ? Date.parse(`${p.date}T00:00:00Z`) : Date.parse(p.start)) / 1000
const dateIn = (zone: string) => (ts: number) => uPlot.tzDate(new Date(ts * 1000), zone)

export type DayChartKind = 'uptime' | 'response'

/** A chart's own line (the uptime, the average response): navy, its points shown, a step without data a gap (never 100 %). */
const mainLine = (label: string, pointSize: number, value: (v: number | null) => string): uPlot.Series => ({
  label,
  stroke: '#1f3a68',
  width: 2,
  spanGaps: false,
  points: { show: true, size: pointSize },
  value: (_, v) => value(v ?? null),
})

/**
 * The y scale and axis from the domain's axis (report-chart.ts, as the PDF's): its floor under the lowest value and
 * the target, its gridlines on its ticks. The scale runs a little past the ticks, so a point on 100 % or on the top
 * tick is drawn whole, not cut by the edge of the plot.
 */
const yOf = (axis: Axis, label: (v: number) => string) => {
  const pad = (axis.max - axis.min) * 0.03
  return {
    scale: { range: (): uPlot.Range.MinMax => [axis.min === 0 ? axis.min - pad : axis.min, axis.max + pad] },
    axis: { splits: () => axis.ticks, values: (_: uPlot, ticks: number[]) => ticks.map(label), size: fitAxisSize },
  }
}

/** The y axis of a chart (domain/report-chart.ts, as the PDF's): uptime with the target inside it, or response time. */
export const yAxisOf = (kind: DayChartKind, points: readonly ChartPoint[], target: number | null): Axis =>
  kind === 'uptime'
    ? uptimeAxis(
        points.map((p) => p.uptime),
        target,
      )
    : responseAxis(points.flatMap((p) => [p.avg_response_ms, p.p95_response_ms]))

const optionsOf = (
  kind: DayChartKind,
  points: readonly ChartPoint[],
  axis: Axis,
  target: number | null,
  zone: string,
): Omit<uPlot.Options, 'width' | 'height'> => {
  const byHour = points.some((p) => 'start' in p)
  // The x axis and the legend in the page's words: "14:00" and "2 Dec" (where a day begins), or "2 Nov" by the day.
  const iso = (ts: number) => new Date(ts * 1000).toISOString()
  const tick = byHour ? (ts: number) => reportHourLabel(iso(ts), zone) : (ts: number) => reportDayLabel(iso(ts))
  const moment = byHour ? (ts: number) => reportTime(iso(ts), zone) : (ts: number) => formatDate(iso(ts).slice(0, 10))
  const x: uPlot.Series = { value: (_, ts) => (ts === null ? '–' : moment(ts)) }
  const xAxis: uPlot.Axis = { values: (_, splits) => splits.map(tick) }
  const common = { tzDate: dateIn(byHour ? zone : 'Etc/UTC'), cursor: { y: false }, legend: { live: true } }
  if (kind === 'uptime') {
    const y = yOf(axis, (t) => `${t.toFixed(stepDecimals(axis.step))} %`)
    return {
      ...common,
      series: [
        x,
        mainLine('Uptime', 5, reportUptime),
        ...(target === null
          ? []
          : [{ label: 'SLA target', stroke: '#b91c1c', width: 1, dash: [6, 4], value: () => `${target} %` }]),
      ],
      axes: [xAxis, y.axis],
      scales: { y: y.scale },
    }
  }
  const y = yOf(axis, (t) => `${t} ms`)
  return {
    ...common,
    series: [
      x,
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
    axes: [xAxis, y.axis],
    scales: { y: y.scale },
  }
}

const dataOf = (kind: DayChartKind, points: readonly ChartPoint[], target: number | null): uPlot.AlignedData => {
  const x = points.map(timeOf)
  if (kind === 'uptime') return [x, points.map((d) => d.uptime), ...(target === null ? [] : [points.map(() => target)])]
  return [x, points.map((d) => d.avg_response_ms), points.map((d) => d.p95_response_ms)]
}

/** One chart of a report's days or hours (uPlot, on a canvas; loaded with the report): uptime, or response time. */
export function ReportDayChart({
  kind,
  points,
  target,
  zone,
  label,
}: {
  kind: DayChartKind
  points: readonly ChartPoint[]
  /** The SLA target drawn across the uptime chart (the set's strictest), or null. */
  target: number | null
  /** The report's time zone, in which hours are labelled. */
  zone: string
  /** What the chart shows, in words, for those who cannot see it. */
  label: string
}) {
  const box = useRef<HTMLDivElement>(null)
  const axis = useMemo(() => yAxisOf(kind, points, target), [kind, points, target])

  useEffect(() => {
    const el = box.current
    if (!el) return
    const plot = new uPlot(
      { ...optionsOf(kind, points, axis, target, zone), width: Math.max(el.clientWidth, 200), height: HEIGHT },
      dataOf(kind, points, target),
      el,
    )
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height: HEIGHT }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [kind, points, axis, target, zone])

  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      // The axis drawn, for a browser test to hold the values to it.
      data-axis-min={axis.min}
      data-axis-max={axis.max}
      className={css({ w: 'full', minW: '0', minH: '56', overflow: 'hidden' })}
    />
  )
}
