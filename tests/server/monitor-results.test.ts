import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'
import { startHttpTarget } from './support/targets.ts'

// A result history that tells the truth: each result says what its check found (ok, slow, failed) apart from the
// monitor's state after it, where it stands in a run of retries or recovery checks, and whether it ran in a
// maintenance window; the stats mark the outages and the maintenance of the window.

describe.each(dialects)('results and their context on %s', (dialect) => {
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

  const setup = async (over: Record<string, unknown> = {}) => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const created = await t.call('POST', '/api/monitors', {
      token,
      body: { type: 'web', name: 'Shop', url: web.url, interval_seconds: 60, ...over },
    })
    expect(created.status, created.text).toBe(201)
    const id = created.json.data.monitor.id as string
    const check = async () => {
      const res = await t.call('POST', `/api/monitors/${id}/check`, { token })
      expect(res.status, res.text).toBe(200)
      return res.json.data as { result: Record<string, unknown>; monitor: { status: string } }
    }
    const results = async () =>
      (await t.call('GET', `/api/monitors/${id}/results?limit=100`, { token })).json.data.results as Record<
        string,
        unknown
      >[]
    return { token, id, check, results }
  }

  it('tells a failure waiting for its retry from the state it left, and a success while recovering', async () => {
    const { check, results } = await setup({ retries: 1, recovery_checks: 3 })
    const first = await check()
    expect(first.result).toMatchObject({ verdict: 'ok', status: 'up', confirming: null, maintenance: false })

    await web.down()
    try {
      t.clock.advance(60_000)
      const waiting = await check()
      // The monitor is still up; the check failed, and its retry will confirm it.
      expect(waiting.result).toMatchObject({
        ok: false,
        verdict: 'failed',
        status: 'up',
        confirming: { step: 1, of: 2 },
        maintenance: false,
      })
      expect(waiting.monitor.status).toBe('up')
      t.clock.advance(20_000)
      const confirmed = await check()
      expect(confirmed.result).toMatchObject({ verdict: 'failed', status: 'down', confirming: null })
      t.clock.advance(60_000)
      expect((await check()).result).toMatchObject({ verdict: 'failed', status: 'down', confirming: null })
    } finally {
      await web.up()
    }

    t.clock.advance(60_000)
    expect((await check()).result).toMatchObject({ verdict: 'ok', status: 'down', confirming: { step: 1, of: 3 } })
    t.clock.advance(20_000)
    expect((await check()).result).toMatchObject({ verdict: 'ok', status: 'down', confirming: { step: 2, of: 3 } })
    t.clock.advance(20_000)
    expect((await check()).result).toMatchObject({ verdict: 'ok', status: 'up', confirming: null })

    // The history answers the same, newest first.
    const history = await results()
    expect(history.map((r) => [r.verdict, r.status, r.confirming])).toEqual([
      ['ok', 'up', null],
      ['ok', 'down', { step: 2, of: 3 }],
      ['ok', 'down', { step: 1, of: 3 }],
      ['failed', 'down', null],
      ['failed', 'down', null],
      ['failed', 'up', { step: 1, of: 2 }],
      ['ok', 'up', null],
    ])
  })

  it('reads a slow check as slow, and a failure without retries as confirmed at once', async () => {
    const { check } = await setup({ retries: 0, degraded_threshold_ms: 100 })
    web.state.mode = 'slow'
    try {
      expect((await check()).result).toMatchObject({ ok: true, verdict: 'slow', status: 'degraded', confirming: null })
    } finally {
      web.state.mode = 'ok'
    }
    t.clock.advance(60_000)
    expect((await check()).result).toMatchObject({ verdict: 'ok', status: 'up' })
    web.state.mode = 'error'
    try {
      t.clock.advance(60_000)
      expect((await check()).result).toMatchObject({ verdict: 'failed', status: 'down', confirming: null })
    } finally {
      web.state.mode = 'ok'
    }
  })

  it('flags results in a maintenance window, and marks outages and maintenance on the stats', async () => {
    const { token, id, check, results } = await setup({ retries: 0 })
    const page = await t.call('POST', '/api/status_pages', {
      token,
      body: {
        name: 'Shop status',
        slug: `shop-${Math.random().toString(36).slice(2, 8)}`,
        published: true,
        components: [{ monitor_id: id, display_name: 'Shop' }],
      },
    })
    expect(page.status, page.text).toBe(201)

    await check()
    // An outage: down at once (no retries), back on the next good check.
    web.state.mode = 'error'
    t.clock.advance(60_000)
    const down = await check()
    web.state.mode = 'ok'
    t.clock.advance(60_000)
    const up = await check()
    expect(up.monitor.status).toBe('up')

    // A maintenance window of ten minutes from now; a failure in it changes nothing and says so.
    t.clock.advance(60_000)
    const starts = t.clock.now()
    const window = await t.call('POST', `/api/status_pages/${page.json.data.status_page.id}/maintenance`, {
      token,
      body: {
        title: 'Move to a new host',
        starts_at: new Date(starts).toISOString(),
        ends_at: new Date(starts + 10 * 60_000).toISOString(),
      },
    })
    expect(window.status, window.text).toBe(201)
    web.state.mode = 'error'
    try {
      t.clock.advance(60_000)
      const during = await check()
      expect(during.result).toMatchObject({ verdict: 'failed', status: 'up', confirming: null, maintenance: true })
      expect(during.monitor.status).toBe('up')
    } finally {
      web.state.mode = 'ok'
    }
    expect((await results())[0]).toMatchObject({ verdict: 'failed', maintenance: true })

    const stats = (await t.call('GET', `/api/monitors/${id}/stats?window=24h`, { token })).json.data.stats
    expect(stats.outages).toEqual([{ from: down.result.checked_at, to: up.result.checked_at }])
    // The window goes on past now: the answer stops at now.
    expect(stats.maintenance).toEqual([{ from: new Date(starts).toISOString(), to: stats.to }])

    // A week later both are out of the 24-hour window, still in the 30-day one.
    t.clock.advance(7 * 86_400_000)
    const later = (await t.call('GET', `/api/monitors/${id}/stats?window=24h`, { token })).json.data.stats
    expect([later.outages, later.maintenance]).toEqual([[], []])
    const month = (await t.call('GET', `/api/monitors/${id}/stats?window=30d`, { token })).json.data.stats
    expect(month.outages).toHaveLength(1)
    expect(month.maintenance).toEqual([
      { from: new Date(starts).toISOString(), to: new Date(starts + 10 * 60_000).toISOString() },
    ])
  })

  it('reads a result stored before this was kept by its ok and state, the rest unknown', async () => {
    const { token, id, results } = await setup()
    const at = t.clock.now()
    await db.database.db
      .insertInto('check_results')
      .values([
        { monitor_id: id, checked_at: at, status: 'up', ok: 0, response_ms: null, message: 'Refused', detail: null },
        {
          monitor_id: id,
          checked_at: at + 1,
          status: 'degraded',
          ok: 1,
          response_ms: 900,
          message: 'OK',
          detail: null,
        },
      ])
      .execute()
    expect((await results()).map((r) => [r.verdict, r.status, r.confirming, r.maintenance])).toEqual([
      ['slow', 'degraded', null, null],
      ['failed', 'up', null, null],
    ])
    expect((await t.call('GET', `/api/monitors/${id}/results`, { token })).status).toBe(200)
  })

  it("answers 404 for another user's results and stats", async () => {
    const { id, check } = await setup()
    await check()
    const other = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    for (const path of [`/api/monitors/${id}/results`, `/api/monitors/${id}/stats?window=24h`]) {
      const res = await t.call('GET', path, { token: other.token })
      expect(res.status, path).toBe(404)
      expect(res.json.message).toBe('Monitor not found.')
    }
  })
})
