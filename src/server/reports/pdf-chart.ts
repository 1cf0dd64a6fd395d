import { type Axis, responseAxis, stepDecimals, uptimeAxis } from '@vigil/domain/report-chart'
import { type Box, COLOR, FONT, line, type Pdf, setFont, textWidth, truncate } from './pdf-kit.ts'

// The report's charts, drawn as vector paths so they stay sharp when printed or zoomed: one value per step of the
// period (an hour of a period of up to two days, else a day: 1 to 400 of them), a step without a value left as a gap
// in the line rather than drawn as zero. The axes are the page's (domain/report-chart.ts): no value is drawn past them.

export interface StepSeries {
  title: string
  /** What each step is called under the axis: a date, or an hour. */
  labels: readonly string[]
  values: readonly (number | null)[]
  axis: Axis
  /** A gridline's label. */
  label: (value: number) => string
}

const known = (values: readonly (number | null)[]) => values.filter((v): v is number => v !== null)

/** The uptime chart's axis (the SLA target drawn across it is kept inside) and its labels: "99.2 %". */
export const uptimeScale = (values: readonly (number | null)[], target: number | null) => {
  const axis = uptimeAxis(values, target)
  return { axis, label: (v: number) => `${v.toFixed(stepDecimals(axis.step))} %` }
}

/** The response-time chart's axis and labels: "250 ms". */
export const responseScale = (values: readonly (number | null)[]) => ({
  axis: responseAxis(values),
  label: (v: number) => `${Math.round(v)} ms`,
})

const PAD = { left: 44, right: 8, top: 20, bottom: 16 } as const

/** Draws the series in the box: title, gridlines with their labels, some steps named below, the line. */
export const drawStepChart = (doc: Pdf, box: Box, series: StepSeries) => {
  const plot: Box = {
    x: box.x + PAD.left,
    y: box.y + PAD.top,
    width: box.width - PAD.left - PAD.right,
    height: box.height - PAD.top - PAD.bottom,
  }
  setFont(doc, FONT.bold, 10).fillColor(COLOR.text)
  line(doc, series.title, box.x, box.y)
  setFont(doc, FONT.regular, 7)
  drawGrid(doc, plot, series.axis, series.label)
  drawLabels(doc, plot, series.labels)
  if (known(series.values).length === 0) {
    doc.fillColor(COLOR.muted)
    const text = 'No data for the period'
    line(doc, text, plot.x + (plot.width - textWidth(doc, text)) / 2, plot.y + plot.height / 2 - 4)
    return
  }
  drawLine(doc, plot, series)
}

const drawGrid = (doc: Pdf, plot: Box, axis: Axis, labelOf: (value: number) => string) => {
  const bottom = plot.y + plot.height
  doc.lineWidth(0.5)
  axis.ticks.forEach((value, k) => {
    const y = bottom - ((value - axis.min) / (axis.max - axis.min)) * plot.height
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.width, y)
      .strokeColor(k === 0 ? COLOR.axis : COLOR.grid)
      .stroke()
    const label = labelOf(value)
    doc.fillColor(COLOR.muted)
    line(doc, label, plot.x - 4 - textWidth(doc, label), y - 2.5)
  })
}

/** Some of the steps' names under the axis, at most one per 64 points, the first always. */
const drawLabels = (doc: Pdf, plot: Box, dates: readonly string[]) => {
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
const drawLine = (doc: Pdf, plot: Box, { values, axis }: StepSeries) => {
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
