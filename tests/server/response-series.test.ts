import type { MonitorStats } from '@vigil/domain/check-result'
import { MAX_CHECK_POINTS, responseChart } from '@vigil/domain/response-chart'
import { PERIOD_MS } from '@vigil/domain/uptime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'
import { startHttpTarget } from './support/targets.ts'

// What the stats answer gives a monitor's response-time chart: every check of a window with few enough of them (a
// new monitor's first minutes, a day of checks every 30 s), the steps of one with more, with empty steps where the
// checks stopped; the window ends now, and so does the chart's axis.

const MINUTE = PERIOD_MS.minute
const HOUR = PERIOD_MS.hour

describe.each(dialects)("a monitor's response-time series on %s", (dialect) => {
  let db: TestDb
  let t: TestApp
  let web: Awaited<ReturnType<typeof startHttpTarget>>

  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
    web = await startHttpTarget()
  })
  afterAll(async () => {
    await web.close()
    await db.drop()
  })

  const setup = async (intervalSeconds: number) => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const created = await t.call('POST', '/api/monitors', {
      token,
      body: { type: 'web', name: 'Shop', url: web.url, interval_seconds: intervalSeconds, retries: 0 },
    })
    expect(created.status, created.text).toBe(201)
    const monitor = created.json.data.monitor
    const stats = async (window: string) => {
      const res = await t.call('GET', `/api/monitors/${monitor.id}/stats?window=${window}`, { token })
      expect(res.status, res.text).toBe(200)
      return res.json.data.stats as MonitorStats
    }
    const results = async () => {
      const res = await t.call('GET', `/api/monitors/${monitor.id}/results?limit=100`, { token })
      return res.json.data as { results: { checked_at: string; ok: boolean }[]; pagination: { total: number } }
    }
    return { token, monitor, stats, results }
  }

  /** Results written by the app's recorder, as the scheduler's checks are: `ok(i)` says how check i went. */
  const record = async (monitorId: string, times: readonly number[], ok: (i: number) => boolean = () => true) => {
    const written = times.map((at, i) =>
      t.deps.recorder.record({
        monitorId,
        lease: null,
        scheduledAt: at,
        startedAt: at,
        finishedAt: at + 40,
        outcome: ok(i)
          ? { ok: true, responseMs: 40 + (i % 7), message: 'HTTP 200' }
          : { ok: false, responseMs: null, message: 'Connection refused' },
      }),
    )
    await t.deps.recorder.flush()
    expect((await Promise.all(written)).every((r) => r !== null)).toBe(true)
  }

  it("draws each of a new monitor's checks, from its first check to now, in every window", async () => {
    const { token, monitor, stats, results } = await setup(30)
    // 13 minutes of real checks every 30 s against the loopback site; the 20th fails.
    for (let i = 0; i < 26; i++) {
      web.state.mode = i === 19 ? 'error' : 'ok'
      const res = await t.call('POST', `/api/monitors/${monitor.id}/check`, { token })
      expect(res.status, res.text).toBe(200)
      t.clock.advance(30_000)
    }
    web.state.mode = 'ok'
    const now = t.clock.now()
    const { results: kept, pagination } = await results()
    expect(pagination.total).toBe(26)
    const times = kept.map((r) => Date.parse(r.checked_at)).reverse()

    for (const window of ['24h', '7d', '30d', '90d']) {
      const answer = await stats(window)
      expect(answer.to).toBe(new Date(now).toISOString())
      expect(answer.checks).toBe(26)
      // One point a check: the window's results, oldest first.
      expect(answer.checks_series?.at).toEqual(times)
      expect(answer.checks_series?.ok.filter((ok) => !ok)).toHaveLength(1)
      const chart = responseChart(answer, monitor)
      expect(chart.stepMs).toBeNull()
      expect(chart.points).toBe(25)
      // The failed check breaks the line: the others are joined.
      expect(chart.avg.filter((v) => v === null)).toHaveLength(1)
      expect(chart.range).toEqual([(times[0] as number) / 1000, now / 1000])
    }
  })

  it('draws the steps of a window with more checks than it draws each, with gaps where the checks stopped', async () => {
    const { monitor, stats } = await setup(30)
    // On an hour, so that the silence is three whole steps.
    const start = Math.ceil(t.clock.now() / HOUR) * HOUR
    t.clock.set(start)
    // A day and a half of checks every 30 s (more than MAX_CHECK_POINTS), stopped for three hours in the middle.
    const times: number[] = []
    for (let at = start + 1_000; at < start + 36 * HOUR; at += 30_000)
      if (at < start + 12 * HOUR || at >= start + 15 * HOUR) times.push(at)
    expect(times.length).toBeGreaterThan(MAX_CHECK_POINTS)
    await record(monitor.id, times)
    t.clock.set(start + 36 * HOUR)
    const now = t.clock.now()

    const week = await stats('7d')
    expect(week.checks).toBe(times.length)
    expect(week.checks_series).toBeNull()
    // Hourly steps, every one of the window to now; those of the silence have no checks.
    expect(Date.parse(week.series[1]?.t as string) - Date.parse(week.series[0]?.t as string)).toBe(HOUR)
    const silent = week.series.filter((p) => {
      const at = Date.parse(p.t)
      return at >= start + 12 * HOUR && at < start + 15 * HOUR
    })
    expect(silent.map((p) => p.checks)).toEqual([0, 0, 0])
    const chart = responseChart(week, monitor)
    expect(chart.stepMs).toBe(HOUR)
    expect(chart.range[1]).toBe(now / 1000)
    expect(chart.x.every((x) => x <= now / 1000)).toBe(true)
    // One break, across the silence.
    expect(chart.avg.filter((v) => v === null)).toHaveLength(1)

    // The last day holds fewer: each of its checks is drawn.
    const day = await stats('24h')
    const inDay = times.filter((at) => at >= Date.parse(day.from))
    expect(inDay.length).toBeLessThanOrEqual(MAX_CHECK_POINTS)
    expect(day.checks_series?.at).toEqual(inDay)
    expect(responseChart(day, monitor).points).toBe(inDay.length)
  })

  it('draws the steps when some of the checks of the window are no longer kept', async () => {
    const { monitor, stats } = await setup(60)
    const start = t.clock.now()
    const times = Array.from({ length: 120 }, (_, i) => start + 1_000 + i * MINUTE)
    await record(monitor.id, times, (i) => i !== 50)
    t.clock.set(start + 2 * HOUR + 1_000)
    expect((await stats('24h')).checks_series?.at).toHaveLength(120)

    // The plan's retention took the first hour's results; the rollups still count them.
    await t.repos.checkResults.prune([monitor.id], start + HOUR)
    const day = await stats('24h')
    expect(day.checks).toBe(120)
    expect(day.checks_series).toBeNull()
    expect(responseChart(day, monitor).stepMs).toBe(15 * MINUTE)
  })
})
