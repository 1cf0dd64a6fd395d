import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'
import { startHttpTarget, startTcpTarget } from './support/targets.ts'

type Target = Awaited<ReturnType<typeof startHttpTarget>>
type TcpTarget = Awaited<ReturnType<typeof startTcpTarget>>

describe.each(dialects)('monitors API on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let web: Target
  let tcp: TcpTarget
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
    web = await startHttpTarget()
    tcp = await startTcpTarget()
  })
  afterAll(async () => {
    await web.close()
    await tcp.close()
    await db.drop()
  })

  const pro = () => t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
  const create = (token: string, body: Record<string, unknown>) => t.call('POST', '/api/monitors', { token, body })
  const webBody = (over: Record<string, unknown> = {}) => ({
    type: 'web',
    name: 'Shop',
    url: web.url,
    interval_seconds: 60,
    ...over,
  })

  describe('create, read, list', () => {
    it('creates each of the four types with their defaults, pending until checked', async () => {
      const { token } = await pro()
      const bodies = [
        webBody({ keyword: 'Welcome' }),
        {
          type: 'api',
          name: 'Orders API',
          url: `${web.url}api/orders`,
          method: 'POST',
          headers: { 'X-Key': 'k1' },
          body: '{"a":1}',
          assertions: [{ type: 'json', path: '$.status', operator: 'equals', value: 'ok' }],
          interval_seconds: 30,
        },
        { type: 'port', name: 'SSH', host: '127.0.0.1', port: tcp.port, interval_seconds: 120 },
        { type: 'ping', name: 'Router', host: '2130706433', count: 2 },
      ]
      for (const body of bodies) {
        const res = await create(token, body)
        expect(res.status, res.text).toBe(201)
        expect(res.json.data.monitor).toMatchObject({
          id: expect.any(String),
          type: body.type,
          name: body.name,
          status: 'pending',
          paused: false,
          last_checked_at: null,
          last_response_ms: null,
          retries: 1,
          retry_interval_seconds: 20,
          recovery_checks: 1,
          timeout_seconds: 10,
          degraded_threshold_ms: null,
          uptime_24h: null,
          uptime_30d: null,
        })
      }
      const list = await t.call('GET', '/api/monitors', { token })
      expect(list.status).toBe(200)
      expect(list.json.data.monitors.map((m: { type: string }) => m.type)).toEqual(['web', 'api', 'port', 'ping'])
      expect(list.json.data.counts).toEqual({ total: 4, up: 0, down: 0, degraded: 0, paused: 0, pending: 4 })
      const [w, a, p, g] = list.json.data.monitors
      expect(w).toMatchObject({ expected_status: '200-299', method: 'GET', keyword: 'Welcome', follow_redirects: true })
      expect(a).toMatchObject({ method: 'POST', headers: { 'X-Key': '••••••••' }, body: '{"a":1}' })
      expect(a.assertions).toEqual([{ type: 'json', path: '$.status', operator: 'equals', value: 'ok' }])
      expect(p).toMatchObject({ host: '127.0.0.1', port: tcp.port })
      // A numeric IPv4 form is stored as the address it means.
      expect(g).toMatchObject({ host: '127.0.0.1', count: 2 })

      const only = await t.call('GET', '/api/monitors?type=port', { token })
      expect(only.json.data.monitors).toHaveLength(1)
      expect(only.json.data.counts.total).toBe(1)
      const one = await t.call('GET', `/api/monitors/${p.id}`, { token })
      expect(one.json.data.monitor).toMatchObject({ id: p.id, name: 'SSH' })
    })

    it.each([
      [
        { type: 'smtp' },
        'type',
        'Type must be one of web, api, port, ping, dns, ssl, domain, blacklist, aws, azure, microsoft365.',
      ],
      [{ name: '' }, 'name', 'Name is required.'],
      [{ url: 'ftp://example.com' }, 'url', 'URL must start with http:// or https://.'],
      [{ url: 'http://' }, 'url', 'Enter a full URL, such as https://example.com/health.'],
      [
        { expected_status: '200-199' },
        'expected_status',
        '"200-199" is not a range: the first code must not be above the second.',
      ],
      [
        { expected_status: 'ok' },
        'expected_status',
        '"ok" is not a status code: use codes from 100 to 599, ranges such as 200-299, or 2xx.',
      ],
      [{ interval_seconds: 'often' }, 'interval_seconds', 'Interval must be a number.'],
      [{ timeout_seconds: 90 }, 'timeout_seconds', 'Timeout must not be longer than the interval.'],
      [{ retries: 11 }, 'retries', 'Retries must be at most 10.'],
      [{ method: 'FETCH' }, 'method', 'Method must be one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.'],
    ])('rejects %j with 400 and a message on %s, storing nothing', async (over, field, message) => {
      const { token } = await pro()
      const res = await create(token, webBody(over))
      expect(res.status).toBe(400)
      expect(res.json.errors[field]).toBe(message)
      expect(res.json.message).toBeTruthy()
      expect((await t.call('GET', '/api/monitors', { token })).json.data.counts.total).toBe(0)
    })

    it.each([
      [
        { type: 'port', name: 'x', host: 'https://example.com', port: 22 },
        'host',
        'Enter a host name or IP address without a scheme or path, such as example.com or 192.0.2.10.',
      ],
      [
        { type: 'port', name: 'x', host: 'bad_host!', port: 22 },
        'host',
        '"bad_host!" is not a valid host name or IP address.',
      ],
      [{ type: 'port', name: 'x', host: 'example.com', port: 70000 }, 'port', 'Port must be at most 65535.'],
      [{ type: 'port', name: 'x', host: 'example.com' }, 'port', 'Port is required.'],
      [{ type: 'ping', name: 'x', host: '999.1.1.1' }, 'host', '"999.1.1.1" is not a valid host name or IP address.'],
      [{ type: 'ping', name: 'x', host: 'example.com', count: 0 }, 'count', 'Count must be at least 1.'],
      [
        { type: 'api', name: 'x', url: 'https://example.com', headers: { 'bad name': 'v' } },
        'headers',
        'A header name has letters, digits and hyphens only.',
      ],
      [
        // A credential's value as another monitor's answer masks it: the secret is not this new monitor's.
        { type: 'api', name: 'x', url: 'https://example.com', headers: { Authorization: '••••••••wxyz' } },
        'headers',
        'Type the value of the Authorization header: a saved secret is never shown, so it is not copied.',
      ],
      [
        {
          type: 'api',
          name: 'x',
          url: 'https://example.com',
          assertions: [{ type: 'json', path: 'status', operator: 'equals', value: 'ok' }],
        },
        'assertions.0.path',
        'Use a JSON path such as $.a.b.',
      ],
      [
        {
          type: 'api',
          name: 'x',
          url: 'https://example.com',
          assertions: [{ type: 'status', operator: 'below', value: 1 }],
        },
        'assertions.0.operator',
        'Operator must be equals, not_equals, contains, less_than or greater_than.',
      ],
    ])('rejects a bad %j', async (body, field, message) => {
      const { token } = await pro()
      const res = await create(token, { interval_seconds: 300, ...body })
      expect(res.status).toBe(400)
      expect(res.json.errors[field]).toBe(message)
    })

    it('refuses a body that is not a JSON object', async () => {
      const { token } = await pro()
      expect((await create(token, [1, 2] as never)).status).toBe(400)
      const text = await t.call('POST', '/api/monitors', {
        token,
        body: 'name=x',
        headers: { 'content-type': 'text/plain' },
      })
      expect(text.status).toBe(415)
      const broken = await t.call('POST', '/api/monitors', { token, body: '{"type":' })
      expect(broken.status).toBe(400)
      expect(broken.json.message).toBe('The request body is not valid JSON.')
    })

    it('needs a session', async () => {
      expect((await t.call('GET', '/api/monitors')).status).toBe(401)
      expect((await t.call('POST', '/api/monitors', { body: webBody() })).status).toBe(401)
    })
  })

  describe('plan limits', () => {
    it('refuses an interval faster than the plan allows, naming the limit', async () => {
      const { token } = await t.register()
      const res = await create(token, webBody({ interval_seconds: 60 }))
      expect(res.status).toBe(403)
      expect(res.json.message).toBe(
        'Your Basic plan checks at most every 5 minutes (300 seconds). Choose a longer interval or upgrade your plan.',
      )
      expect(res.json.errors.interval_seconds).toBe(res.json.message)
      expect((await create(token, webBody({ interval_seconds: 300 }))).status).toBe(201)
    })

    it('refuses the monitor past the plan maximum', async () => {
      const { token } = await t.register()
      for (let i = 0; i < 20; i++) expect((await create(token, webBody({ interval_seconds: 300 }))).status).toBe(201)
      const res = await create(token, webBody({ interval_seconds: 300 }))
      expect(res.status).toBe(403)
      expect(res.json.message).toBe(
        'Your Basic plan allows up to 20 monitors. Delete a monitor or upgrade your plan to add more.',
      )
    })

    it('refuses a monitor type whose feature the plan locks', async () => {
      const { token } = await t.register()
      await db.database.db
        .updateTable('plan_accesses')
        .set({ access: 0 })
        .where('plan_id', '=', 'basic')
        .where('feature', '=', 'Port Monitoring')
        .execute()
      try {
        const res = await create(token, {
          type: 'port',
          name: 'p',
          host: '127.0.0.1',
          port: tcp.port,
          interval_seconds: 300,
        })
        expect(res.status).toBe(403)
        expect(res.json.message).toBe(
          'The Port Monitoring feature is part of our premium offerings. Please upgrade your plan to unlock it!',
        )
      } finally {
        await db.database.db
          .updateTable('plan_accesses')
          .set({ access: 1 })
          .where('plan_id', '=', 'basic')
          .where('feature', '=', 'Port Monitoring')
          .execute()
      }
    })
  })

  describe('change, pause, resume, delete', () => {
    it('changes fields of its own type and keeps the rest', async () => {
      const { token } = await pro()
      const { id } = (await create(token, webBody({ keyword: 'Welcome' }))).json.data.monitor
      const res = await t.call('PATCH', `/api/monitors/${id}`, {
        token,
        body: { name: 'Shop front', expected_status: [200, '301-302'] },
      })
      expect(res.status).toBe(200)
      expect(res.json.data.monitor).toMatchObject({
        name: 'Shop front',
        expected_status: '200,301-302',
        keyword: 'Welcome',
        url: web.url,
      })
    })

    it.each([
      [{ type: 'api' }, 'type', 'The type of a monitor cannot change; create a new monitor instead.'],
      [{ name: 'Shop', host: 'example.com' }, 'host', 'This field is not part of this type of monitor.'],
      [{ timeout_seconds: 61 }, 'timeout_seconds', 'Timeout must not be longer than the interval.'],
      [{ url: 'not a url' }, 'url', 'URL must start with http:// or https://.'],
    ])('refuses the change %j with 400 and keeps the monitor as it was', async (body, field, message) => {
      const { token } = await pro()
      const { id } = (await create(token, webBody())).json.data.monitor
      const res = await t.call('PATCH', `/api/monitors/${id}`, { token, body })
      expect(res.status).toBe(400)
      expect(res.json.errors[field]).toBe(message)
      expect((await t.call('GET', `/api/monitors/${id}`, { token })).json.data.monitor).toMatchObject({
        url: web.url,
        interval_seconds: 60,
      })
    })

    it('refuses a faster interval than the plan allows when changing it', async () => {
      const { token } = await t.register()
      const { id } = (await create(token, webBody({ interval_seconds: 600 }))).json.data.monitor
      const res = await t.call('PATCH', `/api/monitors/${id}`, { token, body: { interval_seconds: 120 } })
      expect(res.status).toBe(403)
      expect(res.json.message).toContain('Your Basic plan checks at most every 5 minutes')
    })

    it('pauses (no checks, no next check), refuses a check while paused, resumes as pending', async () => {
      const { token } = await pro()
      const { id } = (await create(token, webBody())).json.data.monitor
      const paused = await t.call('POST', `/api/monitors/${id}/pause`, { token })
      expect(paused.json.data.monitor).toMatchObject({ status: 'paused', paused: true, next_check_at: null })
      const check = await t.call('POST', `/api/monitors/${id}/check`, { token })
      expect(check.status).toBe(409)
      expect(check.json.message).toBe('This monitor is paused. Resume it to check it.')
      const list = await t.call('GET', '/api/monitors', { token })
      expect(list.json.data.counts.paused).toBe(1)
      const resumed = await t.call('POST', `/api/monitors/${id}/resume`, { token })
      expect(resumed.json.data.monitor).toMatchObject({ status: 'pending', paused: false })
      expect(resumed.json.data.monitor.next_check_at).not.toBeNull()
    })

    it('deletes a monitor with its history', async () => {
      const { token } = await pro()
      const { id } = (await create(token, webBody())).json.data.monitor
      await t.call('POST', `/api/monitors/${id}/check`, { token })
      const res = await t.call('DELETE', `/api/monitors/${id}`, { token })
      expect(res.status).toBe(200)
      expect(res.json.data.message).toBe('Monitor deleted.')
      expect((await t.call('GET', `/api/monitors/${id}`, { token })).status).toBe(404)
      expect((await t.call('DELETE', `/api/monitors/${id}`, { token })).status).toBe(404)
      const left = await db.database.db
        .selectFrom('check_results')
        .select('monitor_id')
        .where('monitor_id', '=', id)
        .execute()
      expect(left).toEqual([])
    })
  })

  describe('checks, incidents and notifications', () => {
    it('goes down only after the retries, opens an incident with a notification, and closes it on recovery', async () => {
      const { token } = await pro()
      const { id } = (await create(token, webBody({ name: 'Storefront', keyword: 'Welcome' }))).json.data.monitor
      const check = () => t.call('POST', `/api/monitors/${id}/check`, { token })

      const first = await check()
      expect(first.status).toBe(200)
      expect(first.json.data.result).toMatchObject({ status: 'up', ok: true, message: expect.any(String) })
      expect(first.json.data.result.detail.status_code).toBe(200)
      expect(first.json.data.monitor).toMatchObject({ status: 'up', last_error: null })
      expect(first.json.data.monitor.last_response_ms).toBeGreaterThanOrEqual(0)

      await web.down()
      t.clock.advance(60_000)
      const retry = await check()
      expect(retry.json.data.result).toMatchObject({ ok: false, status: 'up' })
      expect(retry.json.data.result.message).toMatch(/refused/i)
      // Not confirmed yet: no incident, no notification, and the next check comes at the retry interval.
      expect((await t.call('GET', `/api/incidents?monitor_id=${id}`, { token })).json.data.incidents).toEqual([])
      expect(Date.parse(retry.json.data.monitor.next_check_at)).toBeLessThanOrEqual(t.clock.now() + 20_000 + 1000)

      t.clock.advance(20_000)
      const confirmed = await check()
      expect(confirmed.json.data.monitor.status).toBe('down')
      const open = await t.call('GET', '/api/incidents?open=true', { token })
      expect(open.json.data.incidents).toHaveLength(1)
      expect(open.json.data.incidents[0]).toMatchObject({
        monitor_id: id,
        monitor_name: 'Storefront',
        monitor_type: 'web',
        resolved_at: null,
        duration_ms: null,
        started_at: retry.json.data.result.checked_at,
      })
      const bell = await t.call('GET', '/api/user_notification?page=1&limit=50', { token })
      const alert = bell.json.data.notificationList[0]
      expect(alert).toMatchObject({
        notification_type: 'web',
        target_id: id,
        notification_title: 'Storefront is down',
        is_opened: false,
      })
      expect(alert.notification_description).toMatch(
        /^Storefront has been down since \d\d \w{3} 2026, \d\d:\d\d UTC: .*refused/i,
      )

      // Still down: no second incident or notification.
      t.clock.advance(60_000)
      await check()
      expect((await t.call('GET', '/api/incidents', { token })).json.data.pagination.total).toBe(1)

      await web.up()
      t.clock.advance(60_000)
      const back = await check()
      expect(back.json.data.monitor.status).toBe('up')
      const closed = (await t.call('GET', `/api/incidents?monitor_id=${id}`, { token })).json.data.incidents[0]
      expect(closed.resolved_at).toBe(back.json.data.result.checked_at)
      expect(closed.duration_ms).toBe(140_000)
      expect((await t.call('GET', '/api/incidents?open=true', { token })).json.data.incidents).toEqual([])
      const after = await t.call('GET', '/api/user_notification?page=1&limit=50', { token })
      expect(after.json.data.notificationList[0]).toMatchObject({
        notification_title: 'Storefront is back up',
        notification_type: 'web',
        target_id: id,
      })
      expect(after.json.data.notificationList[0].notification_description).toContain('after 2 minutes of downtime')
      expect(after.json.data.unread_count).toBe(3)
    })

    it('reports a missing keyword and a wrong status as failures with a clear message', async () => {
      const { token } = await pro()
      const kw = (await create(token, webBody({ keyword: 'Checkout' }))).json.data.monitor
      const res = await t.call('POST', `/api/monitors/${kw.id}/check`, { token })
      expect(res.json.data.result.ok).toBe(false)
      expect(res.json.data.result.message).toContain('Checkout')
      web.state.mode = 'error'
      try {
        const st = (await create(token, webBody())).json.data.monitor
        const r = await t.call('POST', `/api/monitors/${st.id}/check`, { token })
        expect(r.json.data.result.ok).toBe(false)
        expect(r.json.data.result.message).toContain('503')
      } finally {
        web.state.mode = 'ok'
      }
    })

    it('checks api assertions, port and ping monitors', async () => {
      const { token } = await pro()
      const api = (
        await create(token, {
          type: 'api',
          name: 'Orders',
          url: `${web.url}api/orders`,
          interval_seconds: 60,
          assertions: [
            { type: 'status', operator: 'equals', value: 200 },
            { type: 'json', path: '$.items.length', operator: 'equals', value: 3 },
          ],
        })
      ).json.data.monitor
      const apiCheck = await t.call('POST', `/api/monitors/${api.id}/check`, { token })
      expect(apiCheck.json.data.result).toMatchObject({ ok: false })
      expect(apiCheck.json.data.result.message).toBe('JSON $.items.length is 2, expected it to equal "3".')

      const port = (
        await create(token, { type: 'port', name: 'DB', host: '127.0.0.1', port: tcp.port, interval_seconds: 60 })
      ).json.data.monitor
      const portCheck = await t.call('POST', `/api/monitors/${port.id}/check`, { token })
      expect(portCheck.json.data.result).toMatchObject({ ok: true, status: 'up' })

      const ping = (
        await create(token, { type: 'ping', name: 'Self', host: '127.0.0.1', count: 1, interval_seconds: 60 })
      ).json.data.monitor
      const pingCheck = await t.call('POST', `/api/monitors/${ping.id}/check`, { token })
      expect(pingCheck.json.data.result, JSON.stringify(pingCheck.json)).toMatchObject({ ok: true, status: 'up' })
      expect(pingCheck.json.data.result.detail.packet_loss).toBe(0)
    })

    it('lists results newest first in a range, page by page, and answers stats for each window', async () => {
      const { token } = await pro()
      const { id } = (await create(token, webBody())).json.data.monitor
      const times: string[] = []
      for (let i = 0; i < 5; i++) {
        const r = await t.call('POST', `/api/monitors/${id}/check`, { token })
        times.push(r.json.data.result.checked_at)
        t.clock.advance(60_000)
      }
      const page1 = await t.call('GET', `/api/monitors/${id}/results?limit=2`, { token })
      expect(page1.json.data.pagination).toEqual({ total: 5, page: 1, limit: 2, total_pages: 3 })
      expect(page1.json.data.results.map((r: { checked_at: string }) => r.checked_at)).toEqual([times[4], times[3]])
      const ranged = await t.call(
        'GET',
        `/api/monitors/${id}/results?from=${encodeURIComponent(times[1] as string)}&to=${Date.parse(times[3] as string)}`,
        { token },
      )
      expect(ranged.json.data.results.map((r: { checked_at: string }) => r.checked_at)).toEqual([
        times[3],
        times[2],
        times[1],
      ])

      for (const window of ['24h', '7d', '30d', '90d']) {
        const res = await t.call('GET', `/api/monitors/${id}/stats?window=${window}`, { token })
        expect(res.status).toBe(200)
        const stats = res.json.data.stats
        expect(stats).toMatchObject({ window, uptime: 100, checks: 5, incident_count: 0, downtime_ms: 0 })
        expect(stats.avg_response_ms).toBeGreaterThanOrEqual(0)
        expect(stats.p95_response_ms).toBeGreaterThanOrEqual(0)
        expect(stats.series.length).toBeGreaterThan(1)
        expect(stats.days.length).toBe(window === '90d' ? 90 : 30)
        expect(stats.days.at(-1)).toMatchObject({ uptime: 100, incidents: 0 })
        expect(stats.days[0]).toMatchObject({ uptime: null })
      }
      const list = await t.call('GET', '/api/monitors?type=web', { token })
      const row = list.json.data.monitors.find((m: { id: string }) => m.id === id)
      expect(row).toMatchObject({ uptime_24h: 100, uptime_30d: 100, status: 'up' })
    })

    it.each([['window=1y', 'window', 'Window must be one of 24h, 7d, 30d, 90d.']])(
      'rejects stats ?%s',
      async (query, field, message) => {
        const { token } = await pro()
        const { id } = (await create(token, webBody())).json.data.monitor
        const res = await t.call('GET', `/api/monitors/${id}/stats?${query}`, { token })
        expect(res.status).toBe(400)
        expect(res.json.errors[field]).toBe(message)
      },
    )

    it.each([
      ['from=yesterday', 'from'],
      ['from=2026-11-23T10:00:00Z&to=2026-11-22T10:00:00Z', 'from'],
      ['limit=500', 'limit'],
    ])('rejects results ?%s', async (query, field) => {
      const { token } = await pro()
      const { id } = (await create(token, webBody())).json.data.monitor
      const res = await t.call('GET', `/api/monitors/${id}/results?${query}`, { token })
      expect(res.status).toBe(400)
      expect(res.json.errors[field]).toBeTruthy()
    })
  })

  it("keeps users apart: every route answers 404 for another user's monitor", async () => {
    const a = await pro()
    const b = await pro()
    const { id } = (await create(a.token, webBody())).json.data.monitor
    await t.call('POST', `/api/monitors/${id}/check`, { token: a.token })
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/monitors/${id}`],
      ['PATCH', `/api/monitors/${id}`, { name: 'mine now' }],
      ['DELETE', `/api/monitors/${id}`],
      ['POST', `/api/monitors/${id}/pause`],
      ['POST', `/api/monitors/${id}/resume`],
      ['POST', `/api/monitors/${id}/check`],
      ['GET', `/api/monitors/${id}/results`],
      ['GET', `/api/monitors/${id}/stats?window=24h`],
      ['GET', `/api/incidents?monitor_id=${id}`],
    ]
    for (const [method, path, body] of routes) {
      const res = await t.call(method, path, { token: b.token, body })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.json.message).toBe('Monitor not found.')
    }
    expect((await t.call('GET', '/api/monitors', { token: b.token })).json.data.monitors).toEqual([])
    const still = await t.call('GET', `/api/monitors/${id}`, { token: a.token })
    expect(still.json.data.monitor).toMatchObject({ name: 'Shop', paused: false })
  })
})
