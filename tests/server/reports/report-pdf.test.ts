import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { ReportNumbers } from '../../../src/domain/report.ts'
import { formatReportNumbers, reportPeriod } from '../../../src/domain/report-format.ts'
import { REPORT_COLUMNS, type Report, type ReportDay, type ReportMonitor } from '../../../src/domain/report-view.ts'
import { lineRuns, uptimeAxis } from '../../../src/server/reports/pdf-chart.ts'
import { pdfSafe } from '../../../src/server/reports/pdf-kit.ts'
import { renderReportPdf } from '../../../src/server/reports/report-pdf.ts'
import { pdfText } from '../../support/pdf-text.ts'

// The report's PDF read back as text: it must say what the page says, number for number, on as many pages as it
// takes, and be the same file each time for the same report.

const numbers = (over: Partial<ReportNumbers> = {}): ReportNumbers => ({
  uptime: 99.95,
  sla_target: 99.9,
  sla_met: true,
  error_budget_ms: 2_678_400,
  error_budget_left_ms: 1_338_400,
  downtime_ms: 1_340_000,
  incidents: 2,
  longest_incident_ms: 900_000,
  mttr_ms: 670_000,
  mtbf_ms: 1_338_660_000,
  response_avg_ms: 182,
  response_p50_ms: 150,
  response_p95_ms: 480,
  response_p99_ms: 12_400,
  checks: 44_640,
  failures: 23,
  maintenance_ms: 7_200_000,
  no_data_ms: 0,
  ...over,
})

const monitor = (i: number, name: string, over: Partial<ReportNumbers> = {}): ReportMonitor => ({
  ...numbers(over),
  id: `m${i}`,
  name,
  type: 'web',
  path: `/services/m${i}`,
})

const days = (count: number): ReportDay[] =>
  Array.from({ length: count }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 1 + i)).toISOString().slice(0, 10),
    // Days 5, 6 and 20 without data: gaps in the chart.
    uptime: [5, 6, 20].includes(i) ? null : 99 + (i % 10) / 10,
    downtime_ms: 0,
    avg_response_ms: [5, 6].includes(i) ? null : 150 + i,
    p95_response_ms: null,
    checks: 1440,
    failures: 0,
  }))

const monitors = [
  monitor(1, '=HYPERLINK("x") Shop checkout'),
  monitor(2, 'API 東京 🚀', {
    uptime: 98.123,
    sla_met: false,
    error_budget_left_ms: -3_600_000,
    downtime_ms: 51_000_000,
    incidents: 7,
  }),
  monitor(3, 'Paused probe', {
    uptime: null,
    sla_met: null,
    error_budget_ms: null,
    error_budget_left_ms: null,
    downtime_ms: 0,
    incidents: 0,
    longest_incident_ms: null,
    mttr_ms: null,
    mtbf_ms: null,
    response_avg_ms: null,
    response_p50_ms: null,
    response_p95_ms: null,
    response_p99_ms: null,
    checks: 0,
    failures: 0,
    no_data_ms: 2_678_400_000,
  }),
]

const report: Report = {
  title: '3 monitors',
  selection: { kind: 'monitors', monitor_ids: ['m1', 'm2', 'm3'] },
  time_zone: 'Europe/Paris',
  from: '2026-09-30T22:00:00.000Z',
  to: '2026-10-31T23:00:00.000Z',
  covered_from: '2026-09-30T22:00:00.000Z',
  covered_to: '2026-10-31T23:00:00.000Z',
  generated_at: '2026-11-02T08:15:00.000Z',
  monitors,
  totals: numbers({ uptime: 99.357, sla_met: false, error_budget_left_ms: -1_234_000, checks: 1_339_200 }),
  days: days(31),
}

/** A value as the PDF writes it: the standard fonts have no minus sign. */
const written = (text: string) => text.replace('−', '-')

/** The cells of a table row in the order they are drawn, as the extracted text lists them. */
const rowText = (name: string, type: string, n: ReportNumbers) => {
  const f = formatReportNumbers(n)
  return [name, type, ...REPORT_COLUMNS.map(([key]) => f[key])]
    .filter((cell) => cell !== '')
    .map(written)
    .join('\n')
}

const many = (count: number): Report => ({
  ...report,
  title: `${count} monitors`,
  monitors: Array.from({ length: count }, (_, i) => monitor(i, `Monitor ${String(i).padStart(3, '0')}`)),
})

/** The inflated content streams of a PDF (pdfkit compresses each page's drawing with Flate). */
const contentStreams = (pdf: Buffer): string[] => {
  const streams: string[] = []
  let at = pdf.indexOf('stream\n')
  while (at !== -1) {
    const end = pdf.indexOf('\nendstream', at)
    try {
      streams.push(inflateSync(pdf.subarray(at + 'stream\n'.length, end)).toString('latin1'))
    } catch {
      // Not a Flate stream (none here so far): not a page's drawing.
    }
    at = pdf.indexOf('stream\n', end + 'endstream'.length + 1)
  }
  return streams
}

