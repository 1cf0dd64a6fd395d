import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ModelCheck, recordChecks } from '../../support/report-model.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from '../harness.ts'

// Downtime to the end of the period (issue 35 point 9): a report counts the time between two checks that runs over
// one of its edges up to that edge, in the state the engine gives it, as it clips its incidents to the period. Checks
// every 5 minutes at 2:23 past, written by the server's recorder with the clock at each; periods on whole minutes
// whose lengths are not whole intervals, so the time brought in before the start and the time left after the last
// check never cancel out. Every expected downtime is the monitor's incidents, read from the API, clipped to the period.

const MIN = 60_000
const STEP = 5 * MIN
const START = Date.parse('2026-10-30T10:00:00Z')
const at = (k: number) => START + 2 * MIN + 23_000 + k * STEP // 10:02:23, 10:07:23, ...
const COUNT = 12 // to 10:57:23
const NOW = Date.parse('2026-10-30T11:00:00Z') // 2 min 37 s after the last check: within its interval
const time = (hhmm: string) => Date.parse(`2026-10-30T${hhmm}:00Z`)

const series = (failing: (k: number) => boolean): ModelCheck[] =>
  Array.from({ length: COUNT }, (_, k) => ({
    at: at(k),
    ok: !failing(k),
    ms: failing(k) ? null : 120,
    maintenance: false,
  }))
// Fails from 10:22:23, confirmed at 10:27:23 (one retry), back at 10:47:23: an incident of 25 minutes.
const recovers = series((k) => k >= 4 && k < 9)
// Fails from 10:22:23 and is still down now.
const stays = series((k) => k >= 4)

interface Incident {
  monitor_id: string
  started_at: string
  resolved_at: string | null
}

describe.each(dialects)('the edges of a report on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let token: string
  let shop: string
  let api: string

  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
    t.clock.set(START - MIN)
    ;({ token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' }))
    const add = async (name: string) => {
      const body = { type: 'web', name, url: 'http://127.0.0.1:9/', interval_seconds: 300, retries: 1 }
      const res = await t.call('POST', '/api/monitors', { token, body: { ...body, recovery_checks: 1 } })
      expect(res.status, res.text).toBe(201)
      return res.json.data.monitor.id as string
    }
    shop = await add('Shop')
    api = await add('API')
    await recordChecks(t, [
      [shop, recovers],
      [api, stays],
    ])
    t.clock.set(NOW)
  }, 60_000)
  afterAll(() => db.drop())

  /** The report of [from, to) and the monitors' incidents clipped to the period it covers. */
  const reportOf = async (from: string, to: string) => {
    const res = await t.call('GET', `/api/reports?monitor_ids=${shop},${api}&from=${from}&to=${to}&tz=UTC`, { token })
    expect(res.status, res.text).toBe(200)
    const report = res.json.data
    const list = await t.call('GET', '/api/incidents?limit=100', { token })
    expect(list.status, list.text).toBe(200)
    const [start, end] = [Date.parse(report.covered_from), Date.parse(report.covered_to)]
    const clipped = (id: string) =>
      (list.json.data.incidents as Incident[])
        .filter((i) => i.monitor_id === id)
        .map(
          (i) =>
            Math.min(i.resolved_at ? Date.parse(i.resolved_at) : end, end) - Math.max(Date.parse(i.started_at), start),
        )
        .filter((ms) => ms > 0)
        .reduce((a, b) => a + b, 0)
    const row = (id: string) => report.monitors.find((m: { id: string }) => m.id === id)
    return { report, shop: row(shop), api: row(api), clipped, length: end - start }
  }

  it('counts a whole period down as long as the incident clipped to it', async () => {
    // 10:25 to 10:47: the first check inside (10:27:23) brings in 2 min 23 s from before 10:25, and the last one
    // (10:42:23) leaves 4 min 37 s to the end; the rollups alone said 20 minutes.
    const r = await reportOf(new Date(time('10:25')).toISOString(), new Date(time('10:47')).toISOString())
    expect(r.clipped(shop)).toBe(22 * MIN)
    expect(r.shop).toMatchObject({ downtime_ms: 22 * MIN, uptime: 0, incidents: 1, longest_incident_ms: 22 * MIN })
    expect(r.shop.no_data_ms).toBe(0)
    expect(r.api).toMatchObject({ downtime_ms: r.clipped(api), no_data_ms: 0 })
    expect(r.report.totals.downtime_ms).toBe(r.clipped(shop) + r.clipped(api))
  })

  it('counts an outage that starts inside the period to its end, and one that ends inside from its start', async () => {
    const starts = await reportOf(new Date(time('10:10')).toISOString(), new Date(time('10:40')).toISOString())
    expect(starts.clipped(shop)).toBe(17 * MIN + 37_000)
    expect(starts.shop).toMatchObject({ downtime_ms: starts.clipped(shop), no_data_ms: 0 })
    expect(starts.shop.uptime).toBe(Math.floor(((30 * MIN - starts.clipped(shop)) / (30 * MIN)) * 100_000) / 1000)

    const ends = await reportOf(new Date(time('10:30')).toISOString(), new Date(time('10:55')).toISOString())
    expect(ends.clipped(shop)).toBe(17 * MIN + 23_000)
    expect(ends.shop).toMatchObject({ downtime_ms: ends.clipped(shop), no_data_ms: 0, mttr_ms: ends.clipped(shop) })
    expect(ends.api).toMatchObject({ downtime_ms: 25 * MIN, uptime: 0, no_data_ms: 0 })
  })

  it('counts the time since the last check in its state in a period that runs to now', async () => {
    // The API has been down since 10:22:23, its last check at 10:57:23 and now 11:00: the open incident and the
    // downtime both run to now.
    const r = await reportOf('2026-10-30', '2026-10-30')
    expect(r.report.covered_to).toBe(new Date(NOW).toISOString())
    expect(r.clipped(api)).toBe(NOW - at(4))
    expect(r.api).toMatchObject({ downtime_ms: NOW - at(4), incidents: 1, longest_incident_ms: NOW - at(4) })
    expect(r.shop).toMatchObject({ downtime_ms: r.clipped(shop), incidents: 1 })
    expect(r.clipped(shop)).toBe(25 * MIN)
    // Judged from when it was made (09:59), known from its first check to now; between the two, no data.
    expect(r.api.judged_from).toBe(new Date(START - MIN).toISOString())
    expect(r.api.no_data_ms).toBe(at(0) - (START - MIN))
    expect(r.report.days[0]).toMatchObject({ downtime_ms: NOW - at(4) + 25 * MIN })
  })

  it('counts nothing after the last check of a monitor paused since', async () => {
    const paused = await t.call('POST', `/api/monitors/${shop}/pause`, { token })
    expect(paused.status, paused.text).toBe(200)
    const r = await reportOf(new Date(time('10:50')).toISOString(), '2026-10-31T00:00:00Z')
    expect(r.shop).toMatchObject({ downtime_ms: 0, no_data_ms: NOW - at(11) })
    const resumed = await t.call('POST', `/api/monitors/${shop}/resume`, { token })
    expect(resumed.status, resumed.text).toBe(200)
  })
})
