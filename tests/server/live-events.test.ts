import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_KEEPALIVE_MS, type LiveEvent } from '@vigil/domain/live-event'
import { totpCode } from '../../src/server/auth/totp.ts'
import { openPostgres } from '../../src/server/db/database.ts'
import { MAX_STREAMS_PER_USER } from '../../src/server/live/hub.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb, until } from './harness.ts'
import { openSse, type SseClient } from './support/sse-client.ts'
import { startHttpTarget } from './support/targets.ts'

// GET /api/events (issue 19): the app on a real port, read by a real SSE client, on each database.

type Target = Awaited<ReturnType<typeof startHttpTarget>>

const serveApp = async (t: TestApp) => {
  const server = await new Promise<ReturnType<typeof serve>>((done) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s))
  })
  const { port } = server.address() as AddressInfo
  const node = server as Server
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        node.closeAllConnections()
        node.close(() => done())
      }),
  }
}

const OPERATOR = 'ops@live.test'

describe.each(dialects)('live events on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let http: Awaited<ReturnType<typeof serveApp>>
  let web: Target
  const open: SseClient[] = []

  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true, adminEmails: [OPERATOR] } })
    await t.deps.live.start()
    http = await serveApp(t)
    web = await startHttpTarget()
  })
  afterAll(async () => {
    for (const s of open) await s.close()
    await http.close()
    await t.deps.live.stop()
    await web.close()
    await db.drop()
  })

  const stream = async (token: string | null, headers: Record<string, string> = {}, base = http.url) => {
    const s = await openSse(`${base}/api/events`, { ...(token ? { cookie: `token=${token}` } : {}), ...headers })
    open.push(s)
    return s
  }

  const userWithMonitor = async (app: TestApp = t) => {
    const { token, user } = await app.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const res = await app.call('POST', '/api/monitors', {
      token,
      body: { type: 'web', name: 'Shop', url: web.url, interval_seconds: 60 },
    })
    expect(res.status, res.text).toBe(201)
    return { token, userId: user.user_id as string, monitorId: res.json.data.monitor.id as string }
  }

  const checkNow = async (token: string, monitorId: string, app: TestApp = t) => {
    const res = await app.call('POST', `/api/monitors/${monitorId}/check`, { token })
    expect(res.status, res.text).toBe(200)
  }

  const isResult = (monitorId: string) => (e: LiveEvent) =>
    e.kind === 'monitor' && e.monitor_id === monitorId && e.result !== null

  if (dialect === 'sqlite')
    it('refuses the stream (503) on SQLite when the checks run in worker processes: pages keep asking', async () => {
      const { token } = await t.register()
      const served = buildTestApp(db.database, { config: { runChecks: false } })
      const res = await served.call('GET', '/api/events', { token })
      expect(res.status).toBe(503)
      expect(res.json.message).toMatch(/Live updates need the checks/)
    })

  it('answers 401 without a session', async () => {
    const res = await fetch(`${http.url}/api/events`)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'Please sign in to continue.' })
  })

  it('streams a recorded result to its owner, as `change` events with ids, and never to another user', async () => {
    const a = await userWithMonitor()
    const b = await userWithMonitor()
    const sa = await stream(a.token)
    const sb = await stream(b.token)
    expect(sa.res.status).toBe(200)
    expect(sa.res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(sa.res.headers.get('cache-control')).toBe('no-store')
    expect(sa.res.headers.get('x-accel-buffering')).toBe('no')
    await sa.waitFor(() => sa.frames.length > 0)

    web.state.mode = 'error'
    await checkNow(a.token, a.monitorId)
    web.state.mode = 'ok'
    const event = await sa.nextEvent(isResult(a.monitorId))
    expect(event).toMatchObject({
      kind: 'monitor',
      monitor_id: a.monitorId,
      type: 'web',
      result: { ok: false, verdict: 'failed', message: expect.stringContaining('503') },
    })
    const frame = sa.frames.find((f) => f.event === 'change' && f.data?.includes(a.monitorId))
    expect(frame?.id).toEqual(expect.any(String))
    expect(frame?.id).not.toBe('')

    // B's own change arrives on B's stream, and nothing of A's ever did.
    await checkNow(b.token, b.monitorId)
    await sb.nextEvent(isResult(b.monitorId))
    await sa.waitFor(() => true)
    expect(JSON.stringify(sb.events())).not.toContain(a.monitorId)
    expect(JSON.stringify(sa.events())).not.toContain(b.monitorId)
  })

  it('tells of state changes, incidents and notifications with the unread count', async () => {
    const a = await userWithMonitor()
    const s = await stream(a.token)
    await s.waitFor(() => s.frames.length > 0)
    // The default retries confirm a failure after some checks: check until it is down.
    web.state.mode = 'error'
    for (let i = 0; i < 5 && !s.events().some((e) => e.kind === 'monitor' && e.status === 'down'); i++) {
      await checkNow(a.token, a.monitorId)
      await s.waitFor(() => s.events().filter(isResult(a.monitorId)).length > i)
    }
    web.state.mode = 'ok'
    const down = await s.nextEvent((e) => e.kind === 'monitor' && e.status === 'down')
    expect(down).toMatchObject({ changed: true })
    const incident = await s.nextEvent((e) => e.kind === 'incident' && e.change === 'opened')
    expect(incident).toMatchObject({ monitor_id: a.monitorId, incident_id: expect.any(String) })
    const note = await s.nextEvent((e) => e.kind === 'notification')
    const bell = await t.call('GET', '/api/user_notification?page=1&limit=10', { token: a.token })
    expect(note).toMatchObject({ notification_id: expect.any(String), unread: bell.json.data.unread_count })
    expect(bell.json.data.notificationList.map((n: { notification_id: string }) => n.notification_id)).toContain(
      (note as { notification_id: string }).notification_id,
    )

    // Recovery resolves the incident.
    const before = s.events().length
    for (let i = 0; i < 5 && !s.events().some((e) => e.kind === 'incident' && e.change === 'resolved'); i++) {
      await checkNow(a.token, a.monitorId)
      await s.waitFor(() => s.events().filter(isResult(a.monitorId)).length > before + i - 3)
    }
    await s.nextEvent((e) => e.kind === 'incident' && e.change === 'resolved')
    await s.nextEvent((e) => e.kind === 'monitor' && e.status === 'up' && e.changed, { after: before })

    // Marking read in another tab tells this one.
    const after = s.events().length
    const read = await t.call('POST', '/api/user_notification/read_all', { token: a.token })
    expect(read.status).toBe(200)
    expect(await s.nextEvent((e) => e.kind === 'notification', { after })).toEqual({
      kind: 'notification',
      notification_id: null,
      unread: 0,
    })
  })

  /** The user's bell as the page reads it: the newest notice and the unread count. */
  const bellOf = async (token: string) => {
    const bell = await t.call('GET', '/api/user_notification?page=1&limit=10', { token })
    expect(bell.status, bell.text).toBe(200)
    return {
      unread: bell.json.data.unread_count as number,
      newest: bell.json.data.notificationList[0] as {
        notification_title: string
        notification_description: string
        target_id: string | null
      },
    }
  }

  /** The stream is open (its first frame came), so what is published from now on reaches it. */
  const openStream = async (token: string) => {
    const s = await stream(token)
    await s.waitFor(() => s.frames.length > 0)
    return s
  }

  const isNotification = (e: LiveEvent) => e.kind === 'notification'

  it("tells a support request's owner of an operator's answer, not the operator", async () => {
    const owner = await t.register({ name: 'Ada' })
    const operator = await t.register({ name: 'Olga Operator', email: OPERATOR })
    await t.confirmEmail(OPERATOR)
    const created = await t.call('POST', '/api/support/tickets', {
      token: owner.token,
      body: { subject: 'Checks time out', category: 'monitoring', message: 'Every night at 02:00.' },
    })
    expect(created.status, created.text).toBe(201)
    const ticketId = created.json.data.ticket.id as string
    const mine = await openStream(owner.token)
    const ops = await openStream(operator.token)
    const before = (await bellOf(owner.token)).unread

    const answered = await t.call('POST', `/api/support/tickets/${ticketId}/messages`, {
      token: operator.token,
      body: { message: 'Raise the timeout of the monitor.' },
    })
    expect(answered.status, answered.text).toBe(201)
    const note = await mine.nextEvent(isNotification)
    const bell = await bellOf(owner.token)
    expect(bell.unread).toBe(before + 1)
    expect(bell.newest).toMatchObject({ notification_title: 'Support answered: Checks time out', target_id: ticketId })
    expect(note).toEqual({ kind: 'notification', notification_id: null, unread: bell.unread })
    // The operator who answered was told nothing.
    await ops.waitFor(() => true)
    expect(ops.events().some(isNotification)).toBe(false)
  })

  it('tells of a plan change that pauses monitors, and of the upgrade that brings them back', async () => {
    const a = await userWithMonitor()
    // A DNS monitor: Basic has no DNS monitoring, so the downgrade pauses it and the upgrade resumes it.
    const dns = await t.call('POST', '/api/monitors', {
      token: a.token,
      body: { type: 'dns', name: 'records', hostname: 'example.com', record_type: 'A', resolver: '127.0.0.1:9' },
    })
    expect(dns.status, dns.text).toBe(201)
    const s = await openStream(a.token)
    // Each notice a minute after the last, so that the bell's newest is the one this step made.
    t.clock.advance(60_000)
    const down = await t.call('PUT', '/api/user_subscription', {
      token: a.token,
      body: { plan: 'Basic', billing_frequency: 'Monthly', is_free_trial: false },
    })
    expect(down.status, down.text).toBe(200)
    const paused = await s.nextEvent(isNotification)
    let bell = await bellOf(a.token)
    expect(bell.newest).toMatchObject({
      notification_title: 'Your Basic plan is active',
      notification_description: expect.stringContaining('1 monitor was paused'),
    })
    expect(paused).toEqual({ kind: 'notification', notification_id: null, unread: bell.unread })

    const n = s.events().length
    t.clock.advance(60_000)
    const up = await t.call('PUT', '/api/user_subscription', {
      token: a.token,
      body: { plan: 'Pro', billing_frequency: 'Monthly', is_free_trial: false },
    })
    expect(up.status, up.text).toBe(200)
    const resumed = await s.nextEvent(isNotification, { after: n })
    bell = await bellOf(a.token)
    expect(bell.newest).toMatchObject({
      notification_title: 'Your Pro plan is active',
      notification_description: expect.stringContaining('by an earlier plan change run again'),
    })
    expect(resumed).toEqual({ kind: 'notification', notification_id: null, unread: bell.unread })
  })

  it('tells of two-factor sign-in turned on', async () => {
    const a = await t.register()
    const setup = await t.call('POST', '/api/security/two_factor/setup', { token: a.token })
    expect(setup.status, setup.text).toBe(200)
    const s = await openStream(a.token)
    const on = await t.call('POST', '/api/security/two_factor', {
      token: a.token,
      body: { code: totpCode(setup.json.data.secret as string, t.clock.now()), password: a.password },
    })
    expect(on.status, on.text).toBe(200)
    const note = await s.nextEvent(isNotification)
    const bell = await bellOf(a.token)
    expect(bell.newest.notification_title).toBe('Two-factor sign-in is on')
    expect(note).toEqual({ kind: 'notification', notification_id: null, unread: bell.unread })
  })

  it('tells of monitors added, paused, resumed, edited and deleted', async () => {
    const a = await userWithMonitor()
    const s = await stream(a.token)
    await s.waitFor(() => s.frames.length > 0)
    const created = await t.call('POST', '/api/monitors', {
      token: a.token,
      body: { type: 'web', name: 'Blog', url: web.url, interval_seconds: 60 },
    })
    const id = created.json.data.monitor.id as string
    await s.nextEvent((e) => e.kind === 'monitors' && e.monitor_ids.includes(id))
    await t.call('POST', `/api/monitors/${id}/pause`, { token: a.token })
    expect(await s.nextEvent((e) => e.kind === 'monitor' && e.monitor_id === id)).toMatchObject({
      status: 'paused',
      changed: true,
      result: null,
    })
    let n = s.events().length
    await t.call('POST', `/api/monitors/${id}/resume`, { token: a.token })
    expect(await s.nextEvent((e) => e.kind === 'monitor' && e.monitor_id === id, { after: n })).toMatchObject({
      status: 'pending',
      changed: true,
    })
    n = s.events().length
    await t.call('PATCH', `/api/monitors/${id}`, { token: a.token, body: { name: 'Blog 2' } })
    expect(await s.nextEvent((e) => e.kind === 'monitor' && e.monitor_id === id, { after: n })).toMatchObject({
      changed: false,
    })
    n = s.events().length
    await t.call('DELETE', `/api/monitors/${id}`, { token: a.token })
    await s.nextEvent((e) => e.kind === 'monitors' && e.monitor_ids.includes(id), { after: n })
  })

  it('replays what a reconnecting tab missed after its Last-Event-ID, and sends resync for an id it cannot place', async () => {
    const a = await userWithMonitor()
    const first = await stream(a.token)
    await checkNow(a.token, a.monitorId)
    await first.nextEvent(isResult(a.monitorId))
    const lastId = first.lastEventId as string
    expect(lastId).toBeTruthy()
    await first.close()
    await until(() => t.deps.live.streamsOf(a.userId) === 0)

    // Two results while away.
    await checkNow(a.token, a.monitorId)
    await checkNow(a.token, a.monitorId)
    const again = await stream(a.token, { 'last-event-id': lastId })
    await again.waitFor(() => again.events().filter(isResult(a.monitorId)).length === 2)
    expect(again.events().every((e) => e.kind === 'monitor')).toBe(true)

    const lost = await stream(a.token, { 'last-event-id': 'no-such-id' })
    expect(await lost.waitFor(() => lost.events()[0])).toEqual({ kind: 'resync' })
  })

  /** The ids a stream was given: of its events, its id-only frames and its keep-alives. */
  const idsOf = (s: SseClient) => s.frames.flatMap((f) => (f.id === undefined ? [] : [f.id]))

  it("tells a user nothing of another user's activity: ids and keep-alives stand still while another acts", async () => {
    const a = await userWithMonitor()
    const b = await userWithMonitor()
    const sb = await openStream(b.token)
    await checkNow(b.token, b.monitorId)
    await sb.nextEvent(isResult(b.monitorId))
    const before = sb.lastEventId as string
    t.clock.advance(LIVE_KEEPALIVE_MS)
    const firstBeat = await sb.waitFor(() => sb.frames.find((f) => f.comments.includes('keep-alive')))
    expect(firstBeat.id).toBe(before)
    const seen = sb.frames.length

    // A's checks, a new monitor and its bell: none of it is B's.
    const sa = await openStream(a.token)
    for (let i = 0; i < 3; i++) await checkNow(a.token, a.monitorId)
    await t.call('POST', '/api/monitors', {
      token: a.token,
      body: { type: 'web', name: 'Other', url: web.url, interval_seconds: 60 },
    })
    await sa.waitFor(() => sa.events().filter(isResult(a.monitorId)).length === 3)
    t.clock.advance(LIVE_KEEPALIVE_MS)
    const beat = await sb.waitFor(() => sb.frames.slice(seen).find((f) => f.comments.includes('keep-alive')))
    expect(beat.id).toBe(before)
    expect(sb.frames.slice(seen).map((f) => f.id)).toEqual([before])
    // Only B's own: its results, and (on PostgreSQL, where an event reaches the process through LISTEN a moment
    // after it is published) the creation of its monitor that came in as its stream opened.
    const bs = (e: LiveEvent) =>
      (e.kind === 'monitor' && e.monitor_id === b.monitorId) ||
      (e.kind === 'monitors' && e.monitor_ids.every((id) => id === b.monitorId))
    expect(sb.events().filter((e) => !bs(e))).toEqual([])
    // A stream B opens now stands where B's last one did.
    const again = await openStream(b.token)
    expect(again.lastEventId).toBe(before)
    // A's own ids are not B's to count either: none of B's appears on A's stream, nor one of A's on B's.
    expect(idsOf(sa).filter((id) => idsOf(sb).includes(id))).toEqual([])
  })

  it('replays exactly what a tab missed while other users were active, and places the id of a tab that saw nothing yet', async () => {
    const a = await userWithMonitor()
    const b = await userWithMonitor()
    // B's first tab has seen no event of B's: it is still given an id to come back with.
    const quiet = await openStream(b.token)
    const mark = await quiet.waitFor(() => quiet.lastEventId)
    await quiet.close()
    await until(() => t.deps.live.streamsOf(b.userId) === 0)
    await checkNow(a.token, a.monitorId)
    await checkNow(b.token, b.monitorId)
    await checkNow(a.token, a.monitorId)
    const back = await stream(b.token, { 'last-event-id': mark })
    await back.waitFor(() => back.events().filter(isResult(b.monitorId)).length === 1)
    const lastId = back.lastEventId as string
    await back.close()
    await until(() => t.deps.live.streamsOf(b.userId) === 0)

    await checkNow(a.token, a.monitorId)
    await checkNow(b.token, b.monitorId)
    await checkNow(a.token, a.monitorId)
    await checkNow(b.token, b.monitorId)
    const again = await stream(b.token, { 'last-event-id': lastId })
    await again.waitFor(() => again.events().filter(isResult(b.monitorId)).length === 2)
    expect(again.events().every((e) => e.kind === 'monitor' && e.monitor_id === b.monitorId)).toBe(true)
    // Caught up, the stream's place is its last event's.
    t.clock.advance(LIVE_KEEPALIVE_MS)
    const beat = await again.waitFor(() => again.frames.find((f) => f.comments.includes('keep-alive')))
    expect(beat.id).toBe(again.frames.filter((f) => f.event === 'change').at(-1)?.id)
  })

  it('keeps an idle stream open with a comment that carries the newest id, and ends it with the session', async () => {
    const a = await userWithMonitor()
    const s = await stream(a.token)
    await s.waitFor(() => s.frames.length > 0)
    const frames = s.frames.length
    t.clock.advance(LIVE_KEEPALIVE_MS)
    const ping = await s.waitFor(() => s.frames.slice(frames).find((f) => f.comments.includes('keep-alive')))
    expect(ping.id).toEqual(expect.any(String))
    expect(ping.event).toBeUndefined()

    await t.call('POST', '/api/auth/logout', { token: a.token })
    t.clock.advance(LIVE_KEEPALIVE_MS)
    await until(() => s.ended)
    await until(() => t.deps.live.streamsOf(a.userId) === 0)
  })

  it(`allows ${MAX_STREAMS_PER_USER} open streams per user, refuses one more with 429, and counts a closed one out`, async () => {
    const a = await userWithMonitor()
    const streams = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => stream(a.token)))
    expect(streams.every((s) => s.res.status === 200)).toBe(true)
    const over = await fetch(`${http.url}/api/events`, { headers: { cookie: `token=${a.token}` } })
    expect(over.status).toBe(429)
    expect((await over.json()).message).toMatch(/Too many live connections/)
    await streams[0]?.close()
    await until(() => t.deps.live.streamsOf(a.userId) === MAX_STREAMS_PER_USER - 1)
    const one = await stream(a.token)
    expect(one.res.status).toBe(200)
    for (const s of streams) await s.close()
    await one.close()
  })

  if (dialect === 'postgres')
    describe('across processes (LISTEN/NOTIFY)', () => {
      // A second process over the same database: its own pool, hub, recorder and HTTP server.
      let other: TestApp
      let otherHttp: Awaited<ReturnType<typeof serveApp>>
      beforeAll(async () => {
        other = buildTestApp(
          openPostgres(db.url as string, 2, () => {}),
          { config: { allowPrivateTargets: true } },
        )
        await other.deps.live.start()
        otherHttp = await serveApp(other)
      })
      afterAll(async () => {
        await otherHttp.close()
        await other.deps.live.stop()
        await other.deps.database.close()
      })

      it('delivers a result recorded by one process to a page served by another', async () => {
        const a = await userWithMonitor()
        const s = await stream(a.token)
        await s.waitFor(() => s.frames.length > 0)
        await checkNow(a.token, a.monitorId, other)
        await s.nextEvent(isResult(a.monitorId))
      })

      it('tells open pages to resync when the listening connection was lost, and listens again', async () => {
        const a = await userWithMonitor()
        const s = await stream(a.token)
        await checkNow(a.token, a.monitorId)
        await s.nextEvent(isResult(a.monitorId))
        const lastId = s.lastEventId as string
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`.execute(
          db.database.db,
        )
        await s.nextEvent((e) => e.kind === 'resync')
        const hub = t.deps.live as { listening?: boolean }
        await until(() => hub.listening === true)
        const n = s.events().length
        await checkNow(a.token, a.monitorId)
        await s.nextEvent(isResult(a.monitorId), { after: n })
        // What came before the gap cannot be replayed as complete.
        const again = await stream(a.token, { 'last-event-id': lastId })
        expect(await again.waitFor(() => again.events()[0])).toEqual({ kind: 'resync' })
      })

      it('lets a tab that reconnects to another process catch up from its last id', async () => {
        const a = await userWithMonitor()
        const first = await stream(a.token)
        await checkNow(a.token, a.monitorId, other)
        await first.nextEvent(isResult(a.monitorId))
        const lastId = first.lastEventId as string
        await first.close()
        await checkNow(a.token, a.monitorId)
        // The other process heard it too; the tab comes back there.
        const again = await stream(a.token, { 'last-event-id': lastId }, otherHttp.url)
        await again.waitFor(() => again.events().filter(isResult(a.monitorId)).length === 1)
        expect(again.events()[0]?.kind).toBe('monitor')
      })

      it('places a tab that saw nothing yet in every process: it catches up from its first id on another one', async () => {
        const a = await userWithMonitor()
        const first = await stream(a.token)
        const mark = await first.waitFor(() => first.lastEventId)
        await first.close()
        await checkNow(a.token, a.monitorId)
        const again = await stream(a.token, { 'last-event-id': mark }, otherHttp.url)
        await again.waitFor(() => again.events().filter(isResult(a.monitorId)).length === 1)
        expect(again.events().map((e) => e.kind)).toEqual(['monitor'])
      })
    })
})
