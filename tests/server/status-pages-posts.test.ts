import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../src/server/status/markdown.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'
import { statusPageHelpers } from './support/status-pages.ts'

// What an owner posts on a status page: incidents (written, or published from the engine's in one click) with
// their updates, and maintenance windows; and every route refusing another user's ids.

const HOUR = 3_600_000
const at = (ms: number) => new Date(ms).toISOString()

describe.each(dialects)('status page incidents and maintenance on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let h: ReturnType<typeof statusPageHelpers>
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
    h = statusPageHelpers(t)
  })
  afterAll(async () => {
    await db.drop()
  })

  /** A Pro owner with two monitors on a page (Website, API). */
  const owner = async () => {
    const user = await h.pro()
    const web = await h.addMonitor(user.token, 'www.acme.internal')
    const api = await h.addMonitor(user.token, 'api.acme.internal')
    const page = await h.createPage(user.token, {
      components: [
        { monitor_id: web, display_name: 'Website' },
        { monitor_id: api, display_name: 'API', group: 'Backend' },
      ],
    })
    const [website, apiComponent] = page.components.map((c: { id: string }) => c.id) as [string, string]
    return { ...user, userId: user.user.user_id as string, page, web, api, website, apiComponent }
  }
  const incidentsOf = async (token: string, pageId: string) => {
    const res = await t.call('GET', `/api/status_pages/${pageId}/incidents`, { token })
    expect(res.status, res.text).toBe(200)
    return res.json.data.incidents as any[]
  }
  const maintenanceOf = async (token: string, pageId: string) => {
    const res = await t.call('GET', `/api/status_pages/${pageId}/maintenance`, { token })
    expect(res.status, res.text).toBe(200)
    return res.json.data.maintenance as any[]
  }
  const post = (token: string, pageId: string, body: unknown) =>
    t.call('POST', `/api/status_pages/${pageId}/incidents`, { token, body })
  const update = (token: string, pageId: string, incidentId: string, body: unknown) =>
    t.call('POST', `/api/status_pages/${pageId}/incidents/${incidentId}/updates`, { token, body })
  const schedule = (token: string, pageId: string, body: Record<string, unknown>) =>
    t.call('POST', `/api/status_pages/${pageId}/maintenance`, { token, body })
  const window = (startsIn: number, lasts: number, over: Record<string, unknown> = {}) => ({
    title: 'Database upgrade',
    starts_at: at(t.clock.now() + startsIn),
    ends_at: at(t.clock.now() + startsIn + lasts),
    ...over,
  })

  describe('incidents', () => {
    it('posts an incident, takes updates newest first, resolves, reopens and deletes it', async () => {
      const o = await owner()
      const started = t.clock.now()
      const res = await post(o.token, o.page.id, {
        title: ' Slow checkout ',
        message: 'We are looking into **slow** payments.',
        impact: 'major',
        component_ids: [o.website, o.website],
      })
      expect(res.status, res.text).toBe(201)
      const incident = res.json.data.incident
      expect(incident).toEqual({
        id: expect.any(String),
        title: 'Slow checkout',
        impact: 'major',
        status: 'investigating',
        started_at: at(started),
        resolved_at: null,
        component_ids: [o.website],
        monitor_incident_id: null,
        updates: [
          {
            id: expect.any(String),
            status: 'investigating',
            message: 'We are looking into **slow** payments.',
            created_at: at(started),
          },
        ],
      })

      t.clock.advance(60_000)
      const identified = await update(o.token, o.page.id, incident.id, {
        status: 'identified',
        message: 'A payment provider is slow.',
      })
      expect(identified.status, identified.text).toBe(201)
      expect(identified.json.data.incident).toMatchObject({ status: 'identified', resolved_at: null })
      t.clock.advance(60_000)
      const resolvedAt = t.clock.now()
      const resolved = await update(o.token, o.page.id, incident.id, { status: 'resolved', message: 'Fixed.' })
      expect(resolved.json.data.incident).toMatchObject({ status: 'resolved', resolved_at: at(resolvedAt) })
      expect(
        resolved.json.data.incident.updates.map((u: { status: string; created_at: string }) => [
          u.status,
          u.created_at,
        ]),
      ).toEqual([
        ['resolved', at(resolvedAt)],
        ['identified', at(started + 60_000)],
        ['investigating', at(started)],
      ])
      // Saying "resolved" again keeps when it was resolved.
      t.clock.advance(60_000)
      const again = await update(o.token, o.page.id, incident.id, { status: 'resolved', message: 'Still fine.' })
      expect(again.json.data.incident.resolved_at).toBe(at(resolvedAt))
      // An update that is not "resolved" reopens it.
      const reopened = await update(o.token, o.page.id, incident.id, { status: 'monitoring', message: 'Watching.' })
      expect(reopened.json.data.incident).toMatchObject({ status: 'monitoring', resolved_at: null })
      expect(reopened.json.data.incident.updates).toHaveLength(5)
      expect(await incidentsOf(o.token, o.page.id)).toEqual([reopened.json.data.incident])

      const removed = await t.call('DELETE', `/api/status_pages/${o.page.id}/incidents/${incident.id}`, {
        token: o.token,
      })
      expect(removed.status).toBe(200)
      expect(removed.json.data.message).toBe('Incident deleted.')
      expect(await incidentsOf(o.token, o.page.id)).toEqual([])
      const gone = await t.call('DELETE', `/api/status_pages/${o.page.id}/incidents/${incident.id}`, { token: o.token })
      expect(gone.status).toBe(404)
      expect(gone.json.message).toBe('Incident not found.')
      expect((await update(o.token, o.page.id, incident.id, { status: 'resolved', message: 'x' })).status).toBe(404)
    })

    it('posts an incident already resolved, and lists incidents newest first', async () => {
      const o = await owner()
      const first = await post(o.token, o.page.id, { title: 'Blip', message: 'A short blip.', status: 'resolved' })
      expect(first.json.data.incident).toMatchObject({
        status: 'resolved',
        impact: 'minor',
        resolved_at: at(t.clock.now()),
        component_ids: [],
      })
      // Posted in the same millisecond: still in the order they were posted.
      const second = await post(o.token, o.page.id, {
        title: 'Outage',
        message: 'Down.',
        component_ids: [o.apiComponent],
      })
      t.clock.advance(1000)
      const third = await post(o.token, o.page.id, { title: 'Later', message: 'Again.' })
      expect((await incidentsOf(o.token, o.page.id)).map((i) => i.title)).toEqual(['Later', 'Outage', 'Blip'])
      expect([second.status, third.status]).toEqual([201, 201])
    })

    it.each([
      [{ message: 'x' }, 'title', 'Title is required.'],
      [{ title: 'Down' }, 'message', 'Message is required.'],
      [{ title: 'x'.repeat(201), message: 'x' }, 'title', 'Title must be at most 200 characters.'],
      [
        { title: 'Down', message: 'x', status: 'fixed' },
        'status',
        'Status must be investigating, identified, monitoring or resolved.',
      ],
      [{ title: 'Down', message: 'x', impact: 'total' }, 'impact', 'Impact must be minor or major.'],
      [{ title: 'Down', message: 'x', component_ids: 'all' }, 'component_ids', 'Components must be a list.'],
      [{ title: 5, message: 'x' }, 'title', 'Title is required.'],
    ])('refuses the incident %j with 400 at %s, posting nothing', async (body, field, message) => {
      const o = await owner()
      const res = await post(o.token, o.page.id, body)
      expect(res.status).toBe(400)
      expect(res.json.errors[field]).toBe(message)
      expect(await incidentsOf(o.token, o.page.id)).toEqual([])
    })

    it('refuses components that are not on the page, and bad updates', async () => {
      const o = await owner()
      const other = await h.createPage(o.token, {
        components: [{ monitor_id: o.web, display_name: 'Website elsewhere' }],
      })
      for (const componentId of [other.components[0].id, 'no-such-component']) {
        const res = await post(o.token, o.page.id, {
          title: 'Down',
          message: 'x',
          component_ids: [o.website, componentId],
        })
        expect(res.status).toBe(400)
        expect(res.json.errors.component_ids).toBe(
          `Unknown component: ${componentId}. Choose among the page's components.`,
        )
      }
      expect(await incidentsOf(o.token, o.page.id)).toEqual([])

      const { incident } = (await post(o.token, o.page.id, { title: 'Down', message: 'x' })).json.data
      for (const [body, field] of [
        [{ status: 'done', message: 'x' }, 'status'],
        [{ status: 'resolved' }, 'message'],
        [{ status: 'resolved', message: ' ' }, 'message'],
      ] as const) {
        const res = await update(o.token, o.page.id, incident.id, body)
        expect(res.status).toBe(400)
        expect(res.json.errors[field]).toBeTruthy()
      }
      const broken = await t.call('POST', `/api/status_pages/${o.page.id}/incidents/${incident.id}/updates`, {
        token: o.token,
        body: '{"status":',
      })
      expect(broken.status).toBe(400)
      expect(broken.json.message).toBe('The request body is not valid JSON.')
      expect((await incidentsOf(o.token, o.page.id))[0].updates).toHaveLength(1)
      // The incident is on one page: the owner's other page does not know it.
      expect((await update(o.token, other.id, incident.id, { status: 'resolved', message: 'x' })).status).toBe(404)
    })
  })

  describe('publishing an incident the engine opened', () => {
    it('publishes it in one click, in the owner words, and never the check error', async () => {
      const o = await owner()
      const engine = await h.engineIncident(o.userId, o.api)
      const res = await post(o.token, o.page.id, { from_incident_id: engine.incident_id })
      expect(res.status, res.text).toBe(201)
      const incident = res.json.data.incident
      expect(incident).toEqual({
        id: expect.any(String),
        title: 'API is not available',
        impact: 'major',
        status: 'investigating',
        started_at: at(engine.started_at),
        resolved_at: null,
        component_ids: [o.apiComponent],
        monitor_incident_id: engine.incident_id,
        updates: [
          {
            id: expect.any(String),
            status: 'investigating',
            message: 'We are investigating a problem with API.',
            created_at: at(t.clock.now()),
          },
        ],
      })
      expect(JSON.stringify(incident)).not.toMatch(/10\.1\.2\.3|ECONNREFUSED|api\.acme\.internal/)
      // The owner goes on from there like any incident.
      const next = await update(o.token, o.page.id, incident.id, { status: 'identified', message: 'A bad deploy.' })
      expect(next.json.data.incident).toMatchObject({ status: 'identified', monitor_incident_id: engine.incident_id })
    })

    it('publishes one that is over as resolved', async () => {
      const o = await owner()
      const engine = await h.engineIncident(o.userId, o.web, {
        started_at: t.clock.now() - 2 * HOUR,
        resolved_at: t.clock.now() - HOUR,
      })
      const res = await post(o.token, o.page.id, { from_incident_id: engine.incident_id })
      expect(res.status, res.text).toBe(201)
      expect(res.json.data.incident).toMatchObject({
        title: 'Website is not available',
        status: 'resolved',
        started_at: at(engine.started_at),
        resolved_at: at(engine.resolved_at as number),
        component_ids: [o.website],
      })
      expect(res.json.data.incident.updates[0]).toMatchObject({
        status: 'resolved',
        message: 'Website was not available for a while. It is working again.',
      })
    })

    it('publishes it with the title and message the owner reviewed, and the public page shows those', async () => {
      const o = await owner()
      await t.call('PATCH', `/api/status_pages/${o.page.id}`, { token: o.token, body: { published: true } })
      const engine = await h.engineIncident(o.userId, o.api)
      const res = await post(o.token, o.page.id, {
        from_incident_id: engine.incident_id,
        title: '  Orders are failing ',
        message: ' Payments **fail** at checkout. [Details](https://acme.example/blog)\n',
      })
      expect(res.status, res.text).toBe(201)
      expect(res.json.data.incident).toMatchObject({
        title: 'Orders are failing',
        impact: 'major',
        status: 'investigating',
        started_at: at(engine.started_at),
        component_ids: [o.apiComponent],
        monitor_incident_id: engine.incident_id,
        updates: [
          {
            status: 'investigating',
            message: 'Payments **fail** at checkout. [Details](https://acme.example/blog)',
          },
        ],
      })
      const html = (await t.call('GET', `/status/${o.page.slug}`)).text
      expect(html).toContain('<h3>Orders are failing<span class="tag major">Major</span></h3>')
      expect(html).toContain(
        '<p>Payments <strong>fail</strong> at checkout. <a href="https://acme.example/blog" rel="nofollow noopener noreferrer ugc">Details</a></p>',
      )
      expect(html).not.toContain('API is not available')
    })

    it('refuses a reviewed title or message that is empty, too long or not plain text, and stores nothing', async () => {
      const o = await owner()
      const engine = await h.engineIncident(o.userId, o.api)
      const cases: [Record<string, unknown>, string, string][] = [
        [{ title: ' ' }, 'title', 'Title is required.'],
        [{ title: 42 }, 'title', 'Title is required.'],
        [{ title: 'x'.repeat(201) }, 'title', 'Title must be at most 200 characters.'],
        [{ title: 'API\nis down' }, 'title', 'Title cannot contain control characters.'],
        [{ message: '  \n ' }, 'message', 'Message is required.'],
        [{ message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters.'],
        [{ message: 'Down\u0007' }, 'message', 'Message cannot contain control characters.'],
      ]
      for (const [words, field, message] of cases) {
        const res = await post(o.token, o.page.id, { from_incident_id: engine.incident_id, ...words })
        expect(res.status, JSON.stringify(words)).toBe(400)
        expect(res.json.errors[field]).toBe(message)
        expect(res.json.message).toBe(message)
      }
      expect(await incidentsOf(o.token, o.page.id)).toEqual([])
      // At the limits, it is taken.
      const longest = await post(o.token, o.page.id, {
        from_incident_id: engine.incident_id,
        title: 'x'.repeat(200),
        message: 'y'.repeat(5000),
      })
      expect(longest.status, longest.text).toBe(201)
    })

    it('previews Markdown as the public page renders it, on the owner’s page only', async () => {
      const o = await owner()
      const stranger = await owner()
      const preview = (token: string, pageId: string, body: unknown) =>
        t.call('POST', `/api/status_pages/${pageId}/preview`, { token, body })
      const markdown =
        'We see **errors**.\n<script>alert(1)</script> ![x](https://evil.example/x.png) [a](javascript:alert(1))'
      const res = await preview(o.token, o.page.id, { markdown })
      expect(res.status, res.text).toBe(200)
      // The public page's own renderer: raw HTML escaped, no image, no javascript: link.
      expect(res.json.data).toEqual({ html: renderMarkdown(markdown) })
      expect(res.json.data.html).toMatch(/^<p>We see <strong>errors<\/strong>\.<br>\n&lt;script&gt;alert\(1\)/)
      expect(res.json.data.html).not.toMatch(/<script|<img|href="javascript:/)
      expect((await preview(o.token, o.page.id, { markdown: '' })).json.data).toEqual({ html: '' })
      const long = await preview(o.token, o.page.id, { markdown: 'x'.repeat(5001) })
      expect(long.status).toBe(400)
      expect(long.json.errors).toEqual({ markdown: 'Text must be at most 5000 characters.' })
      expect((await preview(o.token, o.page.id, {})).status).toBe(400)
      const theirs = await preview(stranger.token, o.page.id, { markdown: 'x' })
      expect(theirs.status).toBe(404)
      expect(theirs.json.message).toBe('Status page not found.')
      expect((await t.call('POST', `/api/status_pages/${o.page.id}/preview`, { body: { markdown: 'x' } })).status).toBe(
        401,
      )
    })

    it("refuses another user's incident, an unknown one, one about a monitor not on the page, and one already there", async () => {
      const o = await owner()
      const stranger = await owner()
      const theirs = await h.engineIncident(stranger.userId, stranger.web)
      for (const id of [theirs.incident_id, 'no-such-incident'])
        for (const words of [{}, { title: 'Their outage', message: 'Published by someone else.' }]) {
          const res = await post(o.token, o.page.id, { from_incident_id: id, ...words })
          expect(res.status).toBe(404)
          expect(res.json.message).toBe('Incident not found.')
        }
      const offPage = await h.addMonitor(o.token, 'not on the page')
      const other = await h.engineIncident(o.userId, offPage)
      const res = await post(o.token, o.page.id, { from_incident_id: other.incident_id })
      expect(res.status).toBe(400)
      expect(res.json.message).toBe('This incident is about a monitor that is not on this page: add it first.')
      expect(await incidentsOf(o.token, o.page.id)).toEqual([])

      const mine = await h.engineIncident(o.userId, o.web)
      expect((await post(o.token, o.page.id, { from_incident_id: mine.incident_id })).status).toBe(201)
      const twice = await post(o.token, o.page.id, { from_incident_id: mine.incident_id })
      expect(twice.status).toBe(409)
      expect(twice.json.message).toBe('This incident is already on this page.')
      expect(await incidentsOf(o.token, o.page.id)).toHaveLength(1)
      expect(await incidentsOf(stranger.token, stranger.page.id)).toEqual([])
    })
  })

  describe('maintenance', () => {
    it('schedules windows, lists them soonest first with their state, and cancels one', async () => {
      const o = await owner()
      const start = t.clock.now()
      const later = await schedule(o.token, o.page.id, window(2 * HOUR, HOUR, { component_ids: [o.apiComponent] }))
      expect(later.status, later.text).toBe(201)
      expect(later.json.data.maintenance).toEqual({
        id: expect.any(String),
        title: 'Database upgrade',
        description: '',
        starts_at: at(start + 2 * HOUR),
        ends_at: at(start + 3 * HOUR),
        component_ids: [o.apiComponent],
        state: 'scheduled',
      })
      const soon = await schedule(
        o.token,
        o.page.id,
        window(HOUR, HOUR, { title: 'Network work', description: 'Whole page.' }),
      )
      expect(soon.json.data.maintenance).toMatchObject({ component_ids: [], description: 'Whole page.' })
      const list = await maintenanceOf(o.token, o.page.id)
      expect(list.map((m) => [m.title, m.state])).toEqual([
        ['Network work', 'scheduled'],
        ['Database upgrade', 'scheduled'],
      ])
      expect(list[1]).toEqual(later.json.data.maintenance)

      t.clock.set(start + 2.5 * HOUR)
      expect((await maintenanceOf(o.token, o.page.id)).map((m) => m.state)).toEqual(['completed', 'in_progress'])
      t.clock.set(start + 3 * HOUR)
      expect((await maintenanceOf(o.token, o.page.id)).map((m) => m.state)).toEqual(['completed', 'completed'])

      const cancelled = await t.call(
        'DELETE',
        `/api/status_pages/${o.page.id}/maintenance/${later.json.data.maintenance.id}`,
        { token: o.token },
      )
      expect(cancelled.status).toBe(200)
      expect(cancelled.json.data.message).toBe('Maintenance cancelled.')
      expect((await maintenanceOf(o.token, o.page.id)).map((m) => m.title)).toEqual(['Network work'])
      const again = await t.call(
        'DELETE',
        `/api/status_pages/${o.page.id}/maintenance/${later.json.data.maintenance.id}`,
        { token: o.token },
      )
      expect(again.status).toBe(404)
      expect(again.json.message).toBe('Maintenance not found.')
    })

    it('refuses a window that ends before it starts, lasts too long, is over, or names components not on the page', async () => {
      const o = await owner()
      const other = await h.createPage(o.token, { components: [{ monitor_id: o.web, display_name: 'W' }] })
      const cases: [Record<string, unknown>, string, string][] = [
        [window(HOUR, 0), 'ends_at', 'The end must come after the start.'],
        [window(HOUR, -1000), 'ends_at', 'The end must come after the start.'],
        [window(HOUR, 15 * 24 * HOUR), 'ends_at', 'A maintenance window lasts at most 14 days.'],
        [window(-2 * HOUR, HOUR), 'ends_at', 'This window has already ended: choose an end in the future.'],
        [
          window(HOUR, HOUR, { starts_at: 'tomorrow' }),
          'starts_at',
          'Start must be a date and time, such as 2026-12-01T22:00:00Z.',
        ],
        [window(HOUR, HOUR, { title: '' }), 'title', 'Title is required.'],
        [
          window(HOUR, HOUR, { component_ids: [o.website, other.components[0].id] }),
          'component_ids',
          `Unknown component: ${other.components[0].id}. Choose among the page's components.`,
        ],
      ]
      for (const [body, field, message] of cases) {
        const res = await schedule(o.token, o.page.id, body)
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(res.json.errors[field]).toBe(message)
      }
      const broken = await t.call('POST', `/api/status_pages/${o.page.id}/maintenance`, { token: o.token, body: '{' })
      expect(broken.status).toBe(400)
      expect(await maintenanceOf(o.token, o.page.id)).toEqual([])
    })
  })

  it("answers 404 on every route for another user's page, incident and maintenance", async () => {
    const a = await owner()
    const b = await owner()
    const { incident } = (await post(a.token, a.page.id, { title: 'Down', message: 'x', component_ids: [a.website] }))
      .json.data
    const { maintenance } = (await schedule(a.token, a.page.id, window(HOUR, HOUR))).json.data
    const engine = await h.engineIncident(a.userId, a.web)
    const pageRoutes: [string, string, unknown?][] = [
      ['GET', `/api/status_pages/${a.page.id}`],
      ['PATCH', `/api/status_pages/${a.page.id}`, { name: 'mine now' }],
      ['PATCH', `/api/status_pages/${a.page.id}`, { name: '' }],
      ['DELETE', `/api/status_pages/${a.page.id}`],
      ['GET', `/api/status_pages/${a.page.id}/incidents`],
      ['POST', `/api/status_pages/${a.page.id}/incidents`, { title: 'Hacked', message: 'x' }],
      [
        'POST',
        `/api/status_pages/${a.page.id}/incidents`,
        { from_incident_id: engine.incident_id, title: 'Hacked', message: 'x' },
      ],
      ['POST', `/api/status_pages/${a.page.id}/preview`, { markdown: 'x' }],
      ['POST', `/api/status_pages/${a.page.id}/incidents/${incident.id}/updates`, { status: 'resolved', message: 'x' }],
      ['DELETE', `/api/status_pages/${a.page.id}/incidents/${incident.id}`],
      ['GET', `/api/status_pages/${a.page.id}/maintenance`],
      ['POST', `/api/status_pages/${a.page.id}/maintenance`, window(HOUR, HOUR)],
      ['DELETE', `/api/status_pages/${a.page.id}/maintenance/${maintenance.id}`],
    ]
    for (const [method, path, body] of pageRoutes) {
      const res = await t.call(method, path, { token: b.token, body })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.json.message).toBe('Status page not found.')
    }
    // A's incident and maintenance through B's own page.
    const childRoutes: [string, string, unknown, string][] = [
      [
        'POST',
        `/api/status_pages/${b.page.id}/incidents/${incident.id}/updates`,
        { status: 'resolved', message: 'x' },
        'Incident not found.',
      ],
      ['DELETE', `/api/status_pages/${b.page.id}/incidents/${incident.id}`, undefined, 'Incident not found.'],
      [
        'POST',
        `/api/status_pages/${b.page.id}/incidents`,
        { from_incident_id: engine.incident_id },
        'Incident not found.',
      ],
      [
        'POST',
        `/api/status_pages/${b.page.id}/incidents`,
        { from_incident_id: engine.incident_id, title: 'Down', message: 'Theirs.' },
        'Incident not found.',
      ],
      ['DELETE', `/api/status_pages/${b.page.id}/maintenance/${maintenance.id}`, undefined, 'Maintenance not found.'],
    ]
    for (const [method, path, body, message] of childRoutes) {
      const res = await t.call(method, path, { token: b.token, body })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.json.message).toBe(message)
    }
    // A's components and monitors named from B's page.
    const incidentWithTheirs = await post(b.token, b.page.id, { title: 'x', message: 'x', component_ids: [a.website] })
    expect(incidentWithTheirs.status).toBe(400)
    const maintenanceWithTheirs = await schedule(b.token, b.page.id, window(HOUR, HOUR, { component_ids: [a.website] }))
    expect(maintenanceWithTheirs.status).toBe(400)
    const pageWithTheirs = await t.call('PATCH', `/api/status_pages/${b.page.id}`, {
      token: b.token,
      body: { components: [{ monitor_id: a.web, display_name: 'Theirs' }] },
    })
    expect(pageWithTheirs.status).toBe(400)

    // Nothing of A's changed, and B sees only their own.
    expect(await h.getPage(a.token, a.page.id)).toEqual(a.page)
    expect(await incidentsOf(a.token, a.page.id)).toEqual([incident])
    expect(await maintenanceOf(a.token, a.page.id)).toEqual([maintenance])
    expect(await incidentsOf(b.token, b.page.id)).toEqual([])
    expect(await maintenanceOf(b.token, b.page.id)).toEqual([])
    const listed = await t.call('GET', '/api/status_pages', { token: b.token })
    expect(listed.json.data.status_pages.map((p: { id: string }) => p.id)).toEqual([b.page.id])
  })
})
