import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { statusPageLimitMessage } from '../../src/server/services/status-pages.service.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb, testClock } from './harness.ts'
import { pageBody, statusPageHelpers } from './support/status-pages.ts'

// Managing status pages through the API: the pages and their components, plan limits, public ids, bad input,
// and users kept apart. Incidents and maintenance are in status-pages-posts.test.ts.

const SLUG_TAKEN = 'This public id is taken: choose another.'
/** A logo host that would write into the page's Content-Security-Policy. */
const PLAIN_HOST =
  'The logo URL needs a plain host name, such as cdn.example.com: no *, space, quote, comma, semicolon or bracket.'

describe.each(dialects)('status pages API on %s', (dialect) => {
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

  const list = async (token: string) => {
    const res = await t.call('GET', '/api/status_pages', { token })
    expect(res.status, res.text).toBe(200)
    return res.json.data as { status_pages: any[]; limit: { max: number; used: number } }
  }

  describe('create, read, list, change, delete', () => {
    it('creates a page with its defaults and reads it back', async () => {
      const { token } = await h.pro()
      const empty = await list(token)
      expect(empty).toEqual({ status_pages: [], limit: { max: 20, used: 0 } })

      const res = await t.call('POST', '/api/status_pages', {
        token,
        body: { name: '  Acme status ', slug: 'Acme-Create' },
      })
      expect(res.status, res.text).toBe(201)
      const page = res.json.data.status_page
      expect(page).toEqual({
        id: expect.any(String),
        name: 'Acme status',
        slug: 'acme-create',
        description: '',
        logo_url: null,
        show_response_times: false,
        published: false,
        unpublished_by_plan: false,
        public_url: 'http://app.test/status/acme-create',
        components: [],
        created_at: new Date(t.clock.now()).toISOString(),
        updated_at: new Date(t.clock.now()).toISOString(),
      })
      expect(await h.getPage(token, page.id)).toEqual(page)
      expect(await list(token)).toEqual({ status_pages: [page], limit: { max: 20, used: 1 } })
    })

    it('lists pages oldest first, and changes only the fields given', async () => {
      const { token } = await h.pro()
      const first = await h.createPage(token, { name: 'First' })
      t.clock.advance(1000)
      const second = await h.createPage(token, {
        name: 'Second',
        description: 'Our **systems**',
        logo_url: 'https://cdn.example.com/logo.png',
        show_response_times: true,
        published: true,
      })
      expect((await list(token)).status_pages.map((p) => p.name)).toEqual(['First', 'Second'])

      t.clock.advance(1000)
      const res = await t.call('PATCH', `/api/status_pages/${second.id}`, {
        token,
        body: { name: 'Second, renamed', logo_url: null, published: false },
      })
      expect(res.status, res.text).toBe(200)
      expect(res.json.data.status_page).toEqual({
        ...second,
        name: 'Second, renamed',
        logo_url: null,
        published: false,
        updated_at: new Date(t.clock.now()).toISOString(),
      })
      expect(await h.getPage(token, second.id)).toEqual(res.json.data.status_page)
      // The other page is untouched.
      expect(await h.getPage(token, first.id)).toEqual(first)

      const empty = await t.call('PATCH', `/api/status_pages/${first.id}`, { token, body: {} })
      expect(empty.status).toBe(400)
      expect(empty.json.message).toBe('Nothing to change.')
      expect(await h.getPage(token, first.id)).toEqual(first)
    })

    it('deletes a page with its components, incidents and maintenance', async () => {
      const { token } = await h.pro()
      const monitorId = await h.addMonitor(token)
      const page = await h.createPage(token, { components: [{ monitor_id: monitorId, display_name: 'Website' }] })
      const componentId = page.components[0].id
      const posted = await t.call('POST', `/api/status_pages/${page.id}/incidents`, {
        token,
        body: { title: 'Slow', message: 'Looking into it.', component_ids: [componentId] },
      })
      expect(posted.status, posted.text).toBe(201)
      const scheduled = await t.call('POST', `/api/status_pages/${page.id}/maintenance`, {
        token,
        body: {
          title: 'Upgrade',
          starts_at: new Date(t.clock.now() + 3_600_000).toISOString(),
          ends_at: new Date(t.clock.now() + 7_200_000).toISOString(),
          component_ids: [componentId],
        },
      })
      expect(scheduled.status, scheduled.text).toBe(201)

      const res = await t.call('DELETE', `/api/status_pages/${page.id}`, { token })
      expect(res.status).toBe(200)
      expect(res.json.data.message).toBe('Status page deleted.')
      expect((await t.call('GET', `/api/status_pages/${page.id}`, { token })).status).toBe(404)
      expect((await t.call('DELETE', `/api/status_pages/${page.id}`, { token })).status).toBe(404)
      expect((await list(token)).limit.used).toBe(0)
      const incidentId = posted.json.data.incident.id
      const maintenanceId = scheduled.json.data.maintenance.id
      const q = db.database.db
      const left = await Promise.all([
        q.selectFrom('status_page_components').select('component_id').where('page_id', '=', page.id).execute(),
        q.selectFrom('status_incidents').select('status_incident_id').where('page_id', '=', page.id).execute(),
        q
          .selectFrom('status_incident_updates')
          .select('update_id')
          .where('status_incident_id', '=', incidentId)
          .execute(),
        q
          .selectFrom('status_incident_components')
          .select('component_id')
          .where('status_incident_id', '=', incidentId)
          .execute(),
        q.selectFrom('maintenance_windows').select('maintenance_id').where('page_id', '=', page.id).execute(),
        q
          .selectFrom('maintenance_components')
          .select('component_id')
          .where('maintenance_id', '=', maintenanceId)
          .execute(),
      ])
      expect(left).toEqual([[], [], [], [], [], []])
      // The monitor stays: a page only shows it.
      expect((await t.call('GET', `/api/monitors/${monitorId}`, { token })).status).toBe(200)
    })
  })

  describe('components', () => {
    it('keeps their order, groups and display names, and the ids of those that stay', async () => {
      const { token } = await h.pro()
      const web = await h.addMonitor(token, 'www.acme.internal')
      const api = await h.addMonitor(token, 'api-1.acme.internal')
      const db1 = await h.addMonitor(token, 'db-primary')
      const page = await h.createPage(token, {
        components: [
          { monitor_id: api, display_name: ' API ', group: 'Public' },
          { monitor_id: web, display_name: 'Website', group: 'Public' },
          { monitor_id: db1, display_name: 'Database' },
        ],
      })
      expect(page.components).toEqual([
        {
          id: expect.any(String),
          monitor_id: api,
          display_name: 'API',
          group: 'Public',
          monitor: { name: 'api-1.acme.internal', type: 'web', status: 'pending' },
        },
        {
          id: expect.any(String),
          monitor_id: web,
          display_name: 'Website',
          group: 'Public',
          monitor: { name: 'www.acme.internal', type: 'web', status: 'pending' },
        },
        {
          id: expect.any(String),
          monitor_id: db1,
          display_name: 'Database',
          group: '',
          monitor: { name: 'db-primary', type: 'web', status: 'pending' },
        },
      ])
      expect((await h.getPage(token, page.id)).components).toEqual(page.components)
      const idOf = Object.fromEntries(
        page.components.map((c: { monitor_id: string; id: string }) => [c.monitor_id, c.id]),
      )

      // Reordered, renamed, regrouped, one dropped: the two that stay keep their ids.
      const res = await t.call('PATCH', `/api/status_pages/${page.id}`, {
        token,
        body: {
          components: [
            { monitor_id: db1, display_name: 'Primary database', group: 'Internal' },
            { monitor_id: api, display_name: 'API', group: '' },
          ],
        },
      })
      expect(res.status, res.text).toBe(200)
      const changed = res.json.data.status_page.components
      expect(changed.map((c: Record<string, unknown>) => [c.id, c.monitor_id, c.display_name, c.group])).toEqual([
        [idOf[db1], db1, 'Primary database', 'Internal'],
        [idOf[api], api, 'API', ''],
      ])
      expect((await h.getPage(token, page.id)).components).toEqual(changed)

      // A change that does not name the components keeps them; an empty list removes them all.
      await t.call('PATCH', `/api/status_pages/${page.id}`, { token, body: { name: 'Renamed' } })
      expect((await h.getPage(token, page.id)).components).toEqual(changed)
      await t.call('PATCH', `/api/status_pages/${page.id}`, { token, body: { components: [] } })
      expect((await h.getPage(token, page.id)).components).toEqual([])
    })

    it('drops a component whose monitor is deleted', async () => {
      const { token } = await h.pro()
      const a = await h.addMonitor(token, 'A')
      const b = await h.addMonitor(token, 'B')
      const page = await h.createPage(token, {
        components: [
          { monitor_id: a, display_name: 'A' },
          { monitor_id: b, display_name: 'B' },
        ],
      })
      expect((await t.call('DELETE', `/api/monitors/${a}`, { token })).status).toBe(200)
      expect((await h.getPage(token, page.id)).components.map((c: { monitor_id: string }) => c.monitor_id)).toEqual([b])
    })
  })

  describe('plan limits', () => {
    it('lets Basic have one page, with the limit message, and a new one once the first is deleted', async () => {
      const { token } = await h.basic()
      const page = await h.createPage(token)
      expect((await list(token)).limit).toEqual({ max: 1, used: 1 })
      const res = await t.call('POST', '/api/status_pages', { token, body: pageBody() })
      expect(res.status).toBe(403)
      expect(res.json.message).toBe(statusPageLimitMessage('Basic', 1))
      expect(res.json.message).toBe(
        'Your Basic plan allows 1 status page. Delete one or upgrade your plan to add more.',
      )
      expect((await list(token)).limit.used).toBe(1)
      await t.call('DELETE', `/api/status_pages/${page.id}`, { token })
      await h.createPage(token)
    })

    it('lets Pro have twenty', async () => {
      const { token } = await h.pro()
      for (let i = 0; i < 20; i++) await h.createPage(token)
      const res = await t.call('POST', '/api/status_pages', { token, body: pageBody() })
      expect(res.status).toBe(403)
      expect(res.json.message).toBe(
        'Your Pro plan allows up to 20 status pages. Delete one or upgrade your plan to add more.',
      )
      expect((await list(token)).limit).toEqual({ max: 20, used: 20 })
    })

    it('keeps the pages of a Pro plan that ran out, and refuses a new one past Basic', async () => {
      const clock = testClock()
      const own = buildTestApp(db.database, { clock, config: { allowPrivateTargets: true } })
      const user = await own.register({ plan: 'Pro', billing_frequency: 'Monthly' })
      for (const slug of ['lapsed-a', 'lapsed-b'])
        expect(
          (await own.call('POST', '/api/status_pages', { token: user.token, body: pageBody({ slug }) })).status,
        ).toBe(201)
      clock.advance(40 * 86_400_000)
      // The first session has run out meanwhile.
      const login = await own.call('POST', '/api/auth/login', { body: { email: user.email, password: user.password } })
      const token = login.json.data.token as string
      const res = await own.call('POST', '/api/status_pages', { token, body: pageBody() })
      expect(res.status).toBe(403)
      expect(res.json.message).toBe(statusPageLimitMessage('Basic', 1))
      const pages = await own.call('GET', '/api/status_pages', { token })
      expect(pages.json.data.limit).toEqual({ max: 1, used: 2 })
    })
  })

  describe('public ids', () => {
    it('answers 409 for a public id another page has, whatever its case, on create and on change', async () => {
      const a = await h.pro()
      const b = await h.pro()
      await h.createPage(a.token, { slug: 'taken-id' })
      for (const slug of ['taken-id', 'TAKEN-ID', ' taken-id ']) {
        const res = await t.call('POST', '/api/status_pages', { token: b.token, body: pageBody({ slug }) })
        expect(res.status).toBe(409)
        expect(res.json).toEqual({ message: SLUG_TAKEN, errors: { slug: SLUG_TAKEN } })
      }
      expect((await list(b.token)).status_pages).toEqual([])

      const mine = await h.createPage(b.token, { slug: 'mine-id' })
      const res = await t.call('PATCH', `/api/status_pages/${mine.id}`, { token: b.token, body: { slug: 'Taken-Id' } })
      expect(res.status).toBe(409)
      expect(res.json.errors).toEqual({ slug: SLUG_TAKEN })
      expect(await h.getPage(b.token, mine.id)).toEqual(mine)
      // A page keeps its own id, and can take a free one.
      expect(
        (await t.call('PATCH', `/api/status_pages/${mine.id}`, { token: b.token, body: { slug: 'mine-id' } })).status,
      ).toBe(200)
      const moved = await t.call('PATCH', `/api/status_pages/${mine.id}`, {
        token: b.token,
        body: { slug: 'mine-new' },
      })
      expect(moved.json.data.status_page).toMatchObject({
        slug: 'mine-new',
        public_url: 'http://app.test/status/mine-new',
      })
      // The old id is free again.
      await h.createPage(a.token, { slug: 'mine-id' })
    })

    it('gives one of two pages created at once with the same public id, and 409 to the other', async () => {
      const a = await h.pro()
      const b = await h.pro()
      const results = await Promise.all(
        [a, b].map((u) => t.call('POST', '/api/status_pages', { token: u.token, body: pageBody({ slug: 'race-id' }) })),
      )
      expect(results.map((r) => r.status).sort()).toEqual([201, 409])
      expect(results.find((r) => r.status === 409)?.json.errors).toEqual({ slug: SLUG_TAKEN })

      // The same for two changes at once.
      const pages = [await h.createPage(a.token), await h.createPage(b.token)]
      const changes = await Promise.all(
        [a, b].map((u, i) =>
          t.call('PATCH', `/api/status_pages/${pages[i]?.id}`, { token: u.token, body: { slug: 'race-patch' } }),
        ),
      )
      expect(changes.map((r) => r.status).sort()).toEqual([200, 409])
    })
  })

  describe('bad input', () => {
    it.each([
      [{ slug: 'ab' }, 'slug', 'The public id must be at least 3 characters.'],
      [
        { slug: 'no spaces' },
        'slug',
        'The public id takes lower-case letters, digits and hyphens, and starts and ends with a letter or digit.',
      ],
      [{ slug: 'api' }, 'slug', '"api" is reserved: choose another public id.'],
      [{ slug: 12345 }, 'slug', 'The public id is required.'],
      [{ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters.'],
      [{ name: '' }, 'name', 'Name is required.'],
      [{ published: 'yes' }, 'published', 'Published must be true or false.'],
      [{ logo_url: 'ftp://example.com/logo.png' }, 'logo_url', 'The logo URL must start with https://.'],
      [{ logo_url: 'http://cdn.example.com/logo.png' }, 'logo_url', 'The logo URL must start with https://.'],
      // Whatever the host holds would be written into the page's Content-Security-Policy.
      [{ logo_url: 'https://*/x.png' }, 'logo_url', PLAIN_HOST],
      [{ logo_url: 'https://a.example;sandbox/x.png' }, 'logo_url', PLAIN_HOST],
      [{ logo_url: 'https://a.example,b.example/x.png' }, 'logo_url', PLAIN_HOST],
      [
        { logo_url: 'https://user:secret@cdn.example.com/logo.png' },
        'logo_url',
        'The logo URL cannot hold a user name or password.',
      ],
      [{ components: 'all' }, 'components', 'Components must be a list.'],
      [{ components: [{ monitor_id: 'm' }] }, 'components.0.display_name', 'Display name is required.'],
    ])('refuses %j with 400 at %s, on create and on change, changing nothing', async (over, field, message) => {
      const { token } = await h.pro()
      const created = await t.call('POST', '/api/status_pages', { token, body: pageBody(over) })
      expect(created.status).toBe(400)
      expect(created.json.errors[field]).toBe(message)
      expect(created.json.message).toBeTruthy()
      expect((await list(token)).status_pages).toEqual([])

      const page = await h.createPage(token)
      const changed = await t.call('PATCH', `/api/status_pages/${page.id}`, { token, body: over })
      expect(changed.status).toBe(400)
      expect(changed.json.errors[field]).toBe(message)
      expect(await h.getPage(token, page.id)).toEqual(page)
    })

    it("refuses a monitor that is unknown or another user's, on create and on change", async () => {
      const other = await h.pro()
      const theirs = await h.addMonitor(other.token, 'theirs')
      const { token } = await h.pro()
      const mine = await h.addMonitor(token, 'mine')
      for (const monitorId of [theirs, 'no-such-monitor']) {
        const components = [
          { monitor_id: mine, display_name: 'Mine' },
          { monitor_id: monitorId, display_name: 'Theirs' },
        ]
        const created = await t.call('POST', '/api/status_pages', { token, body: pageBody({ components }) })
        expect(created.status).toBe(400)
        expect(created.json.errors['components.1.monitor_id']).toBe(
          `Unknown monitor: ${monitorId}. Choose among your monitors.`,
        )
        expect((await list(token)).status_pages).toEqual([])
      }
      const page = await h.createPage(token, { components: [{ monitor_id: mine, display_name: 'Mine' }] })
      const changed = await t.call('PATCH', `/api/status_pages/${page.id}`, {
        token,
        body: { name: 'Hijack', components: [{ monitor_id: theirs, display_name: 'Theirs' }] },
      })
      expect(changed.status).toBe(400)
      expect(changed.json.errors['components.0.monitor_id']).toMatch(/^Unknown monitor/)
      expect(await h.getPage(token, page.id)).toEqual(page)
      // Their monitor is not on any page.
      const rows = await db.database.db
        .selectFrom('status_page_components')
        .select('component_id')
        .where('monitor_id', '=', theirs)
        .execute()
      expect(rows).toEqual([])
    })

    it('refuses a monitor twice on a page, and fields a page does not have', async () => {
      const { token } = await h.pro()
      const m = await h.addMonitor(token)
      const twice = await t.call('POST', '/api/status_pages', {
        token,
        body: pageBody({
          components: [
            { monitor_id: m, display_name: 'A' },
            { monitor_id: m, display_name: 'B' },
          ],
        }),
      })
      expect(twice.status).toBe(400)
      expect(twice.json.errors.components).toBe('Each monitor can be on a page once.')
      const page = await h.createPage(token)
      const res = await t.call('PATCH', `/api/status_pages/${page.id}`, {
        token,
        body: { name: 'Mine', user_id: 'someone' },
      })
      expect(res.status).toBe(400)
      expect(res.json.errors).toEqual({ user_id: 'This field is not part of a status page.' })
    })

    it('refuses a body that is not a JSON object', async () => {
      const { token } = await h.pro()
      const page = await h.createPage(token)
      for (const [method, path] of [
        ['POST', '/api/status_pages'],
        ['PATCH', `/api/status_pages/${page.id}`],
      ] as const) {
        const broken = await t.call(method, path, { token, body: '{"name": "Acme",' })
        expect(broken.status).toBe(400)
        expect(broken.json).toEqual({ message: 'The request body is not valid JSON.' })
        const array = await t.call(method, path, { token, body: [] })
        expect(array.status).toBe(400)
        expect(array.json.message).toBe('Expected a JSON object with the fields of the status page.')
        const text = await t.call(method, path, { token, body: 'name=Acme', headers: { 'content-type': 'text/plain' } })
        expect(text.status).toBe(415)
      }
      expect((await list(token)).status_pages).toEqual([page])
      expect(await h.getPage(token, page.id)).toEqual(page)
    })

    it('answers 404 for an id that is no page', async () => {
      const { token } = await h.pro()
      for (const id of ['no-such-page', 'x'.repeat(64)]) {
        const res = await t.call('GET', `/api/status_pages/${id}`, { token })
        expect(res.status).toBe(404)
        expect(res.json.message).toBe('Status page not found.')
      }
      expect((await t.call('GET', `/api/status_pages/${'x'.repeat(65)}`, { token })).status).toBe(400)
    })
  })

  it('answers 401 on every route without a live session', async () => {
    const { token } = await h.pro()
    const page = await h.createPage(token)
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/status_pages'],
      ['POST', '/api/status_pages', pageBody()],
      ['GET', `/api/status_pages/${page.id}`],
      ['PATCH', `/api/status_pages/${page.id}`, { name: 'x' }],
      ['DELETE', `/api/status_pages/${page.id}`],
      ['GET', `/api/status_pages/${page.id}/incidents`],
      ['POST', `/api/status_pages/${page.id}/incidents`, { title: 'x', message: 'y' }],
      ['POST', `/api/status_pages/${page.id}/incidents/i1/updates`, { status: 'resolved', message: 'y' }],
      ['DELETE', `/api/status_pages/${page.id}/incidents/i1`],
      ['GET', `/api/status_pages/${page.id}/maintenance`],
      ['POST', `/api/status_pages/${page.id}/maintenance`, { title: 'x' }],
      ['DELETE', `/api/status_pages/${page.id}/maintenance/m1`],
    ]
    for (const [method, path, body] of routes) {
      const none = await t.call(method, path, { body })
      expect(none.status, `${method} ${path}`).toBe(401)
      expect(none.json).toEqual({ message: 'Please sign in to continue.' })
      const stale = await t.call(method, path, { body, token: 'not-a-session' })
      expect(stale.status, `${method} ${path}`).toBe(401)
    }
    expect(await h.getPage(token, page.id)).toEqual(page)
  })
})
