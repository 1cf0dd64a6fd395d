import type { ReportNumbers } from '@vigil/domain/report'
import { formatReportNumbers, reportHourLabel, reportMoment, reportPeriod } from '@vigil/domain/report-format'
import type { Report } from '@vigil/domain/report-view'
import PDFDocument from 'pdfkit'
import { drawStepChart, responseScale, uptimeScale } from './pdf-chart.ts'
import type { Weight } from './pdf-fonts.ts'
import { BODY, COLOR, FONT, line, PAGE, type Pdf, rule, setFont, textWidth, truncate } from './pdf-kit.ts'
import { drawReportTable } from './pdf-table.ts'

// The report as a PDF (issue 18): a title page with the period, the set and its totals, the daily charts, the table
// of monitors, and page numbers. Every number is written by the domain's formatters, as the page writes it; the file
// depends only on the report, so the same report gives the same bytes (its date and id come from generated_at).

/** The report's PDF. */
export const renderReportPdf = (report: Report): Promise<Buffer> => {
  const doc: Pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    bufferPages: true,
    displayTitle: true,
    info: {
      Title: `Uptime report – ${report.title}`,
      Subject: reportPeriod(report.covered_from, report.covered_to, report.time_zone),
      Author: 'Vigil',
      Creator: 'Vigil',
      Producer: 'Vigil',
      // pdfkit would take the time of rendering, and derives the file's /ID from this info.
      CreationDate: new Date(report.generated_at),
    },
  })
  const bytes = collect(doc)
  drawTitlePage(doc, report)
  if (report.totals) {
    doc.addPage()
    drawCharts(doc, report)
    doc.addPage()
    setFont(doc, FONT.bold, 12).fillColor(COLOR.text)
    line(doc, 'Monitors', BODY.x, BODY.y)
    drawReportTable(doc, report, BODY.y + 18)
  }
  drawFooters(doc, report)
  doc.end()
  return bytes
}

const collect = (doc: Pdf): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

/** Why the period covered is not the one asked, or null when it is. */
export const periodNote = (report: Report): string | null => {
  const [from, to, coveredFrom, coveredTo, at] = [
    report.from,
    report.to,
    report.covered_from,
    report.covered_to,
    report.generated_at,
  ].map(Date.parse) as [number, number, number, number, number]
  if (from === coveredFrom && to === coveredTo) return null
  const endsNow = to > coveredTo && to > at
  const edges = from !== coveredFrom || (to !== coveredTo && !endsNow)
  const why = [endsNow && 'it ends at the time of the report', edges && 'its edges follow the rollups still kept']
    .filter(Boolean)
    .join(', and ')
  return `Period asked: ${reportPeriod(report.from, report.to, report.time_zone)}. The numbers cover the period above: ${why}.`
}

/** The one-line texts of the title page, top to bottom: [text, font, size, color, space after]. */
const titleLines = (report: Report): [string, Weight, number, string, number][] => {
  const note = periodNote(report)
  return [
    ['Vigil', FONT.bold, 13, COLOR.line, 10],
    ['Uptime report', FONT.bold, 26, COLOR.text, 8],
    [report.title, FONT.regular, 16, COLOR.text, 6],
    [reportPeriod(report.covered_from, report.covered_to, report.time_zone), FONT.regular, 12, COLOR.text, 4],
    ...(note ? [[note, FONT.regular, 8.5, COLOR.muted, 4] as [string, Weight, number, string, number]] : []),
    [`Generated ${reportMoment(report.generated_at, report.time_zone)}`, FONT.regular, 9, COLOR.muted, 0],
  ]
}

