import { formatReportNumbers } from '@vigil/domain/report-format'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '../../support/pdf-text.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from '../harness.ts'

// Reports that agree with themselves (issue 37, point 5), on both databases, over checks written by the server's
// recorder with the clock at each. Each monitor reproduces one way a row disagreed with itself:
//
// - Typo site, made at 11:50 with a wrong address: down from its first check (confirmed at the retry 20 s later),
//   its address fixed at 11:55:31, which closes the incident. The report said 0 % uptime, 20 s of downtime and a
//   longest incident of 5 min 31 s: the downtime came from the checks' time (the edit left the time since the retry
//   uncounted) and the incident from the incident. It was also judged over the whole day, 12 hours before it existed.
// - Quiet port, made two days before, checked only from 10:00 to 10:20 and paused since: one failure with no retries
//   opened an incident of 10 minutes, and the checks' time said 15 (the interval before the first failure counted
//   down). 20 minutes measured of a 12-hour day: too little to hold it to its target, yet it read "Breached".
// - Steady site, checked all day, down 09:05 to 09:15 with two recovery checks: the checks' time said 15 minutes
//   (the recovery's interval counted down), the incident 10.
//
// Every downtime is held to the incidents the API lists, clipped to the period; every uptime to the downtime over
// the time measured; the set's time without data is a share of its monitors' time.

const SEC = 1000
const MIN = 60 * SEC
const HOUR = 60 * MIN
const DAY_START = Date.parse('2026-11-10T00:00:00Z')
const at = (hhmmss: string) => Date.parse(`2026-11-10T${hhmmss}Z`)
const NOW = at('11:59:00')
const TYPO_MADE = at('11:50:00')

interface Incident {
  monitor_id: string
  started_at: string
  resolved_at: string | null
}

interface Row {
  id: string
  uptime: number | null
  downtime_ms: number
  incidents: number
  longest_incident_ms: number | null
  sla_met: boolean | null
  sla: string
  judged_from: string
  judged_ms: number
  measured_ms: number
  maintenance_ms: number
  no_data_ms: number
}

