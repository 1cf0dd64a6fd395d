import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { css } from '../../../../styled-system/css'
import type { StatsPoint } from '../../../domain/check-result.ts'

const HEIGHT = 240

const dataOf = (series: readonly StatsPoint[]): uPlot.AlignedData => [
  series.map((p) => Date.parse(p.t) / 1000),
  series.map((p) => p.avg_response_ms),
  series.map((p) => p.p95_response_ms),
]

/** Average and p95 response time over the window's series (uPlot, on a canvas; loaded with the detail page). */
export function ResponseTimeChart({ series, label }: { series: readonly StatsPoint[]; label: string }) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<uPlot | null>(null)

  useEffect(() => {
    const el = box.current
    if (!el) return
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 200),
        height: HEIGHT,
        series: [
          {},
          {
            label: 'Average',
            stroke: '#1f3a68',
            width: 2,
            points: { show: true, size: 4 },
            value: (_, v) => (v === null ? '–' : `${v} ms`),
          },
          { label: 'p95', stroke: '#b45309', width: 1, dash: [6, 4], value: (_, v) => (v === null ? '–' : `${v} ms`) },
        ],
        axes: [{}, { values: (_, ticks) => ticks.map((t) => `${t} ms`), size: 64 }],
        scales: { y: { range: (_, _min, max) => [0, Math.max(max ?? 0, 10) * 1.1] } },
        cursor: { y: false },
        legend: { live: true },
      },
      [[], [], []],
      el,
    )
    chart.current = plot
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height: HEIGHT }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    chart.current?.setData(dataOf(series))
  }, [series])

  return <div ref={box} role="img" aria-label={label} className={css({ w: 'full', minH: '60' })} />
}
