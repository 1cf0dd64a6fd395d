import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from '../harness.ts'
import { startHttpTarget } from '../support/targets.ts'

// What status pages change in the engine: a monitor in an announced maintenance window neither alerts nor
// loses uptime, and an engine incident published on a page is resolved there when the monitor recovers.

describe.each(dialects)('maintenance and published incidents in the engine on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let web: Awaited<ReturnType<typeof startHttpTarget>>

  beforeAll(async () => {
    db = await openTestDb(dialect)
    web = await startHttpTarget()
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
  })
  afterAll(async () => {
    await web.close()
    await db.drop()
  })

  const setup = async () => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const monitor = await t.call('POST', '/api/monitors', {
      token,
      body: { type: 'web', name: 'Shop', url: web.url, interval_seconds: 60, retries: 0 },
    })
    expect(monitor.status, monitor.text).toBe(201)
    const monitorId = monitor.json.data.monitor.id as string
    const page = await t.call('POST', '/api/status_pages', {
      token,
      body: {
        name: 'Shop status',
        slug: `shop-${Math.random().toString(36).slice(2, 8)}`,
        published: true,
        components: [{ monitor_id: monitorId, display_name: 'Shop' }],
      },
    })
    expect(page.status, page.text).toBe(201)
    const check = async () => {
      const res = await t.call('POST', `/api/monitors/${monitorId}/check`, { token })
      expect(res.status, res.text).toBe(200)
      return res.json.data.monitor
    }
    const incidents = async () =>
      (await t.call('GET', `/api/incidents?monitor_id=${monitorId}`, { token })).json.data.incidents as {
        id: string
        resolved_at: string | null
      }[]
    const notifications = () =>
      db.database.db.selectFrom('notifications').selectAll().where('target_id', '=', monitorId).execute()
    return { token, monitorId, page: page.json.data.status_page, check, incidents, notifications }
  }

  it('keeps a monitor in a maintenance window from alerting and leaves that time out of its uptime', async () => {
    const { token, monitorId, page, check, incidents, notifications } = await setup()
    await check()
    t.clock.advance(60_000)
    expect((await check()).status).toBe('up')
    const now = t.clock.now()
    const window = await t.call('POST', `/api/status_pages/${page.id}/maintenance`, {
      token,
      body: {
        title: 'Move to a new host',
        starts_at: new Date(now).toISOString(),
        ends_at: new Date(now + 10 * 60_000).toISOString(),
        component_ids: [page.components[0].id],
      },
    })
    expect(window.status, window.text).toBe(201)

    await web.down()
    try {
      for (let i = 0; i < 5; i++) {
        t.clock.advance(60_000)
        const monitor = await check()
        expect(monitor.status).toBe('up')
        expect(monitor.last_error).toMatch(/refused/i)
      }
      expect(await incidents()).toEqual([])
      expect(await notifications()).toEqual([])
      const deliveries = await db.database.db.selectFrom('deliveries').selectAll().execute()
      expect(deliveries.filter((d) => JSON.stringify(d).includes(monitorId))).toEqual([])
      const stats = (await t.call('GET', `/api/monitors/${monitorId}`, { token })).json.data.monitor
      expect(stats.uptime_24h).toBe(100)

      // The window ends with the target still down: the first check judges it as any other.
      t.clock.advance(6 * 60_000)
      expect((await check()).status).toBe('down')
      expect(await incidents()).toHaveLength(1)
    } finally {
      await web.up()
    }
  })

  it('resolves an engine incident published on a page when the monitor recovers', async () => {
    const { token, page, check, incidents } = await setup()
    await check()
    await web.down()
    try {
      t.clock.advance(60_000)
      expect((await check()).status).toBe('down')
    } finally {
      await web.up()
    }
    const [open] = await incidents()
    const published = await t.call('POST', `/api/status_pages/${page.id}/incidents`, {
      token,
      body: { from_incident_id: open?.id },
    })
    expect(published.status, published.text).toBe(201)
    expect(published.json.data.incident).toMatchObject({ status: 'investigating', resolved_at: null })

    t.clock.advance(60_000)
    expect((await check()).status).toBe('up')
    const list = (await t.call('GET', `/api/status_pages/${page.id}/incidents`, { token })).json.data.incidents
    expect(list).toHaveLength(1)
    expect(list[0].status).toBe('resolved')
    expect(list[0].resolved_at).toBe(new Date(t.clock.now()).toISOString().replace(/\.\d+Z$/, '.000Z'))
    expect(list[0].updates[0]).toMatchObject({
      status: 'resolved',
      message: 'This incident has been resolved: the service is working again.',
    })
  })
})