describe.each(dialects)('a report that agrees with itself on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let token: string
  let typo: string
  let quiet: string
  let steady: string

  /** One check through the recorder, with the clock at its time. */
  const check = async (monitorId: string, time: number, ok: boolean) => {
    t.clock.set(time)
    const written = t.deps.recorder.record({
      monitorId,
      lease: null,
      scheduledAt: time,
      startedAt: time,
      finishedAt: time,
      outcome: { ok, responseMs: ok ? 80 : null, message: ok ? 'OK' : 'Connection refused.' },
    })
    await t.deps.recorder.flush()
    await written
  }
  const add = async (made: number, body: Record<string, unknown>) => {
    t.clock.set(made)
    const res = await t.call('POST', '/api/monitors', { token, body })
    expect(res.status, res.text).toBe(201)
    return res.json.data.monitor.id as string
  }

  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
    t.clock.set(Date.parse('2026-11-01T00:00:00Z'))
    ;({ token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' }))

    steady = await add(Date.parse('2026-11-01T00:00:00Z'), {
      type: 'web',
      name: 'Steady site',
      url: 'http://127.0.0.1:9/',
      interval_seconds: 300,
      retries: 1,
      recovery_checks: 2,
      sla_target: 98,
    })
    quiet = await add(Date.parse('2026-11-08T00:00:00Z'), {
      type: 'port',
      name: 'Quiet port',
      host: '127.0.0.1',
      port: 9,
      interval_seconds: 300,
      retries: 0,
    })
    typo = await add(TYPO_MADE, {
      type: 'web',
      name: 'Typo site',
      url: 'http://127.0.0.1:9/typo',
      interval_seconds: 600,
      retries: 1,
      retry_interval_seconds: 20,
    })

    // The steady site, every 5 minutes from 23:00 the day before to 11:55: failing at 09:05 and 09:10 (confirmed),
    // answering again at 09:15 and 09:20 (the second confirms it: the incident ran 09:05 to 09:15).
    for (let time = DAY_START - HOUR; time <= at('11:55:00'); time += 5 * MIN)
      await check(steady, time, !(time === at('09:05:00') || time === at('09:10:00')))
    // The quiet port: 10:00 and 10:05 fine, 10:10 and 10:15 failing (no retries: down at 10:10), 10:20 fine; paused.
    for (const [hhmm, ok] of [
      ['10:00', true],
      ['10:05', true],
      ['10:10', false],
      ['10:15', false],
      ['10:20', true],
    ] as const)
      await check(quiet, at(`${hhmm}:00`), ok)
    t.clock.set(at('10:22:00'))
    const paused = await t.call('POST', `/api/monitors/${quiet}/pause`, { token })
    expect(paused.status, paused.text).toBe(200)
    // The typo site: down at 11:50:00, confirmed at 11:50:20; its address fixed at 11:55:31 and checked at once.
    await check(typo, at('11:50:00'), false)
    await check(typo, at('11:50:20'), false)
    t.clock.set(at('11:55:31'))
    const fixed = await t.call('PATCH', `/api/monitors/${typo}`, { token, body: { url: 'http://127.0.0.1:9/' } })
    expect(fixed.status, fixed.text).toBe(200)
    await check(typo, at('11:55:31'), true)
    t.clock.set(NOW)
  }, 120_000)
  afterAll(() => db.drop())

  const incidents = async () => {
    const list = await t.call('GET', '/api/incidents?limit=100', { token })
    expect(list.status, list.text).toBe(200)
    return list.json.data.incidents as Incident[]
  }

  /** Today's report, each row with the time of its monitor's incidents clipped to the period. */
  const today = async () => {
    const res = await t.call('GET', '/api/reports?from=2026-11-10&to=2026-11-10&tz=UTC', { token })
    expect(res.status, res.text).toBe(200)
    const report = res.json.data
    const [from, to] = [Date.parse(report.covered_from), Date.parse(report.covered_to)]
    const all = await incidents()
    const spans = (id: string) =>
      all
        .filter((i) => i.monitor_id === id)
        .map(
          (i) =>
            Math.min(i.resolved_at ? Date.parse(i.resolved_at) : to, to) - Math.max(Date.parse(i.started_at), from),
        )
        .filter((ms) => ms > 0)
    const row = (id: string) => report.monitors.find((m: Row) => m.id === id) as Row
    return { report, row, spans, from, to }
  }

  /** What every row must say of itself: downtime is its incidents' time, uptime is the rest of the time measured. */
  const agrees = (row: Row, spans: number[]) => {
    expect(row.downtime_ms).toBe(spans.reduce((a, b) => a + b, 0))
    expect(row.incidents).toBe(spans.length)
    expect(row.longest_incident_ms).toBe(spans.length ? Math.max(...spans) : null)
    expect(row.measured_ms + row.maintenance_ms + row.no_data_ms).toBe(row.judged_ms)
    expect(row.uptime).toBe(
      row.measured_ms === 0
        ? null
        : Math.floor(((row.measured_ms - row.downtime_ms) / row.measured_ms) * 100_000) / 1000,
    )
  }

  it('judges a monitor made during the period on the time since it was made, with its incident as its downtime', async () => {
    const r = await today()
    expect(r.to).toBe(NOW)
    const row = r.row(typo)
    expect(r.spans(typo)).toEqual([5 * MIN + 31 * SEC])
    agrees(row, r.spans(typo))
    // Judged from 11:50 (9 minutes), all of it known: down 5 min 31 s, up from the check after the fix to now.
    expect(row).toMatchObject({
      judged_from: new Date(TYPO_MADE).toISOString(),
      judged_ms: 9 * MIN,
      no_data_ms: 0,
      downtime_ms: 5 * MIN + 31 * SEC,
      uptime: Math.floor(((9 * MIN - (5 * MIN + 31 * SEC)) / (9 * MIN)) * 100_000) / 1000,
      sla: 'breached',
      sla_met: false,
    })
    expect(row.uptime).toBe(38.703)
  })

  it('says "Not enough data" rather than "Breached" for a monitor measured for 20 minutes of 12 hours', async () => {
    const r = await today()
    const row = r.row(quiet)
    expect(r.spans(quiet)).toEqual([10 * MIN])
    agrees(row, r.spans(quiet))
    // Measured 10:00 to 10:20: up 10 minutes (10:00 to 10:10 and 10:15 to 10:20 as the incident says), down 10.
    expect(row).toMatchObject({
      judged_from: new Date(DAY_START).toISOString(),
      judged_ms: NOW - DAY_START,
      measured_ms: 20 * MIN,
      no_data_ms: NOW - DAY_START - 20 * MIN,
      downtime_ms: 10 * MIN,
      uptime: 50,
      sla: 'not_enough_data',
      sla_met: null,
    })
    expect(formatReportNumbers(row as never).sla_met).toBe('Not enough data')
  })

  it('counts an outage with recovery checks as long as its incident, and holds a monitor known all day to its target', async () => {
    const r = await today()
    const row = r.row(steady)
    expect(r.spans(steady)).toEqual([10 * MIN])
    agrees(row, r.spans(steady))
    expect(row).toMatchObject({ judged_ms: NOW - DAY_START, no_data_ms: 0, downtime_ms: 10 * MIN, sla: 'met' })
    expect(row.uptime).toBe(Math.floor(((NOW - DAY_START - 10 * MIN) / (NOW - DAY_START)) * 100_000) / 1000)
  })

  it("gives the set's time without data as a share of its monitors' time, and its downtime as theirs", async () => {
    const r = await today()
    const totals = r.report.totals
    const rows = [typo, quiet, steady].map(r.row)
    expect(totals.judged_ms).toBe(rows.reduce((a, m) => a + m.judged_ms, 0))
    expect(totals.no_data_ms).toBe(NOW - DAY_START - 20 * MIN)
    expect(totals.no_data_share).toBe(Math.round((totals.no_data_ms / totals.judged_ms) * 100_000) / 1000)
    expect(totals.downtime_ms).toBe(5 * MIN + 31 * SEC + 20 * MIN)
    expect(totals.uptime).toBe(
      Math.floor(((totals.measured_ms - totals.downtime_ms) / totals.measured_ms) * 100_000) / 1000,
    )
    // 11 h 39 min of 24 h 7 min of monitor time (two monitors all day, one for 9 minutes): the page and the PDF say
    // 48.3 %, not a duration that reads as if the set had half a day more than the day has.
    expect(formatReportNumbers(totals, { set: true }).no_data_ms).toBe('48.3 %')
    const pdf = await t.app.request('/api/reports?from=2026-11-10&to=2026-11-10&tz=UTC&format=pdf', {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(pdf.status).toBe(200)
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join('\n')
    expect(text).toContain('48.3 %')
  })

  it('charts a day by the hour, the hours adding up to the day', async () => {
    const r = await today()
    const { hours, days } = r.report
    expect(days).toHaveLength(1)
    expect(hours.map((h: { start: string }) => h.start)).toEqual(
      Array.from({ length: 12 }, (_, k) => new Date(DAY_START + k * HOUR).toISOString()),
    )
    const sum = (key: string) => hours.reduce((a: number, h: Record<string, number>) => a + (h[key] ?? 0), 0)
    expect(sum('downtime_ms')).toBe(r.report.totals.downtime_ms)
    expect(sum('checks')).toBe(r.report.totals.checks)
    expect(hours[9]).toMatchObject({ downtime_ms: 10 * MIN })
    expect(hours[10]).toMatchObject({ downtime_ms: 10 * MIN })
    expect(hours[11]).toMatchObject({ downtime_ms: 5 * MIN + 31 * SEC })
    expect(days[0]).toMatchObject({ downtime_ms: r.report.totals.downtime_ms })
    // A longer period is charted by the day.
    const month = await t.call('GET', '/api/reports?period=30d&tz=UTC', { token })
    expect(month.status, month.text).toBe(200)
    expect(month.json.data.hours).toEqual([])
    expect(month.json.data.days).toHaveLength(31)
  })

  it('judges the young monitor over 30 days on the 9 minutes it existed', async () => {
    const res = await t.call('GET', `/api/reports?period=30d&tz=UTC&monitor_ids=${typo}`, { token })
    expect(res.status, res.text).toBe(200)
    const row = res.json.data.monitors[0] as Row
    expect(row).toMatchObject({ judged_ms: 9 * MIN, no_data_ms: 0, downtime_ms: 5 * MIN + 31 * SEC, uptime: 38.703 })
  })
})
