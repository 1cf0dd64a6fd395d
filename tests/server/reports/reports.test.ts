import { formatReportNumbers } from '@vigil/domain/report-format'
import { RANGE_BACKWARDS, RANGE_TOO_LONG, ZONE_UNKNOWN } from '@vigil/domain/report-period'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '../../support/pdf-text.ts'
import { expectedReport, type ModelCheck, recordChecks } from '../../support/report-model.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from '../harness.ts'

// Reports through the API on both databases, over two days of checks written by the real recorder with the clock
// at each check: a shop with a 30-minute outage, an API whose failures fall in an announced maintenance window,
// and a monitor that never ran. The expected numbers come from the checks themselves (tests/support/report-model.ts), worked
// out apart from the rollups; the monitor page, the status page, the CSV and the PDF say the same.

const MIN = 60_000
const STEP = 5 * MIN
const START = Date.parse('2026-10-30T00:00:00Z')
const CHECKS = 576 // two days
const NOW = Date.parse('2026-11-01T12:00:00Z')
const OUTAGE = { first: 120, recovered: 126 } // 10:00 to 10:30 on 30 Oct
const MAINTENANCE = { from: Date.parse('2026-10-31T02:00:00Z'), to: Date.parse('2026-10-31T04:00:00Z') }

type Check = ModelCheck

const shopChecks: Check[] = Array.from({ length: CHECKS }, (_, k) => {
  const failing = k >= OUTAGE.first && k < OUTAGE.recovered
  return { at: START + k * STEP, ok: !failing, ms: failing ? null : k % 2 === 0 ? 100 : 200, maintenance: false }
})
const apiChecks: Check[] = Array.from({ length: CHECKS }, (_, k) => {
  const at = START + k * STEP
  const inWindow = at >= MAINTENANCE.from && at < MAINTENANCE.to
  return { at, ok: !inWindow, ms: inWindow ? null : 50, maintenance: inWindow }
})

const expected = (checks: Check[], from: number, to: number) => expectedReport(checks, from, to)

