import { inflateSync } from 'node:zlib'
import type { ReportNumbers } from '@vigil/domain/report'
import { formatReportNumbers, reportPeriod } from '@vigil/domain/report-format'
import {
  REPORT_COLUMNS,
  type Report,
  type ReportDay,
  type ReportHour,
  type ReportMonitor,
  reportCsv,
} from '@vigil/domain/report-view'
import { describe, expect, it } from 'vitest'
import { lineRuns, uptimeScale } from '../../../src/server/reports/pdf-chart.ts'
import { renderReportPdf } from '../../../src/server/reports/report-pdf.ts'
import { pdfLines, pdfText } from '../../support/pdf-text.ts'

// The report's PDF read back as text: it must say what the page says, number for number, on as many pages as it
// takes, and be the same file each time for the same report.

const numbers = (over: Partial<ReportNumbers> = {}): ReportNumbers => ({
  uptime: 99.95,
  sla_target: 99.9,
  sla: 'met',
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
  judged_ms: 2_678_400_000,
  measured_ms: 2_671_200_000,
  maintenance_ms: 7_200_000,
  no_data_ms: 0,
  no_data_share: 0,
  ...over,
})

const monitor = (i: number, name: string, over: Partial<ReportNumbers> = {}): ReportMonitor => ({
  ...numbers(over),
  id: `m${i}`,
  name,
  type: 'web',
  path: `/services/m${i}`,
  judged_from: '2026-09-30T22:00:00.000Z',
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
    sla: 'breached',
    sla_met: false,
    error_budget_left_ms: -3_600_000,
    downtime_ms: 51_000_000,
    incidents: 7,
  }),
  monitor(3, 'Paused probe', {
    uptime: null,
    sla: 'no_data',
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
    measured_ms: 0,
    maintenance_ms: 0,
    no_data_ms: 2_678_400_000,
    no_data_share: 100,
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
  totals: numbers({
    uptime: 99.357,
    sla: 'breached',
    sla_met: false,
    error_budget_left_ms: -1_234_000,
    checks: 1_339_200,
    judged_ms: 3 * 2_678_400_000,
    no_data_ms: 2_678_400_000,
    no_data_share: 33.333,
  }),
  days: days(31),
  hours: [],
}

/** The cells of a table row in the order they are drawn, as the extracted text lists them. */
const rowText = (name: string, type: string, n: ReportNumbers, set = false) => {
  const f = formatReportNumbers(n, { set })
  return [name, type, ...REPORT_COLUMNS.map(([key]) => f[key])].filter((cell) => cell !== '').join('\n')
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
    const f = formatReportNumbers(report.totals as ReportNumbers, { set: true })
    for (const key of [
      'uptime',
      'sla_target',
      'sla',
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
      expect(first, key).toContain(f[key])
    expect(first).toContain('−20 min 34 s')
    expect(first).toContain('Breached')
    // The set's time without data as a share of its monitors' time: a month of one of three, not "31 d".
    expect(first).toContain('No data (share of time)\n33.3 %')
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
    const pdf = await renderReportPdf(report)
    const pages = await pdfText(pdf)
    expect(pages).toHaveLength(3)
    const table = pages[2] ?? ''
    expect(table).toContain(rowText('=HYPERLINK("x") Shop checkout', 'web', monitors[0] as ReportMonitor))
    // A name in two fonts is several runs: read as lines. The emoji, in none of the fonts, is a "?".
    const api = formatReportNumbers(monitors[1] as ReportMonitor)
    expect((await pdfLines(pdf))[2]).toContain(
      ['API 東京 ?', 'web', ...REPORT_COLUMNS.map(([key]) => api[key])].join(' '),
    )
    expect(table).toContain(rowText('Paused probe', 'web', monitors[2] as ReportMonitor))
    expect(table).toContain('no data\n99.9 %\nNo data')
    expect(table).toContain(rowText('Total', '', report.totals as ReportNumbers, true))
    expect(table).toContain('33.3 %')
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

describe('the names in the PDF', () => {
  // Names as people type them: accents, dashes and check marks, Greek, Cyrillic, Vietnamese, Chinese and Japanese.
  const names = [
    'Zürich – café ✓ 東京 Ωμέγα',
    'Москва — Привет',
    'Hà Nội đường số 5',
    'ひらがな・カタカナ 大阪',
    'Łódź → Kraków ½ €',
    'Straße ẞ “quoted” … ™',
  ]
  const named: Report = {
    ...report,
    title: `Status page ${names[0]}`,
    monitors: names.map((name, i) => monitor(i, name)),
  }

  it('prints every name as typed, in the title, the table and the footer', async () => {
    const pdf = await renderReportPdf(named)
    const pages = await pdfLines(pdf)
    expect(pages[0]).toContain(`Status page ${names[0]}`)
    // Each name whole on its row, before the monitor's type.
    for (const name of names)
      expect(
        pages[2]?.filter((l) => l.startsWith(`${name} web `)),
        name,
      ).toHaveLength(1)
    expect(pages[2]?.at(-1)).toBe(`Uptime report – Status page ${names[0]} Page 3 of 3`)
    // Nothing drawn as "?" (the standard fonts' WinAnsi had no glyph for most of these).
    expect(pages.flat().join('\n')).not.toContain('?')
  })

  it('embeds only the parts of the fonts it uses, and draws a character none has as "?"', async () => {
    const latin = await renderReportPdf(report)
    const all = await renderReportPdf(named)
    // Subsets: a few glyphs of each face used, never a whole font (Noto Sans SC's files are 1.5 MB a weight).
    expect(latin.length).toBeLessThan(120_000)
    expect(all.length - latin.length).toBeLessThan(80_000)
    const korean = await pdfLines(await renderReportPdf({ ...report, title: '서울 Seoul 🚀' }))
    expect(korean[0]).toContain('?? Seoul ?')
  })
})

describe('durations in the CSV and the PDF', () => {
  /** "−5 min 20 s" back to seconds: −320. */
  const seconds = (text: string) => {
    const unit: Record<string, number> = { d: 86_400, h: 3_600, min: 60, s: 1 }
    const parts = [...text.matchAll(/(\d+) (d|h|min|s)\b/g)]
    const total = parts.reduce((sum, [, n, u]) => sum + Number(n) * (unit[u as string] ?? 0), 0)
    return text.startsWith('−') ? -total : total
  }

  it('round a fractional duration, negative or not, to the same whole seconds', async () => {
    // −319.688 s was −319 in the CSV (cut toward zero) and −5 min 20 s in the PDF (rounded).
    const odd = numbers({
      error_budget_left_ms: -319_688,
      downtime_ms: 319_500,
      longest_incident_ms: 59_499,
      mttr_ms: 59_500,
      mtbf_ms: 1_500,
      maintenance_ms: -2_500,
      no_data_ms: -400,
    })
    const one: Report = { ...report, monitors: [{ ...monitor(1, 'Odd'), ...odd }], totals: odd }
    const header = ['Monitor', 'Type', ...REPORT_COLUMNS.map(([, label]) => label)]
    const [, row = ''] = reportCsv(one).split('\r\n')
    const csv = Object.fromEntries(row.split(',').map((cell, i) => [header[i], cell]))
    // The PDF's row is the formatted numbers, each written whole.
    const words = formatReportNumbers(odd)
    const [, , table = []] = await pdfLines(await renderReportPdf(one))
    expect(table).toContain(['Odd', 'web', ...REPORT_COLUMNS.map(([key]) => words[key])].join(' '))
    const pdf = Object.fromEntries(REPORT_COLUMNS.map(([key, label]) => [label, words[key]]))
    const expected = {
      'Error budget left (s)': [-320, '−5 min 20 s'],
      'Downtime (s)': [320, '5 min 20 s'],
      'Longest incident (s)': [59, '59 s'],
      'MTTR (s)': [60, '1 min'],
      'MTBF (s)': [2, '2 s'],
      'Maintenance (s)': [-3, '−3 s'],
      'No data (s)': [0, '0 s'],
    }
    for (const [label, [whole, words]] of Object.entries(expected)) {
      expect(csv[label], label).toBe(String(whole))
      expect(pdf[label], label).toBe(words)
      expect(seconds(pdf[label] ?? ''), label).toBe(Number(csv[label]))
    }
  })
})

describe('the chart', () => {
  it('leaves the days without a value as gaps', () => {
    expect(lineRuns([1, 2, null, 3, 4, null, null, 5])).toEqual([[0, 1], [3, 4], [7]])
    expect(lineRuns([null, null])).toEqual([])
  })

  it('scales uptime as the page does, from a tick under the lowest day to 100, never cutting one off', () => {
    expect(uptimeScale([99.95, null, 100], null).axis).toMatchObject({ min: 99, max: 100, step: 0.2 })
    expect(uptimeScale([97.3, 99], null).axis).toMatchObject({ min: 97, max: 100, step: 1 })
    expect(uptimeScale([12.5], null).axis).toMatchObject({ min: 0, max: 100, step: 20 })
    expect(uptimeScale([null], null).axis).toMatchObject({ min: 99, max: 100 })
    expect(uptimeScale([99.5], null).label(99.2)).toBe('99.2 %')
    // A 72 % day: the axis starts at 60 %, not above it.
    expect(uptimeScale([99.9, 72, 100], null).axis).toMatchObject({ min: 60, ticks: [60, 70, 80, 90, 100] })
  })

  it("charts a day by the hour, labelled in the report's zone", async () => {
    const hours: ReportHour[] = Array.from({ length: 24 }, (_, k) => ({
      start: new Date(Date.UTC(2026, 9, 14, 22 + k)).toISOString(),
      uptime: k === 9 ? 72 : 100,
      downtime_ms: k === 9 ? 1_008_000 : 0,
      avg_response_ms: 120 + k,
      p95_response_ms: null,
      checks: 60,
      failures: k === 9 ? 17 : 0,
    }))
    const day: Report = {
      ...report,
      from: '2026-10-14T22:00:00.000Z',
      to: '2026-10-15T22:00:00.000Z',
      covered_from: '2026-10-14T22:00:00.000Z',
      covered_to: '2026-10-15T22:00:00.000Z',
      days: days(1),
      hours,
    }
    const [, charts = ''] = await pdfText(await renderReportPdf(day))
    expect(charts).toContain('Uptime by hour (%)')
    expect(charts).toContain('Average response time by hour (ms)')
    // Midnight in Paris (22:00 UTC) is the day; the other hours are times.
    expect(charts).toContain('15 Oct')
    expect(charts).toMatch(/\n0[2-6]:00\n/)
    expect(charts).not.toContain('2026-10-01')
    expect(charts).toContain('60 %')
  })
})
