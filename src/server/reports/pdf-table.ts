import type { ReportNumbers } from '@vigil/domain/report'
import { formatReportNumbers } from '@vigil/domain/report-format'
import { REPORT_COLUMNS, type Report } from '@vigil/domain/report-view'
import type { Weight } from './pdf-fonts.ts'
import { BODY, COLOR, FONT, line, type Pdf, rule, setFont, textWidth, truncate } from './pdf-kit.ts'

// The report's table: one row per monitor with the columns of the page and the CSV, written as the page writes
// them, a totals row at the end, and the header again at the top of each page. Seventeen numbers and a name fit
// across A4 landscape at 7 pt: each number column is as wide as its longest value, the name takes what is left.

const SIZE = 7
const ROW = 11
const HEADER = 20
const PAD = 2.5
/** Narrower than this, the name column takes room from the numbers instead, and long numbers get an ellipsis. */
const MIN_NAME = 110
const MAX_TYPE = 56

interface Row {
  texts: string[]
  /** Each text's width in the row's font, measured once. */
  widths: number[]
  red: boolean[]
}

interface Column {
  label: string
  x: number
  width: number
  right: boolean
}

/**
 * The header without the CSV's units, as the PDF's values carry their own ("2 h 5 min", "99.9 %"); the four
 * response times under one "Response time" over their columns, to leave the room to the names.
 */
const LABELS = [
  'Monitor',
  'Type',
  ...REPORT_COLUMNS.map(([, label]) => label.replace(/ \((%|s|ms)\)$/, '').replace(/^Response /, '')),
]
const GROUP = { label: 'Response time', first: 2 + REPORT_COLUMNS.findIndex(([key]) => key === 'response_avg_ms') }

/** An overspent error budget and a breached target are what a reader looks for first. */
const alarming = (key: keyof ReportNumbers, n: ReportNumbers) =>
  (key === 'sla' && n.sla === 'breached') || (key === 'error_budget_left_ms' && (n.error_budget_left_ms ?? 0) < 0)

/** A monitor's row, or the set's (`set`: its time without data as a share, as the page writes it). */
const row = (doc: Pdf, name: string, type: string, n: ReportNumbers, set = false): Row => {
  const formatted = formatReportNumbers(n, { set })
  const texts = [name, type, ...REPORT_COLUMNS.map(([key]) => formatted[key])]
  return {
    texts,
    widths: texts.map((t) => textWidth(doc, t)),
    red: [false, false, ...REPORT_COLUMNS.map(([key]) => alarming(key, n))],
  }
}

/** The header's label in at most two lines, split between words. */
const headerLines = (doc: Pdf, label: string, width: number): string[] => {
  const words = label.split(' ')
  let first = words[0] ?? ''
  let i = 1
  for (; i < words.length && textWidth(doc, `${first} ${words[i]}`) <= width; i++) first = `${first} ${words[i]}`
  const rest = words.slice(i).join(' ')
  return rest ? [truncate(doc, first, width), truncate(doc, rest, width)] : [truncate(doc, first, width)]
}

/** Each number column as wide as its widest value or header word; the name gets the rest of the page. */
const layout = (doc: Pdf, rows: readonly Row[]): Column[] => {
  setFont(doc, FONT.bold, SIZE)
  const widest = LABELS.map((label) => Math.max(...label.split(' ').map((w) => textWidth(doc, w))))
  for (const r of rows)
    r.widths.forEach((w, i) => {
      widest[i] = Math.max(widest[i] ?? 0, w)
    })
  const widths = widest.map((w) => Math.ceil(w) + 2 * PAD)
  widths[1] = Math.min(widths[1] ?? 0, MAX_TYPE)
  const numbers = widths.slice(2).reduce((a, b) => a + b, 0)
  const room = BODY.width - (widths[1] ?? 0)
  if (room - numbers >= MIN_NAME) widths[0] = room - numbers
  else {
    // Too wide for the page (huge values): numbers shrink alike, and the ones that no longer fit are cut.
    widths[0] = MIN_NAME
    const scale = (room - MIN_NAME) / numbers
    for (let i = 2; i < widths.length; i++) widths[i] = (widths[i] ?? 0) * scale
  }
  let x = BODY.x
  return LABELS.map((label, i) => {
    const width = widths[i] ?? 0
    const column = { label, x, width, right: i >= 2 }
    x += width
    return column
  })
}

