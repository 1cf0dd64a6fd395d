import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { ResponseChart } from '@vigil/domain/response-chart'
import { css } from '../../../../styled-system/css'
import { fitAxisSize } from '../chart-axis.ts'
import { formatDateTime, formatMs } from './format.ts'
import { nearestPoint } from './response-chart-data.ts'

const HEIGHT = 240
// The bands' colours; the key under the chart shows the same (Panda's red.200 and slate/blue hatching).
const OUTAGE_FILL = 'rgba(220, 38, 38, 0.16)'
const MAINTENANCE_FILL = 'rgba(37, 99, 235, 0.10)'
const MAINTENANCE_HATCH = 'rgba(37, 99, 235, 0.35)'

// Each check is a point of one line; steps have their average and their 95th percentile.
const eachCheck = (chart: ResponseChart) => chart.stepMs === null
const dataOf = (chart: ResponseChart): uPlot.AlignedData =>
  eachCheck(chart) ? [chart.x, chart.avg] : [chart.x, chart.avg, chart.p95]

/** The points with no neighbour to draw a line to: drawn as dots even where the line's dots are too dense to show. */
const lonePoints = (values: readonly (number | null | undefined)[]): number[] => {
  const has = (i: number) => values[i] !== null && values[i] !== undefined
  return values.flatMap((_, i) => (has(i) && !has(i - 1) && !has(i + 1) ? [i] : []))
}

/** Outages as red bands, maintenance as hatched blue ones, under the grid and the lines (a uPlot draw hook). */
const drawBands = (u: uPlot, chart: ResponseChart) => {
  const { ctx, bbox } = u
  const rect = ([from, to]: [number, number]) => {
    const x0 = Math.round(u.valToPos(from, 'x', true))
    const x1 = Math.round(u.valToPos(to, 'x', true))
    return { x: x0, w: Math.max(x1 - x0, 2) }
  }
  ctx.save()
  ctx.fillStyle = OUTAGE_FILL
  for (const span of chart.outages) {
    const { x, w } = rect(span)
    ctx.fillRect(x, bbox.top, w, bbox.height)
  }
  for (const span of chart.maintenance) {
    const { x, w } = rect(span)
    ctx.save()
    ctx.beginPath()
    ctx.rect(x, bbox.top, w, bbox.height)
    ctx.clip()
    ctx.fillStyle = MAINTENANCE_FILL
    ctx.fillRect(x, bbox.top, w, bbox.height)
    ctx.strokeStyle = MAINTENANCE_HATCH
    ctx.lineWidth = 1
    ctx.beginPath()
    const gap = 8 * devicePixelRatio
    for (let at = x - bbox.height; at < x + w; at += gap) {
      ctx.moveTo(at, bbox.top + bbox.height)
      ctx.lineTo(at + bbox.height, bbox.top)
    }
    ctx.stroke()
    ctx.restore()
  }
  ctx.restore()
}

/** The legend at the latest point with a value, where the cursor is not. */
const showLatest = (u: uPlot) => {
  const idx = nearestPoint(u.data[1] as (number | null)[], u.data[0].length - 1)
  if (idx !== null) u.setLegend({ idx })
}

const ms = (_: uPlot, v: number | null) => (v === null || v === undefined ? '–' : formatMs(v))

const seriesOf = (chart: ResponseChart): uPlot.Series[] => {
  const time: uPlot.Series = {
    value: (_, v) => (v === null || v === undefined ? '–' : formatDateTime(new Date(v * 1000).toISOString())),
  }
  if (eachCheck(chart))
    return [
      time,
      {
        label: 'Response time',
        stroke: '#1f3a68',
        width: 2,
        // A dot a check while there is room for them; a check alone between gaps always has its dot.
        points: {
          size: 5,
          space: 6,
          filter: (u, si, show) => (show ? null : lonePoints(u.data[si] as (number | null)[])),
        },
        value: ms,
      },
    ]
  return [
    time,
    { label: 'Average', stroke: '#1f3a68', width: 2, points: { show: true, size: 4 }, value: ms },
    { label: 'p95', stroke: '#b45309', width: 1, dash: [6, 4], value: ms },
  ]
}