describe.each(dialects)('reports on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let token: string
  let shop: string
  let api: string
  let idle: string
  let pageId: string
  let slug: string

  const get = (path: string, as = token) => t.call('GET', path, { token: as })

  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
    t.clock.set(START - MIN)
    ;({ token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' }))
    const add = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', '/api/monitors', { token, body: { retries: 0, interval_seconds: 300, ...body } })
      expect(res.status, res.text).toBe(201)
      return res.json.data.monitor.id as string
    }
    shop = await add({ type: 'web', name: 'Shop', url: 'http://127.0.0.1:9/', sla_target: 99.5 })
    api = await add({ type: 'api', name: 'API', url: 'http://127.0.0.1:9/api' })
    idle = await add({ type: 'port', name: '=Idle port', host: '127.0.0.1', port: 9 })
    slug = `api-${dialect}`
    const page = await t.call('POST', '/api/status_pages', {
      token,
      body: { name: 'API status', slug, published: true, components: [{ monitor_id: api, display_name: 'API' }] },
    })
    expect(page.status, page.text).toBe(201)
    pageId = page.json.data.status_page.id
    const window = await t.call('POST', `/api/status_pages/${pageId}/maintenance`, {
      token,
      body: {
        title: 'Database upgrade',
        starts_at: new Date(MAINTENANCE.from).toISOString(),
        ends_at: new Date(MAINTENANCE.to).toISOString(),
      },
    })
    expect(window.status, window.text).toBe(201)

    // The checks, written by the recorder as the engine writes them, the clock at each.
    await recordChecks(t, [
      [shop, shopChecks],
      [api, apiChecks],
    ])
    // The idle one is paused from the start: it has no results.
    await t.call('POST', `/api/monitors/${idle}/pause`, { token })
    t.clock.set(NOW)
  }, 120_000)
  afterAll(() => db.drop())

  const DAYS = 'from=2026-10-30&to=2026-10-31&tz=UTC'

  it('answers each monitor with the numbers its checks give, maintenance and missing data shown as such', async () => {
    const res = await get(`/api/reports?${DAYS}`)
    expect(res.status, res.text).toBe(200)
    const report = res.json.data
    expect(report).toMatchObject({
      title: 'All monitors',
      selection: { kind: 'all' },
      time_zone: 'UTC',
      from: '2026-10-30T00:00:00.000Z',
      to: '2026-11-01T00:00:00.000Z',
      covered_from: '2026-10-30T00:00:00.000Z',
      covered_to: '2026-11-01T00:00:00.000Z',
      generated_at: new Date(NOW).toISOString(),
    })
    expect(report.monitors.map((m: { name: string }) => m.name)).toEqual(['=Idle port', 'API', 'Shop'])
    const [idleRow, apiRow, shopRow] = report.monitors

    const s = expected(shopChecks, START, START + CHECKS * STEP)
    // The outage: six failed checks with no retries, 10:00 to the good check at 10:30, as its incident ran.
    expect(s).toMatchObject({ downtime_ms: 30 * MIN, checks: 576, failures: 6, response_avg_ms: 150 })
    expect(shopRow).toMatchObject({
      id: shop,
      type: 'web',
      path: `/web_monitorings/${shop}`,
      uptime: s.uptime,
      sla_target: 99.5,
      sla_met: false,
      error_budget_ms: Math.round(s.known * 0.005),
      error_budget_left_ms: Math.round(s.known * 0.005) - 30 * MIN,
      downtime_ms: 30 * MIN,
      incidents: 1,
      longest_incident_ms: 30 * MIN,
      mttr_ms: 30 * MIN,
      mtbf_ms: s.known - 30 * MIN,
      response_avg_ms: 150,
      checks: 576,
      failures: 6,
      maintenance_ms: 0,
      no_data_ms: 2 * 86_400_000 - s.known,
    })
    expect(shopRow.uptime).toBe(98.956)
    expect(shopRow.response_p50_ms).toBeGreaterThanOrEqual(75)
    expect(shopRow.response_p99_ms).toBeLessThanOrEqual(200)

    const a = expected(apiChecks, START, START + CHECKS * STEP)
    expect(apiRow).toMatchObject({
      uptime: 100,
      sla_target: 99.9,
      sla_met: true,
      downtime_ms: 0,
      incidents: 0,
      checks: 576,
      failures: 24,
      maintenance_ms: 2 * 60 * MIN,
      no_data_ms: 2 * 86_400_000 - a.known - 2 * 60 * MIN,
      response_avg_ms: 50,
    })
    expect(idleRow).toMatchObject({
      uptime: null,
      sla: 'no_data',
      sla_met: null,
      checks: 0,
      no_data_ms: 2 * 86_400_000,
    })

    // The set: every monitor's time together, held to the strictest target.
    expect(report.totals).toMatchObject({
      uptime: Math.floor(((s.known - 30 * MIN + a.known) / (s.known + a.known)) * 100 * 1000) / 1000,
      sla_target: 99.9,
      downtime_ms: 30 * MIN,
      incidents: 1,
      checks: 1152,
      failures: 30,
      maintenance_ms: 2 * 60 * MIN,
    })
    expect(report.days.map((d: { date: string }) => d.date)).toEqual(['2026-10-30', '2026-10-31'])
    expect(report.days[0]).toMatchObject({ downtime_ms: 30 * MIN, checks: 576, failures: 6 })
    expect(report.days[1]).toMatchObject({ uptime: 100, downtime_ms: 0, failures: 24 })
  })

  it("reads days in the viewer's zone, exactly to the hour", async () => {
    // Paris is UTC+1 in late October 2026: its 30 and 31 October run from 29 Oct 23:00 to 31 Oct 23:00 UTC.
    const res = await get(`/api/reports?monitor_ids=${shop},${api}&from=2026-10-30&to=2026-10-31&tz=Europe/Paris`)
    expect(res.status, res.text).toBe(200)
    const report = res.json.data
    const from = Date.parse('2026-10-29T23:00:00Z')
    const to = Date.parse('2026-10-31T23:00:00Z')
    expect(report).toMatchObject({ covered_from: new Date(from).toISOString(), covered_to: new Date(to).toISOString() })
    const shopRow = report.monitors.find((m: { id: string }) => m.id === shop)
    const s = expected(shopChecks, from, to)
    expect(shopRow).toMatchObject({ uptime: s.uptime, downtime_ms: s.downtime_ms, checks: s.checks })
    expect(s.checks).toBe(576 - 12)
    expect(report.days.map((d: { date: string }) => d.date)).toEqual(['2026-10-30', '2026-10-31'])
    expect(report.title).toBe('2 monitors')
  })

  it('agrees with the monitor page and the status page for the same monitor and period', async () => {
    const stats = (await get(`/api/monitors/${shop}/stats?window=30d`)).json.data.stats
    const same = (await get(`/api/reports?monitor_ids=${shop}&from=${stats.from}&to=${stats.to}&tz=UTC`)).json.data
    const row = same.monitors[0]
    expect({
      uptime: row.uptime,
      avg: row.response_avg_ms,
      p50: row.response_p50_ms,
      p95: row.response_p95_ms,
      p99: row.response_p99_ms,
      downtime: row.downtime_ms,
      checks: row.checks,
      incidents: row.incidents,
    }).toEqual({
      uptime: stats.uptime,
      avg: stats.avg_response_ms,
      p50: stats.p50_response_ms,
      p95: stats.p95_response_ms,
      p99: stats.p99_response_ms,
      downtime: stats.downtime_ms,
      checks: stats.checks,
      incidents: stats.incident_count,
    })

    const page = (await t.call('GET', `/api/public/status/${slug}`)).json.data
    const component = page.components[0]
    for (const date of ['2026-10-30', '2026-10-31']) {
      const day = component.days.find((d: { date: string }) => d.date === date)
      const report = (await get(`/api/reports?monitor_ids=${api}&from=${date}&to=${date}&tz=UTC`)).json.data
      expect(report.monitors[0].uptime).toBe(day.uptime)
    }
    const ninety = Date.parse('2026-11-01T00:00:00Z') - 89 * 86_400_000
    const whole = (
      await get(
        `/api/reports?monitor_ids=${api}&from=${new Date(ninety).toISOString()}&to=${new Date(NOW).toISOString()}`,
      )
    ).json.data
    expect(whole.monitors[0].uptime).toBe(component.uptime_90d)
  })

  it('selects by type and by status page, and exports CSV and PDF with the same numbers', async () => {
    const byType = (await get(`/api/reports?type=web&${DAYS}`)).json.data
    expect(byType.title).toBe('Website Monitoring')
    expect(byType.monitors.map((m: { id: string }) => m.id)).toEqual([shop])
    const byPage = (await get(`/api/reports?status_page_id=${pageId}&${DAYS}`)).json.data
    expect(byPage.title).toBe('Status page API status')
    expect(byPage.monitors.map((m: { id: string }) => m.id)).toEqual([api])

    const json = (await get(`/api/reports?${DAYS}`)).json.data
    const csv = await get(`/api/reports?${DAYS}&format=csv`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="report-2026-10-30-2026-10-31.csv"')
    const rows = csv.text
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','))
    expect(rows[0]?.slice(0, 6)).toEqual([
      'Monitor',
      'Type',
      'Uptime (%)',
      'SLA target (%)',
      'SLA',
      'Error budget left (s)',
    ])
    expect(rows.map((r) => r[0])).toEqual(['Monitor', "'=Idle port", 'API', 'Shop', 'Total'])
    const shopCsv = rows[3] as string[]
    expect(shopCsv.slice(1, 5)).toEqual(['web', '98.956', '99.5', 'Breached'])
    expect(shopCsv[6]).toBe(String(30 * 60)) // downtime in seconds
    expect(rows[4]?.[2]).toBe(String(json.totals.uptime))

    const pdf = await t.app.request(`/api/reports?${DAYS}&format=pdf`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join('\n')
    const shopText = formatReportNumbers(json.monitors[2])
    for (const value of [shopText.uptime, shopText.downtime_ms, formatReportNumbers(json.totals).uptime])
      expect(text).toContain(value)
    expect(text).toContain('Shop')
  })

  it('refuses bad periods and selections with a message, and others\u2019 monitors and pages with a 404', async () => {
    const bad: [string, string][] = [
      ['from=2026-10-31&to=2026-10-30', RANGE_BACKWARDS],
      ['from=2025-01-01&to=2026-10-30', RANGE_TOO_LONG],
      ['from=2026-10-30T10:00:00Z&to=2026-10-30T09:00:00Z', RANGE_BACKWARDS],
      ['from=2026-10-30&to=2026-10-31&tz=Mars/Olympus', ZONE_UNKNOWN],
      [
        'from=yesterday&to=today',
        'Give from and to as days (2026-10-01) or instants (2026-10-01T00:00:00Z), both alike.',
      ],
      [`type=web&monitor_ids=${shop}`, 'Choose one of monitor_ids, type and status_page_id.'],
      ['period=last_month&from=2026-10-01&to=2026-10-02', 'Give a period or from and to, not both.'],
      ['period=forever', 'Period must be one of 24h, 7d, 30d, this_month, last_month, this_year.'],
      ['format=docx', 'Format must be json, csv or pdf.'],
      ['type=printer', expect.stringContaining('Type must be one of') as unknown as string],
      ['monitor_ids=,,', 'Choose at least one monitor in monitor_ids.'],
    ]
    for (const [query, message] of bad) {
      const res = await get(`/api/reports?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.json.message, query).toEqual(message)
    }
    const other = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    for (const query of [`monitor_ids=${shop}`, `monitor_ids=${shop},nope`, `status_page_id=${pageId}`]) {
      const res = await get(`/api/reports?${query}`, other.token)
      expect(res.status, query).toBe(404)
    }
    // Their "all monitors" counts none of ours.
    const theirs = (await get('/api/reports?period=30d', other.token)).json.data
    expect(theirs.monitors).toEqual([])
    expect(theirs.totals).toBeNull()
  })

  it('is a Pro feature and needs a session', async () => {
    const basic = await t.register({ plan: 'Basic' })
    const locked = await get('/api/reports', basic.token)
    expect(locked.status).toBe(403)
    expect(locked.json.message).toMatch(/Reporting/)
    expect((await get('/api/reports/schedules', basic.token)).status).toBe(403)
    expect((await t.call('GET', '/api/reports')).status).toBe(401)
  })

  it('answers the last 30 days when no period is given, ending now', async () => {
    const report = (await get('/api/reports')).json.data
    expect(report.to).toBe(new Date(NOW).toISOString())
    expect(report.covered_to).toBe(new Date(NOW).toISOString())
    expect(Date.parse(report.from)).toBe(NOW - 30 * 86_400_000)
    expect(report.monitors).toHaveLength(3)
  })
})