const drawHeader = (doc: Pdf, columns: readonly Column[], y: number): number => {
  setFont(doc, FONT.bold, SIZE).fillColor(COLOR.text)
  // Labels sit on the bottom line, a second line above when they need one.
  const lineTop = (k: number) => y + HEADER - 3 - k * 8
  for (const c of columns) {
    const lines = headerLines(doc, c.label, c.width - 2 * PAD)
    lines.forEach((text, k) => {
      const x = c.right ? c.x + c.width - PAD - textWidth(doc, text) : c.x + PAD
      line(doc, text, x, lineTop(lines.length - k))
    })
  }
  drawGroup(doc, columns.slice(GROUP.first, GROUP.first + 4), lineTop(2))
  rule(doc, y + HEADER, COLOR.axis)
  return y + HEADER
}

/** The group's label centred over its columns, cut by a rule from their own labels. */
const drawGroup = (doc: Pdf, columns: readonly Column[], top: number) => {
  const first = columns[0]
  const last = columns.at(-1)
  if (!first || !last) return
  const [left, right] = [first.x + PAD, last.x + last.width - PAD]
  const label = truncate(doc, GROUP.label, right - left)
  line(doc, label, (left + right - textWidth(doc, label)) / 2, top)
  doc
    .moveTo(left, top + 8)
    .lineTo(right, top + 8)
    .lineWidth(0.5)
    .strokeColor(COLOR.axis)
    .stroke()
}

const drawRow = (doc: Pdf, columns: readonly Column[], r: Row, y: number, shaded: boolean) => {
  if (shaded) doc.rect(BODY.x, y, BODY.width, ROW).fill(COLOR.zebra)
  let color: string = COLOR.text
  doc.fillColor(color)
  columns.forEach((c, i) => {
    const room = c.width - 2 * PAD
    const fits = (r.widths[i] ?? 0) <= room
    const text = fits ? (r.texts[i] ?? '') : truncate(doc, r.texts[i] ?? '', room)
    const width = fits ? (r.widths[i] ?? 0) : textWidth(doc, text)
    const wanted = r.red[i] ? COLOR.red : COLOR.text
    if (wanted !== color) {
      color = wanted
      doc.fillColor(color)
    }
    line(doc, text, c.right ? c.x + c.width - PAD - width : c.x + PAD, y + 2.2)
  })
}

/** Draws the table from `top` of the current page on, adding pages as it needs. */
export const drawReportTable = (doc: Pdf, report: Report, top: number) => {
  setFont(doc, FONT.regular, SIZE)
  const rows = report.monitors.map((m) => row(doc, m.name, m.type, m))
  setFont(doc, FONT.bold)
  const total = report.totals ? row(doc, 'Total', '', report.totals, true) : null
  const columns = layout(doc, total ? [...rows, total] : rows)
  const bottom = BODY.y + BODY.height
  let y = drawHeader(doc, columns, top)
  /** Room for a row of that height and font, on a new page under the header if this one is full. */
  const room = (height: number, font: Weight) => {
    if (y + height > bottom) {
      doc.addPage()
      y = drawHeader(doc, columns, BODY.y)
    }
    setFont(doc, font)
  }
  room(ROW, FONT.regular)
  rows.forEach((r, i) => {
    if (y + ROW > bottom) room(ROW, FONT.regular)
    drawRow(doc, columns, r, y, i % 2 === 1)
    y += ROW
  })
  if (!total) return
  room(ROW + 2, FONT.bold)
  rule(doc, y, COLOR.axis)
  drawRow(doc, columns, total, y + 1, false)
}