/**
 * The response time over the window (uPlot, on a canvas; loaded with the detail page): each check, or each step's
 * average and p95 when the window has too many checks to draw. Outages and maintenance are shaded bands with a key;
 * the legend shows the values of the point nearest the pointer; the element's label is the text alternative. The
 * figure says how many points it draws (`data-points`) and what one stands for (`data-step`: `check`, or the step's
 * milliseconds), for the browser tests to count against the results.
 */
export function ResponseTimeChart({ chart, label }: { chart: ResponseChart; label: string }) {
  const box = useRef<HTMLDivElement>(null)
  const plot = useRef<uPlot | null>(null)
  // What the hooks and the x range read: the latest data, without building the chart again.
  const current = useRef(chart)
  current.current = chart
  const perCheck = eachCheck(chart)

  // Built again only when the points change kind (checks or steps), which changes its lines.
  // biome-ignore lint/correctness/useExhaustiveDependencies: perCheck is read through current
  useEffect(() => {
    const el = box.current
    if (!el) return
    // The pointer snaps to the nearest step with a response time, so the legend always has values to show.
    const snap = (u: uPlot, idx: number | null | undefined) =>
      idx === null || idx === undefined ? null : nearestPoint(u.data[1] as (number | null)[], idx)
    const made = new uPlot(
      {
        width: Math.max(el.clientWidth, 200),
        height: HEIGHT,
        series: seriesOf(current.current),
        axes: [{}, { values: (_, ticks) => ticks.map((t) => formatMs(t)), size: fitAxisSize }],
        scales: {
          x: { time: true, range: () => current.current.range },
          y: { range: (_, _min, max) => [0, Math.max(max ?? 0, 10) * 1.1] },
        },
        cursor: {
          y: false,
          dataIdx: (u, _seriesIdx, closestIdx) => snap(u, closestIdx) as number,
          move: (u, left, top) => {
            // Off the plot (the pointer left it): the cursor hides, rather than staying on the first point.
            if (left < 0) return [left, top]
            const idx = snap(u, u.posToIdx(left))
            const x = idx === null ? undefined : u.data[0][idx]
            return [x === undefined ? left : u.valToPos(x, 'x'), top]
          },
        },
        legend: { live: true },
        hooks: {
          drawClear: [(u) => drawBands(u, current.current)],
          // Without the pointer on it, the legend shows the latest point.
          ready: [showLatest],
          setData: [showLatest],
          setCursor: [(u) => u.cursor.idx == null && showLatest(u)],
        },
      },
      dataOf(current.current),
      el,
    )
    plot.current = made
    const resize = new ResizeObserver(() => made.setSize({ width: Math.max(el.clientWidth, 200), height: HEIGHT }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      made.destroy()
      plot.current = null
    }
  }, [perCheck])

  useEffect(() => {
    plot.current?.setData(dataOf(chart))
  }, [chart])

  const keyed = chart.outages.length > 0 || chart.maintenance.length > 0
  return (
    <figure className={css({ m: '0' })} data-points={chart.points} data-step={chart.stepMs ?? 'check'}>
      <div ref={box} role="img" aria-label={label} className={css({ w: 'full', minH: '60' })} />
      {keyed && (
        <figcaption
          aria-hidden="true"
          className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'xs', color: 'muted', mt: '1' })}
        >
          {chart.outages.length > 0 && (
            <span className={keyItem}>
              <span className={`${swatch} ${css({ bg: 'red.200' })}`} /> Outage
            </span>
          )}
          {chart.maintenance.length > 0 && (
            <span className={keyItem}>
              <span className={`${swatch} ${hatched}`} /> Maintenance
            </span>
          )}
        </figcaption>
      )}
    </figure>
  )
}

const keyItem = css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })
const swatch = css({
  display: 'inline-block',
  w: '4',
  h: '3',
  rounded: 'xs',
  borderWidth: '1px',
  borderColor: 'gray.300',
})
const hatched = css({
  bg: 'blue.50',
  bgImage: 'repeating-linear-gradient(135deg, transparent 0 3px, rgba(37, 99, 235, 0.45) 3px 4px)',
})
