import { type Box, COLOR, FONT, line, type Pdf, setFont, textWidth, truncate } from './pdf-kit.ts'

// The report's daily charts, drawn as vector paths so they stay sharp when printed or zoomed: one value per day of
// the period (1 to 400 days), a day without a value left as a gap in the line rather than drawn as zero.

export interface DailySeries {
  title: string
  /** YYYY-MM-DD, one per day. */
  dates: readonly string[]
  values: readonly (number | null)[]
  axis: Axis
}

export interface Axis {
  min: number
  max: number
  step: number
  label: (value: number) => string
}

/** The smallest step of 1, 2 or 5 times a power of ten that cuts the range in at most `ticks` parts. */
export const niceStep = (range: number, ticks = 5): number => {
  const raw = range / ticks
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw - 1e-12)
  return step ?? 10 * power
}

const decimals = (step: number) => Math.max(0, -Math.floor(Math.log10(step) + 1e-9))

const known = (values: readonly (number | null)[]) => values.filter((v): v is number => v !== null)

/** Uptime from the lowest day's whole percent (at least one percent below 100) up to 100 %. */
export const uptimeAxis = (values: readonly (number | null)[]): Axis => {
  const lowest = Math.min(99, Math.floor(Math.min(100, ...known(values))))
  const step = niceStep(100 - lowest)
  // A step under 1 (a range of a few percent) starts at the whole percent itself.
  const min = step < 1 ? lowest : Math.floor(lowest / step) * step
  return { min, max: 100, step, label: (v) => `${v.toFixed(decimals(step))} %` }
}

/** Response time from 0 to the slowest day rounded up to a step (to 100 ms without any). */
export const responseAxis = (values: readonly (number | null)[]): Axis => {
  const times = known(values)
  const highest = times.length === 0 ? 100 : Math.max(1, ...times)
  const step = Math.max(1, niceStep(highest))
  return { min: 0, max: Math.ceil(highest / step) * step, step, label: (v) => `${Math.round(v)} ms` }
}

const PAD = { left: 44, right: 8, top: 20, bottom: 16 } as const

/** Draws the series in the box: title, gridlines with their labels, some dates below, the line. */
export const drawDailyChart = (doc: Pdf, box: Box, series: DailySeries) => {
  const plot: Box = {
    x: box.x + PAD.left,
    y: box.y + PAD.top,
    width: box.width - PAD.left - PAD.right,
    height: box.height - PAD.top - PAD.bottom,
  }
  setFont(doc, FONT.bold, 10).fillColor(COLOR.text)
  line(doc, series.title, box.x, box.y)
  setFont(doc, FONT.regular, 7)
  drawGrid(doc, plot, series.axis)
  drawDates(doc, plot, series.dates)
  if (known(series.values).length === 0) {
    doc.fillColor(COLOR.muted)
    const text = 'No data for the period'
    line(doc, text, plot.x + (plot.width - textWidth(doc, text)) / 2, plot.y + plot.height / 2 - 4)
    return
  }
  drawLine(doc, plot, series)
}

const drawGrid = (doc: Pdf, plot: Box, axis: Axis) => {
  const bottom = plot.y + plot.height
  doc.lineWidth(0.5)
  // Counted in steps, not added up, so 99.2 does not drift to 99.19999.
  for (let k = 0; axis.min + k * axis.step <= axis.max + 1e-9; k++) {
    const value = axis.min + k * axis.step
    const y = bottom - ((value - axis.min) / (axis.max - axis.min)) * plot.height
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.width, y)
      .strokeColor(k === 0 ? COLOR.axis : COLOR.grid)
      .stroke()
    const label = axis.label(value)
    doc.fillColor(COLOR.muted)
    line(doc, label, plot.x - 4 - textWidth(doc, label), y - 2.5)
  }
}

/** Some of the dates under the axis, at most one per 64 points, the first day always. */
const drawDates = (doc: Pdf, plot: Box, dates: readonly string[]) => {
  if (dates.length === 0) return
  const slot = plot.width / dates.length
  const every = Math.ceil(dates.length / Math.max(1, Math.floor(plot.width / 64)))
  const bottom = plot.y + plot.height
  doc.lineWidth(0.5).strokeColor(COLOR.axis).fillColor(COLOR.muted)
  for (let i = 0; i < dates.length; i += every) {
    const x = plot.x + (i + 0.5) * slot
    doc
      .moveTo(x, bottom)
      .lineTo(x, bottom + 3)
      .stroke()
    const label = truncate(doc, dates[i] ?? '', 60)
    const width = textWidth(doc, label)
    const left = Math.min(Math.max(x - width / 2, plot.x - PAD.left / 2), plot.x + plot.width - width)
    line(doc, label, left, bottom + 5)
  }
}

/** The indexes of the days with a value, in runs between the days without: [1, 2, null, 3] gives [[0, 1], [3]]. */
export const lineRuns = (values: readonly (number | null)[]): number[][] => {
  const runs: number[][] = []
  let run: number[] = []
  values.forEach((v, i) => {
    if (v !== null) run.push(i)
    else if (run.length > 0) {
      runs.push(run)
      run = []
    }
  })
  if (run.length > 0) runs.push(run)
  return runs
}

/** The values as one path of runs between gaps; a day alone between gaps is a dot, as a line needs two. */
const drawLine = (doc: Pdf, plot: Box, { values, axis }: DailySeries) => {
  const slot = plot.width / values.length
  const bottom = plot.y + plot.height
  const x = (i: number) => plot.x + (i + 0.5) * slot
  const y = (i: number) => {
    const v = Math.min(axis.max, Math.max(axis.min, values[i] ?? axis.min))
    return bottom - ((v - axis.min) / (axis.max - axis.min)) * plot.height
  }
  const runs = lineRuns(values)
  const lines = runs.filter((r) => r.length > 1)
  doc.lineWidth(1.2).lineJoin('round').lineCap('round').strokeColor(COLOR.line).fillColor(COLOR.line)
  for (const [first = 0, ...rest] of lines) {
    doc.moveTo(x(first), y(first))
    for (const i of rest) doc.lineTo(x(i), y(i))
  }
  if (lines.length > 0) doc.stroke()
  for (const [i = 0] of runs.filter((r) => r.length === 1)) doc.circle(x(i), y(i), 1.6).fill()
}
