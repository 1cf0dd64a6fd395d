import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { channelContext, createDeliveryWorker } from '../../src/server/notify/delivery-worker.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'
import { type ChatServers, startChatServers } from './notify/chat-servers.ts'
import { startHttpTarget } from './support/targets.ts'

// Incidents people work on (issue 19): a real outage of a loopback site makes an incident whose timeline tells the
// first failure, the confirmation, the alert to a loopback webhook with its outcome, the reminders until someone
// acknowledges it (then none), comments and the recovery; its evidence is the failing checks. The list filters;
// another user's incident is not found on any route.

describe.each(dialects)('incidents on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let chat: ChatServers
  let web: Awaited<ReturnType<typeof startHttpTarget>>

  beforeAll(async () => {
    db = await openTestDb(dialect)
    chat = await startChatServers()
    web = await startHttpTarget()
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
  })
  beforeEach(() => {
    chat.reset()
    web.state.mode = 'ok'
  })
  afterAll(async () => {
    await chat.close()
    await web.close()
    await db.drop()
  })

  const worker = () =>
    createDeliveryWorker({
      database: db.database,
      logger: t.deps.logger,
      channels: () => channelContext(t.deps.config),
      clock: t.clock,
    })

  const setup = async (over: Record<string, unknown> = {}) => {
    const { token, user } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const hook = await t.call('POST', '/api/integrations', {
      token,
      body: { type: 'webhook', name: 'Pager', url: `${chat.webhookUrl}incident` },
    })
    expect(hook.status, hook.text).toBe(201)
    const created = await t.call('POST', '/api/monitors', {
      token,
      body: { type: 'web', name: 'Storefront', url: web.url, interval_seconds: 60, ...over },
    })
    expect(created.status, created.text).toBe(201)
    const id = created.json.data.monitor.id as string
    const check = async () => {
      const res = await t.call('POST', `/api/monitors/${id}/check`, { token })
      expect(res.status, res.text).toBe(200)
      return res.json.data as { monitor: { status: string } }
    }
    const list = async (query = '') => t.call('GET', `/api/incidents${query}`, { token })
    const incidentId = async () => (await list(`?monitor_id=${id}`)).json.data.incidents[0].id as string
    const detail = async (incident: string) => {
      const res = await t.call('GET', `/api/incidents/${incident}`, { token })
      expect(res.status, res.text).toBe(200)
      return res.json.data.incident
    }
    return { token, user, hookId: hook.json.data.integration.id as string, id, check, list, incidentId, detail }
  }
  const kinds = (incident: { timeline: { kind: string }[] }) => incident.timeline.map((e) => e.kind)

  it('tells an outage from the first failure to the recovery, and acknowledging stops the reminders', async () => {
    const s = await setup({ retries: 1, retry_interval_seconds: 20, reminder_minutes: 5, recovery_checks: 1 })
    await s.check()
    web.state.mode = 'error'
    t.clock.advance(60_000)
    const firstFailure = t.clock.now()
    await s.check()
    t.clock.advance(20_000)
    const confirmedAt = t.clock.now()
    expect((await s.check()).monitor.status).toBe('down')

    const incident = await s.incidentId()
    let seen = await s.detail(incident)
    expect(seen).toMatchObject({
      id: incident,
      state: 'open',
      started_at: new Date(firstFailure).toISOString(),
      resolved_at: null,
      acknowledged: null,
      monitor: { id: s.id, name: 'Storefront', type: 'web', target: web.url, status: 'down' },
    })
    expect(kinds(seen)).toEqual(['failed', 'confirmed', 'alert'])
    expect(seen.timeline[0].at).toBe(new Date(firstFailure).toISOString())
    expect(seen.timeline[1].at).toBe(new Date(confirmedAt).toISOString())
    // Queued with the incident, its outcome read from the outbox as it stands.
    expect(seen.timeline[2].delivery).toMatchObject({
      alert: 'down',
      status: 'pending',
      attempts: 0,
      channel: { id: s.hookId, name: 'Pager', type: 'webhook' },
    })
    await worker().runOnce()
    expect(chat.seen.filter((r) => r.service === 'webhook')).toHaveLength(1)
    seen = await s.detail(incident)
    expect(seen.timeline[2].delivery).toMatchObject({ status: 'delivered', attempts: 1, last_error: null })
    expect(seen.timeline[2].delivery.delivered_at).toBeTruthy()
    // The evidence: both failing checks, with the site's answer and the address it was reached at.
    expect(seen.evidence.total).toBe(2)
    expect(seen.evidence.results).toHaveLength(2)
    expect(seen.evidence.results[0]).toMatchObject({
      checked_at: new Date(firstFailure).toISOString(),
      status: 'up',
      verdict: 'failed',
      status_code: 503,
      address: '127.0.0.1',
    })
    expect(seen.evidence.results[0].message).toMatch(/503/)
    expect(seen.evidence.results[1]).toMatchObject({ status: 'down', status_code: 503 })

    // Still down after the reminder interval: a reminder to the channel.
    t.clock.advance(5 * 60_000)
    await s.check()
    seen = await s.detail(incident)
    expect(kinds(seen)).toEqual(['failed', 'confirmed', 'alert', 'reminder'])
    expect(seen.timeline[3].delivery).toMatchObject({ alert: 'reminder', channel: { name: 'Pager' } })

    // Acknowledged: who and when; a second time keeps the first.
    t.clock.advance(1000)
    const ackAt = t.clock.now()
    const ack = await t.call('POST', `/api/incidents/${incident}/acknowledge`, { token: s.token })
    expect(ack.status, ack.text).toBe(200)
    expect(ack.json.data.incident).toMatchObject({
      state: 'acknowledged',
      acknowledged: { at: new Date(ackAt).toISOString(), by: { name: s.user.name, email: s.user.email } },
    })
    t.clock.advance(1000)
    const again = await t.call('POST', `/api/incidents/${incident}/acknowledge`, { token: s.token })
    expect(again.status).toBe(200)
    expect(again.json.data.incident.acknowledged.at).toBe(new Date(ackAt).toISOString())
    expect(kinds(again.json.data.incident).filter((k) => k === 'acknowledged')).toHaveLength(1)
    expect((await s.list('?status=acknowledged')).json.data.incidents.map((i: { id: string }) => i.id)).toEqual([
      incident,
    ])
    expect((await s.list('?status=open')).json.data.incidents).toEqual([])

    // No more reminders once acknowledged, however long it stays down.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(6 * 60_000)
      await s.check()
    }
    seen = await s.detail(incident)
    expect(kinds(seen).filter((k) => k === 'reminder')).toHaveLength(1)
    const queued = await t.call('GET', `/api/integrations/${s.hookId}/deliveries`, { token: s.token })
    expect(queued.json.data.deliveries.map((d: { kind: string }) => d.kind)).toEqual(['reminder', 'down'])

    // A comment, trimmed; empty and too long ones are refused.
    const comment = await t.call('POST', `/api/incidents/${incident}/comments`, {
      token: s.token,
      body: { body: '  Restarting the load balancer.  ' },
    })
    expect(comment.status, comment.text).toBe(201)
    expect(comment.json.data.event).toMatchObject({
      kind: 'comment',
      body: 'Restarting the load balancer.',
      author: { name: s.user.name, email: s.user.email },
      delivery: null,
    })
    const blank = await t.call('POST', `/api/incidents/${incident}/comments`, { token: s.token, body: { body: '  ' } })
    expect(blank.status).toBe(400)
    expect(blank.json).toMatchObject({ message: 'Write a comment.', errors: { body: 'Write a comment.' } })
    const long = await t.call('POST', `/api/incidents/${incident}/comments`, {
      token: s.token,
      body: { body: 'x'.repeat(2001) },
    })
    expect(long.status).toBe(400)
    expect(long.json.message).toBe('A comment is at most 2000 characters.')

    // The recovery ends the timeline, with the up alert.
    web.state.mode = 'ok'
    t.clock.advance(60_000)
    const upAt = t.clock.now()
    expect((await s.check()).monitor.status).toBe('up')
    seen = await s.detail(incident)
    expect(seen).toMatchObject({ state: 'resolved', resolved_at: new Date(upAt).toISOString() })
    expect(kinds(seen)).toEqual([
      'failed',
      'confirmed',
      'alert',
      'reminder',
      'acknowledged',
      'comment',
      'resolved',
      'alert',
    ])
    expect(seen.timeline.at(-1).delivery).toMatchObject({ alert: 'up', channel: { name: 'Pager' } })
    expect(seen.evidence.total).toBe(6)
  })

  it('refuses to acknowledge a resolved incident, and acknowledges an open one without reminders', async () => {
    const s = await setup({ retries: 0, recovery_checks: 1 })
    web.state.mode = 'error'
    await s.check()
    const incident = await s.incidentId()
    web.state.mode = 'ok'
    t.clock.advance(60_000)
    await s.check()
    const res = await t.call('POST', `/api/incidents/${incident}/acknowledge`, { token: s.token })
    expect(res.status).toBe(409)
    expect(res.json.message).toBe('This incident is already resolved.')
    // A comment on a resolved incident is still welcome (a post-mortem note).
    const note = await t.call('POST', `/api/incidents/${incident}/comments`, {
      token: s.token,
      body: { body: 'Root cause: an expired certificate on the origin.' },
    })
    expect(note.status).toBe(201)
  })

  it('filters the list by state, type, monitor, name and time, and says what is wrong with a filter', async () => {
    const s = await setup({ retries: 0, recovery_checks: 1 })
    const other = await t.call('POST', '/api/monitors', {
      token: s.token,
      body: { type: 'web', name: 'Billing API', url: `${web.url}api`, interval_seconds: 60, retries: 0 },
    })
    const otherId = other.json.data.monitor.id as string
    web.state.mode = 'error'
    const firstAt = t.clock.now()
    await s.check()
    web.state.mode = 'ok'
    t.clock.advance(60_000)
    await s.check()
    web.state.mode = 'error'
    t.clock.advance(60 * 60_000)
    const secondAt = t.clock.now()
    await t.call('POST', `/api/monitors/${otherId}/check`, { token: s.token })

    const ids = async (query: string) => {
      const res = await s.list(query)
      expect(res.status, res.text).toBe(200)
      return res.json.data.incidents.map((i: { monitor_name: string; state: string }) => `${i.monitor_name}:${i.state}`)
    }
    expect(await ids('')).toEqual(['Billing API:open', 'Storefront:resolved'])
    expect(await ids('?status=open')).toEqual(['Billing API:open'])
    expect(await ids('?status=resolved')).toEqual(['Storefront:resolved'])
    expect(await ids('?type=web')).toHaveLength(2)
    expect(await ids('?type=port')).toEqual([])
    expect(await ids('?q=bill')).toEqual(['Billing API:open'])
    expect(await ids('?q=%25')).toEqual([])
    expect(await ids(`?monitor_id=${s.id}`)).toEqual(['Storefront:resolved'])
    expect(await ids(`?from=${secondAt}`)).toEqual(['Billing API:open'])
    expect(await ids(`?to=${new Date(firstAt + 1000).toISOString()}`)).toEqual(['Storefront:resolved'])
    const page = await s.list('?limit=1&page=2')
    expect(page.json.data.pagination).toEqual({ total: 2, page: 2, limit: 1, total_pages: 2 })
    expect(page.json.data.incidents[0]).toMatchObject({ monitor_name: 'Storefront', acknowledged_at: null })

    const bad = async (query: string, message: string) => {
      const res = await s.list(query)
      expect(res.status).toBe(400)
      expect(res.json.message).toEqual(message)
    }
    await bad('?status=closed', 'Status must be one of open, acknowledged, resolved.')
    await bad('?type=pager', expect.stringMatching(/^Type must be one of web, /) as never)
    await bad(
      '?from=yesterday',
      'from must be a date and time in ISO 8601 (2026-11-23T10:00:00Z) or epoch milliseconds.',
    )
    await bad(`?from=${secondAt}&to=${firstAt}`, 'from must not be after to.')
    await bad(`?q=${'x'.repeat(101)}`, 'Search is at most 100 characters.')
  })

  it("answers another user's incident as not found on every route, and refuses cross-site changes", async () => {
    const s = await setup({ retries: 0 })
    web.state.mode = 'error'
    await s.check()
    const incident = await s.incidentId()
    const stranger = await t.register()
    for (const [method, path, body] of [
      ['GET', `/api/incidents/${incident}`, undefined],
      ['POST', `/api/incidents/${incident}/acknowledge`, undefined],
      ['POST', `/api/incidents/${incident}/comments`, { body: 'Mine now' }],
      ['GET', '/api/incidents/no-such-incident', undefined],
    ] as const) {
      const res = await t.call(method, path, { token: stranger.token, body })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.json.message).toBe('Incident not found.')
    }
    expect((await t.call('GET', `/api/incidents?monitor_id=${s.id}`, { token: stranger.token })).status).toBe(404)
    expect((await t.call('GET', '/api/incidents', { token: stranger.token })).json.data.incidents).toEqual([])
    expect((await s.detail(incident)).state).toBe('open')
    expect(kinds(await s.detail(incident))).not.toContain('comment')

    // Signed out; a cookie-authenticated change from another site; a form body on the acknowledgement.
    expect((await t.call('GET', `/api/incidents/${incident}`)).status).toBe(401)
    const crossSite = await t.call('POST', `/api/incidents/${incident}/acknowledge`, {
      cookie: `token=${s.token}`,
      headers: { origin: 'https://evil.example' },
    })
    expect(crossSite.status).toBe(403)
    const formBody = await t.call('POST', `/api/incidents/${incident}/acknowledge`, {
      token: s.token,
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(formBody.status).toBe(415)
    const formComment = await t.call('POST', `/api/incidents/${incident}/comments`, {
      token: s.token,
      body: 'body=hi',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(formComment.status).toBe(415)
    expect((await s.detail(incident)).state).toBe('open')
  })
})