const drawTitlePage = (doc: Pdf, report: Report) => {
  let y = BODY.y
  for (const [text, font, size, color, after] of titleLines(report)) {
    setFont(doc, font, size).fillColor(color)
    line(doc, truncate(doc, text, BODY.width), BODY.x, y)
    y += size * 1.2 + after
  }
  y += 18
  rule(doc, y, COLOR.grid)
  y += 18
  setFont(doc, FONT.bold, 12).fillColor(COLOR.text)
  if (!report.totals) {
    line(doc, 'This set has no monitors.', BODY.x, y)
    return
  }
  const count = report.monitors.length
  line(doc, `Totals of ${count} monitor${count === 1 ? '' : 's'}`, BODY.x, y)
  drawTotals(doc, report.totals, y + 26)
}

/** The totals as the page shows them: a label over each value, five to a row. */
const drawTotals = (doc: Pdf, totals: ReportNumbers, top: number) => {
  const f = formatReportNumbers(totals, { set: true })
  const cells: [string, string, string?][] = [
    ['Uptime', f.uptime],
    ['SLA target', f.sla_target],
    ['SLA', f.sla, totals.sla === 'breached' ? COLOR.red : totals.sla === 'met' ? COLOR.green : undefined],
    ['Error budget left', f.error_budget_left_ms, (totals.error_budget_left_ms ?? 0) < 0 ? COLOR.red : undefined],
    ['Downtime', f.downtime_ms],
    ['Incidents', f.incidents],
    ['Longest incident', f.longest_incident_ms],
    ['MTTR', f.mttr_ms],
    ['MTBF', f.mtbf_ms],
    ['Response avg', f.response_avg_ms],
    ['Response p95', f.response_p95_ms],
    ['Checks', f.checks],
    ['Failures', f.failures],
    ['Maintenance', f.maintenance_ms],
    ['No data (share of time)', f.no_data_ms],
  ]
  const width = BODY.width / 5
  cells.forEach(([label, value, color], i) => {
    const x = BODY.x + (i % 5) * width
    const y = top + Math.floor(i / 5) * 48
    setFont(doc, FONT.regular, 8.5).fillColor(COLOR.muted)
    line(doc, label, x, y)
    setFont(doc, FONT.bold, 15).fillColor(color ?? COLOR.text)
    line(doc, truncate(doc, value, width - 8), x, y + 13)
  })
}

/** The uptime and response time by the hour (a period of up to two days) or by the day, as the page charts them. */
const drawCharts = (doc: Pdf, report: Report) => {
  const byHour = report.hours.length > 0
  const steps = byHour ? report.hours : report.days
  const labels = byHour
    ? report.hours.map((h) => reportHourLabel(h.start, report.time_zone))
    : report.days.map((d) => d.date)
  const uptime = steps.map((d) => d.uptime)
  const response = steps.map((d) => d.avg_response_ms)
  const per = byHour ? 'hour' : 'day'
  const height = (BODY.height - 24) / 2
  drawStepChart(
    doc,
    { ...BODY, height },
    { title: `Uptime by ${per} (%)`, labels, values: uptime, ...uptimeScale(uptime, null) },
  )
  drawStepChart(
    doc,
    { ...BODY, y: BODY.y + height + 24, height },
    { title: `Average response time by ${per} (ms)`, labels, values: response, ...responseScale(response) },
  )
}

/**
 * "Page N of M" and the report's name at the foot of every page, once all pages exist. The footer is in the bottom
 * margin, where pdfkit would start a new page for text: the margins are lifted while it is written.
 */
const drawFooters = (doc: Pdf, report: Report) => {
  const { start, count } = doc.bufferedPageRange()
  const left = `Uptime report – ${report.title}`
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i)
    const margins = doc.page.margins
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 }
    const y = PAGE.height - PAGE.margin + 10
    setFont(doc, FONT.regular, 7.5).fillColor(COLOR.muted)
    const page = `Page ${i - start + 1} of ${count}`
    const pageWidth = textWidth(doc, page)
    line(doc, truncate(doc, left, BODY.width - pageWidth - 24), BODY.x, y)
    line(doc, page, BODY.x + BODY.width - pageWidth, y)
    doc.page.margins = margins
  }
}