describe('the report PDF', () => {
  it('has a title page with the period, the set and the totals as the page writes them', async () => {
    const pdf = await renderReportPdf(report)
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const [first = ''] = await pdfText(pdf)
    expect(first).toContain('Vigil')
    expect(first).toContain('Uptime report')
    expect(first).toContain('3 monitors')
    expect(first).toContain('1 Oct 2026 – 31 Oct 2026 (Europe/Paris)')
    expect(first).toContain('Generated 2 Nov 2026, 09:15 (Europe/Paris)')
    expect(first).not.toContain('Period asked')
    const f = formatReportNumbers(report.totals as ReportNumbers)
    for (const key of [
      'uptime',
      'sla_target',
      'sla_met',
      'error_budget_left_ms',
      'downtime_ms',
      'incidents',
      'longest_incident_ms',
      'mttr_ms',
      'mtbf_ms',
      'response_avg_ms',
      'response_p95_ms',
      'checks',
      'failures',
      'maintenance_ms',
      'no_data_ms',
    ] as const)
      expect(first, key).toContain(written(f[key]))
    expect(first).toContain('-20 min 34 s')
    expect(first).toContain('Breached')
  })

  it('says which period was asked when the one covered differs', async () => {
    const moved = { ...report, covered_from: '2026-09-30T23:00:00.000Z' }
    const [first = ''] = await pdfText(await renderReportPdf(moved))
    expect(first).toContain(reportPeriod(moved.covered_from, moved.covered_to, moved.time_zone))
    expect(first).toContain(
      'Period asked: 1 Oct 2026 – 31 Oct 2026 (Europe/Paris). The numbers cover the period above: its edges follow the rollups still kept.',
    )
  })

  it('lists every monitor with its numbers, and the totals row', async () => {
    const pages = await pdfText(await renderReportPdf(report))
    expect(pages).toHaveLength(3)
    const table = pages[2] ?? ''
    // The names as the standard fonts can write them: CJK and emoji become "?", one per character.
    expect(table).toContain(rowText('=HYPERLINK("x") Shop checkout', 'web', monitors[0] as ReportMonitor))
    expect(table).toContain(rowText('API ?? ?', 'web', monitors[1] as ReportMonitor))
    expect(table).toContain(rowText('Paused probe', 'web', monitors[2] as ReportMonitor))
    expect(table).toContain('no data\n99.9 %\nNo data')
    expect(table).toContain(rowText('Total', '', report.totals as ReportNumbers))
  })

  it('numbers every page', async () => {
    const pages = await pdfText(await renderReportPdf(report))
    pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`)
    })
  })

  it('spreads a long table over pages, with the header on each', async () => {
    const big = many(120)
    const pages = await pdfText(await renderReportPdf(big))
    const tables = pages.slice(2)
    expect(tables.length).toBeGreaterThanOrEqual(3)
    for (const [i, text] of tables.entries()) {
      expect(text).toContain('Monitor\nType\nUptime\nSLA\ntarget')
      expect(text).toContain(`Page ${i + 3} of ${pages.length}`)
    }
    const all = tables.join('\n')
    for (const m of big.monitors) expect(all.split(`${m.name}\n`)).toHaveLength(2)
    expect(tables.at(-1)).toContain('Total\n')
  })

  it('renders an empty set with its message on one page', async () => {
    const empty: Report = { ...report, title: 'Status page Acme', monitors: [], totals: null }
    const pages = await pdfText(await renderReportPdf(empty))
    expect(pages).toHaveLength(1)
    expect(pages[0]).toContain('Status page Acme')
    expect(pages[0]).toContain('This set has no monitors.')
    expect(pages[0]).toContain('Page 1 of 1')
  })

  it('gives the same bytes for the same report', async () => {
    // pdfkit derives the file's /ID from its info, whose CreationDate is the report's generated_at: nothing random.
    const a = await renderReportPdf(report)
    // A clock that leaked in would show: the second file is made at least a few milliseconds later.
    await new Promise((resolve) => setTimeout(resolve, 5))
    const b = await renderReportPdf(report)
    expect(a.equals(b)).toBe(true)
  })

  it('draws the charts with vector lines, no images', async () => {
    const pdf = await renderReportPdf(report)
    expect(pdf.includes('/Subtype /Image')).toBe(false)
    const [, charts = ''] = await pdfText(pdf)
    expect(charts).toContain('Uptime by day (%)')
    expect(charts).toContain('2026-10-01')
    const lineTos = contentStreams(pdf).map((s) => s.match(/ l\n/g)?.length ?? 0)
    // 31 days, less the gaps, in each of the two charts.
    expect(Math.max(...lineTos)).toBeGreaterThan(2 * 25)
  })

  it('draws from 1 to 400 days', async () => {
    for (const count of [1, 2, 400]) {
      const pages = await pdfText(await renderReportPdf({ ...report, days: days(count) }))
      expect(pages[1]).toContain('2026-10-01')
    }
    const none = await pdfText(await renderReportPdf({ ...report, days: days(3).map((d) => ({ ...d, uptime: null })) }))
    expect(none[1]).toContain('No data for the period')
  })
})

describe('the chart', () => {
  it('leaves the days without a value as gaps', () => {
    expect(lineRuns([1, 2, null, 3, 4, null, null, 5])).toEqual([[0, 1], [3, 4], [7]])
    expect(lineRuns([null, null])).toEqual([])
  })

  it('scales uptime from the lowest whole percent to 100', () => {
    expect(uptimeAxis([99.95, null, 100])).toMatchObject({ min: 99, max: 100, step: 0.2 })
    expect(uptimeAxis([97.3, 99])).toMatchObject({ min: 97, max: 100, step: 1 })
    expect(uptimeAxis([12.5])).toMatchObject({ min: 0, max: 100, step: 20 })
    expect(uptimeAxis([null])).toMatchObject({ min: 99, max: 100 })
    expect(uptimeAxis([99.5]).label(99.2)).toBe('99.2 %')
  })
})

describe('pdfSafe', () => {
  it('keeps what the standard fonts have and marks the rest', () => {
    expect(pdfSafe('−1 h 5 min')).toBe('-1 h 5 min')
    expect(pdfSafe('API 東京 🚀')).toBe('API ?? ?')
    expect(pdfSafe('Café – “Zürich” … 5 €')).toBe('Café – “Zürich” … 5 €')
    expect(pdfSafe('a\tb\nc\u0007')).toBe('a b c?')
  })
})
