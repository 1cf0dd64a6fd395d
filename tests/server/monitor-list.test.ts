import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateMonitor } from '@vigil/domain/monitor.schema'
import { monitorTarget } from '@vigil/domain/monitor-target'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { newMonitorRecord, toRow } from '../../src/server/db/repos/monitor-record.ts'
import { fortyChecks, recordChecks } from '../support/report-model.ts'
import { buildTestApp, dialects, insertOldUser, openTestDb, type TestApp, type TestDb } from './harness.ts'

// The one list of monitors (issue 19) on both databases: search by name and target, filters by type, state, tag and
// status page with the counts they show, the sorts, pages, each row's tags and heartbeat bar; tags made, renamed,
// coloured, given and taken; bulk pause, resume, delete and tag; other users' monitors, tags and pages refused.

describe.each(dialects)('the monitor list on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
  })
  afterAll(() => db.drop())

  const pro = () => t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
  const add = async (token: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/monitors', { token, body: { interval_seconds: 300, retries: 0, ...body } })
    expect(res.status, res.text).toBe(201)
    return res.json.data.monitor.id as string
  }
  const list = async (token: string, query: string) => {
    const res = await t.call('GET', `/api/monitors?${query}`, { token })
    expect(res.status, res.text).toBe(200)
    return res.json.data
  }
  const names = (data: { monitors: { name: string }[] }) => data.monitors.map((m) => m.name)

  /** Four monitors, two of them with a day of checks (the shop down for its last three). */
  const world = async () => {
    const { token } = await pro()
    const shop = await add(token, { type: 'web', name: 'Shop', url: 'http://shop.example.test/cart' })
    const api = await add(token, { type: 'api', name: 'orders API', url: 'http://api.example.test/v1/orders' })
    const db5 = await add(token, { type: 'port', name: 'Database 100%', host: 'db.internal.test', port: 5432 })
    const mail = await add(token, { type: 'port', name: 'Mail', host: 'mail.example.test', port: 25 })
    const start = t.clock.now()
    const checks = (failLast: number) => fortyChecks(start, failLast)
    await recordChecks(t, [
      [shop, checks(3)],
      [api, checks(0)],
    ])
    return { token, shop, api, db5, mail }
  }

  it('searches by part of the name or the target, any case, with wildcards taken as they are', async () => {
    const { token } = await world()
    expect(names(await list(token, 'limit=50&q=ORDERS'))).toEqual(['orders API'])
    expect(names(await list(token, 'limit=50&q=example.test'))).toEqual(['Mail', 'orders API', 'Shop'])
    expect(names(await list(token, 'limit=50&q=db.internal.test:5432'))).toEqual(['Database 100%'])
    expect(names(await list(token, 'limit=50&q=100%25'))).toEqual(['Database 100%'])
    expect(names(await list(token, 'limit=50&q=_'))).toEqual([])
  })

  it("finds a monitor by its name as it is now: renamed, moved, quoted, deleted, and never another user's", async () => {
    const { token, db5, mail } = await world()
    const other = await pro()
    await add(other.token, { type: 'web', name: 'Databases', url: 'http://other.example.test/' })
    expect(names(await list(token, 'limit=50&q=TABASE'))).toEqual(['Database 100%'])
    expect((await t.call('PATCH', `/api/monitors/${db5}`, { token, body: { name: 'Say "hello" store' } })).status).toBe(
      200,
    )
    expect(names(await list(token, 'limit=50&q=TABASE'))).toEqual([])
    expect(names(await list(token, 'limit=50&q=%22HELLO%22'))).toEqual(['Say "hello" store'])
    expect(names(await list(token, 'limit=50&q=y "h'))).toEqual(['Say "hello" store'])
    // Two characters: no trigram in them, the names are read.
    expect(names(await list(token, 'limit=50&q="h'))).toEqual(['Say "hello" store'])
    expect((await t.call('PATCH', `/api/monitors/${mail}`, { token, body: { host: 'smtp.mailer.test' } })).status).toBe(
      200,
    )
    expect(names(await list(token, 'limit=50&q=mailer'))).toEqual(['Mail'])
    expect((await t.call('DELETE', `/api/monitors/${mail}`, { token })).status).toBe(200)
    expect(names(await list(token, 'limit=50&q=mailer'))).toEqual([])
    expect(names(await list(other.token, 'limit=50&q=tabase'))).toEqual(['Databases'])
  })

  it("gives a search's page and counts as the list gives them without one, whatever the filters, order and page", async () => {
    const { token, shop, api, mail, db5 } = await world()
    const eu = (await t.call('POST', '/api/tags', { token, body: { name: 'EU', color: 'blue' } })).json.data.tag
    await t.call('POST', '/api/monitors/bulk', {
      token,
      body: { action: 'tag', tag_id: eu.id, monitor_ids: [shop, mail, db5] },
    })
    await t.call('POST', '/api/monitors/bulk', { token, body: { action: 'pause', monitor_ids: [api] } })
    // Every target ends in ".test": the search lets every monitor through, so nothing else may differ. (A page of
    // one of the tag's three monitors reads the tag by rows, a page of fifty by its list: tagFilterBy.)
    for (const filters of ['', 'status=down', 'status=paused', 'type=port', `tag=${eu.id}`, `type=port&tag=${eu.id}`])
      for (const order of ['', 'sort=-name', 'sort=status', 'sort=-last_check'])
        for (const paging of ['limit=50', 'limit=2&page=2', 'limit=1', 'limit=1&page=2', 'limit=1&page=3']) {
          const query = [filters, order, paging].filter(Boolean).join('&')
          expect(await list(token, `${query}&q=.TEST`), query).toEqual(await list(token, query))
        }
  })

  it('counts the monitors on each status page under the other filters, that filter aside', async () => {
    const { token, shop, api, mail } = await world()
    const pageOf = async (slug: string, monitors: string[]) =>
      (
        await t.call('POST', '/api/status_pages', {
          token,
          body: {
            name: slug,
            slug: `${slug}-${dialect}-${Math.random().toString(36).slice(2, 8)}`,
            components: monitors.map((monitor_id, k) => ({ monitor_id, display_name: `Part ${k}` })),
          },
        })
      ).json.data.status_page.id as string
    const shopAndMail = await pageOf('public', [shop, mail])
    const apiOnly = await pageOf('partners', [api])
    const pages = async (query: string) => (await list(token, query)).facets.status_pages
    expect(await pages('limit=50')).toEqual({ [shopAndMail]: 2, [apiOnly]: 1 })
    expect(await pages(`limit=50&status_page_id=${shopAndMail}`)).toEqual({ [shopAndMail]: 2, [apiOnly]: 1 })
    expect(await pages('limit=50&status=down')).toEqual({ [shopAndMail]: 1 })
    expect(await pages('limit=50&type=port')).toEqual({ [shopAndMail]: 1 })
    expect(await pages('limit=50&q=orders')).toEqual({ [apiOnly]: 1 })
    expect((await list((await pro()).token, 'limit=50')).facets.status_pages).toEqual({})
  })

  it('filters by type and state with the counts each filter shows, and pages', async () => {
    const { token } = await world()
    const ports = await list(token, 'limit=50&type=port')
    expect(names(ports)).toEqual(['Database 100%', 'Mail'])
    expect(ports.facets.types).toEqual({ web: 1, api: 1, port: 2 })
    const down = await list(token, 'limit=50&status=down')
    expect(names(down)).toEqual(['Shop'])
    // The state filter's own counts leave it aside.
    expect(down.counts).toMatchObject({ total: 4, down: 1, up: 1, pending: 2 })
    expect(down.pagination).toEqual({ total: 1, page: 1, limit: 50, total_pages: 1 })
    const second = await list(token, 'page=2&limit=3')
    expect(names(second)).toEqual(['Shop'])
    expect(second.pagination).toEqual({ total: 4, page: 2, limit: 3, total_pages: 2 })
  })

  it('sorts by name, state, uptime, response time and last check, either way', async () => {
    const { token } = await world()
    expect(names(await list(token, 'limit=50&sort=-name'))).toEqual(['Shop', 'orders API', 'Mail', 'Database 100%'])
    expect(names(await list(token, 'limit=50&sort=status'))).toEqual(['Shop', 'Database 100%', 'Mail', 'orders API'])
    expect(names(await list(token, 'limit=50&sort=uptime'))).toEqual(['Shop', 'orders API', 'Database 100%', 'Mail'])
    expect(names(await list(token, 'limit=50&sort=-uptime')).slice(0, 2)).toEqual(['orders API', 'Shop'])
    expect(names(await list(token, 'limit=50&sort=-response')).slice(0, 2)).toEqual(['orders API', 'Shop'])
    expect(names(await list(token, 'limit=1&page=2&sort=uptime'))).toEqual(['orders API'])
    expect(names(await list(token, 'limit=50&sort=-last_check')).slice(2)).toEqual(['Database 100%', 'Mail'])
  })

  it('gives each row of a page its tags and its last 30 checks, oldest first', async () => {
    const { token, shop } = await world()
    const row = (await list(token, 'limit=50&q=shop')).monitors[0]
    expect(row.heartbeats).toHaveLength(30)
    expect(row.heartbeats.slice(-4).map((b: { ok: boolean; status: string }) => [b.ok, b.status])).toEqual([
      [true, 'up'],
      [false, 'down'],
      [false, 'down'],
      [false, 'down'],
    ])
    expect(Date.parse(row.heartbeats[0].checked_at)).toBeLessThan(Date.parse(row.heartbeats[29].checked_at))
    expect(row).toMatchObject({ id: shop, tags: [], uptime_24h: expect.any(Number) })
    // Without page or limit: every monitor, as the type pages read them, without heartbeats.
    const all = await list(token, 'type=web')
    expect(all.monitors).toHaveLength(1)
    expect(all.monitors[0].heartbeats).toBeUndefined()
    expect(all.pagination).toEqual({ total: 1, page: 1, limit: 1, total_pages: 1 })
  })

  it('answers gzipped to a client that takes gzip, the same JSON, a page and the unpaged list alike', async () => {
    const { token } = await world()
    const get = async (query: string, acceptEncoding?: string) => {
      const res = await t.app.request(`/api/monitors?${query}`, {
        headers: {
          authorization: `Bearer ${token}`,
          ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      return { encoding: res.headers.get('content-encoding'), bytes: Buffer.from(await res.arrayBuffer()) }
    }
    for (const query of ['limit=50', 'page=1&limit=2&sort=-name', 'limit=50&q=example', '']) {
      const plain = await get(query)
      expect(plain.encoding).toBeNull()
      expect(JSON.parse(plain.bytes.toString()).data.monitors.length).toBeGreaterThan(0)
      // Twice: the rows kept by the first are sent deflated as they were kept.
      for (const _ of [1, 2]) {
        const zipped = await get(query, 'gzip, deflate, br')
        expect(zipped.encoding).toBe('gzip')
        expect(gunzipSync(zipped.bytes).toString()).toBe(plain.bytes.toString())
      }
      expect((await get(query, 'gzip;q=0, deflate')).encoding).toBeNull()
    }
    // A page of rows with their heartbeats is a fraction of its size gzipped.
    const page = { plain: await get('limit=50'), zipped: await get('limit=50', 'gzip') }
    expect(page.zipped.bytes.length).toBeLessThan(page.plain.bytes.length / 2)
  })
  it('makes, renames, colours and deletes tags, gives them to monitors and filters by them', async () => {
    const { token, shop, api, mail } = await world()
    const made = await t.call('POST', '/api/tags', { token, body: { name: ' Production ', color: 'red' } })
    expect(made.status, made.text).toBe(201)
    const prod = made.json.data.tag
    expect(prod).toEqual({
      id: expect.any(String),
      name: 'Production',
      color: 'red',
      monitor_count: 0,
      created_at: expect.any(String),
    })
    const twice = await t.call('POST', '/api/tags', { token, body: { name: 'production' } })
    expect(twice.status).toBe(409)
    expect(twice.json).toMatchObject({
      message: 'You already have a tag with this name.',
      errors: { name: expect.any(String) },
    })
    for (const [body, message] of [
      [{ name: '' }, 'Name is required.'],
      [{ name: 'x'.repeat(31) }, 'A tag name has at most 30 characters.'],
      [{ name: 'a,b' }, 'A tag name is one line, without commas.'],
      [{ name: 'ok', color: 'plaid' }, expect.stringContaining('Colour must be one of gray, red')],
    ] as const) {
      const res = await t.call('POST', '/api/tags', { token, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.message).toEqual(message)
    }
    const eu = (await t.call('POST', '/api/tags', { token, body: { name: 'EU' } })).json.data.tag
    expect(eu.color).toBe('gray')

    const set = await t.call('PUT', `/api/monitors/${shop}/tags`, { token, body: { tag_ids: [prod.id, eu.id] } })
    expect(set.status, set.text).toBe(200)
    expect(set.json.data.tags.map((x: { name: string }) => x.name)).toEqual(['EU', 'Production'])
    // The monitor's own answer carries them too (its form, opened from its page, shows them).
    const one = await t.call('GET', `/api/monitors/${shop}`, { token })
    expect(one.json.data.monitor.tags.map((x: { name: string }) => x.name)).toEqual(['EU', 'Production'])
    const bulk = await t.call('POST', '/api/monitors/bulk', {
      token,
      body: { action: 'tag', tag_id: prod.id, monitor_ids: [api, mail, shop] },
    })
    expect(bulk.json.data).toEqual({ done: 3, failed: [] })
    const tagged = await list(token, `limit=50&tag=${prod.id}`)
    expect(names(tagged)).toEqual(['Mail', 'orders API', 'Shop'])
    expect(tagged.facets.tags).toEqual({ [prod.id]: 3, [eu.id]: 1 })
    expect(tagged.monitors.find((m: { id: string }) => m.id === shop).tags).toEqual([
      { id: eu.id, name: 'EU', color: 'gray' },
      { id: prod.id, name: 'Production', color: 'red' },
    ])
    await t.call('POST', '/api/monitors/bulk', {
      token,
      body: { action: 'untag', tag_id: prod.id, monitor_ids: [mail] },
    })
    const renamed = await t.call('PATCH', `/api/tags/${prod.id}`, { token, body: { name: 'Live', color: 'green' } })
    expect(renamed.json.data.tag).toMatchObject({ name: 'Live', color: 'green', monitor_count: 2 })
    expect((await t.call('PATCH', `/api/tags/${prod.id}`, { token, body: { name: 'eu' } })).status).toBe(409)
    expect(
      (await t.call('GET', '/api/tags', { token })).json.data.tags.map((x: { name: string; monitor_count: number }) => [
        x.name,
        x.monitor_count,
      ]),
    ).toEqual([
      ['EU', 1],
      ['Live', 2],
    ])
    expect((await t.call('DELETE', `/api/tags/${prod.id}`, { token })).status).toBe(204)
    expect((await list(token, 'limit=50&q=shop')).monitors[0].tags).toEqual([{ id: eu.id, name: 'EU', color: 'gray' }])
  })

  it("gives a tag's page in the order of its monitors' names as they are now, either way, paged", async () => {
    const { token, shop, api, db5, mail } = await world()
    const eu = (await t.call('POST', '/api/tags', { token, body: { name: 'EU' } })).json.data.tag
    const tag = (ids: string[]) =>
      t.call('POST', '/api/monitors/bulk', { token, body: { action: 'tag', tag_id: eu.id, monitor_ids: ids } })
    await tag([shop, mail, db5])
    const page = async (query: string) => names(await list(token, `tag=${eu.id}&${query}`))
    expect(await page('limit=50')).toEqual(['Database 100%', 'Mail', 'Shop'])
    expect((await t.call('PATCH', `/api/monitors/${shop}`, { token, body: { name: 'alpha shop' } })).status).toBe(200)
    expect(await page('limit=50')).toEqual(['alpha shop', 'Database 100%', 'Mail'])
    // Tagged after a rename of its own: its row takes the name it has.
    expect((await t.call('PATCH', `/api/monitors/${api}`, { token, body: { name: 'Zulu API' } })).status).toBe(200)
    await tag([api])
    expect(await page('limit=50&sort=-name')).toEqual(['Zulu API', 'Mail', 'Database 100%', 'alpha shop'])
    expect(await page('limit=1&page=2')).toEqual(['Database 100%'])
    expect(await page('limit=1&page=2&sort=-name')).toEqual(['Mail'])
    // Another user's monitor tagged by this tag (as a move of owner would leave it) is not on the user's page.
    const other = await pro()
    const theirs = await add(other.token, { type: 'web', name: 'Beta', url: 'http://beta.example.test/' })
    await t.repos.tags.addTo(eu.id, [theirs])
    expect(await page('limit=50')).toEqual(['alpha shop', 'Database 100%', 'Mail', 'Zulu API'])
  })

  it('pauses, resumes and deletes many at once, each as its own button would', async () => {
    const { token, shop, api, mail } = await world()
    const paused = await t.call('POST', '/api/monitors/bulk', {
      token,
      body: { action: 'pause', monitor_ids: [shop, api] },
    })
    expect(paused.json.data).toEqual({ done: 2, failed: [] })
    expect(names(await list(token, 'limit=50&status=paused'))).toEqual(['orders API', 'Shop'])
    await t.call('POST', '/api/monitors/bulk', { token, body: { action: 'resume', monitor_ids: [shop, api] } })
    expect(names(await list(token, 'limit=50&status=paused'))).toEqual([])
    const gone = await t.call('POST', '/api/monitors/bulk', { token, body: { action: 'delete', monitor_ids: [mail] } })
    expect(gone.json.data).toEqual({ done: 1, failed: [] })
    expect((await list(token, 'limit=50')).pagination.total).toBe(3)
    for (const [body, message] of [
      [{ action: 'explode', monitor_ids: [shop] }, expect.stringContaining('Action must be one of')],
      [{ action: 'pause', monitor_ids: [] }, 'Choose at least one monitor.'],
      [{ action: 'tag', monitor_ids: [shop] }, 'Tagging needs a tag_id; other actions take none.'],
    ] as const) {
      const res = await t.call('POST', '/api/monitors/bulk', { token, body })
      expect(res.status).toBe(400)
      expect(res.json.message).toEqual(message)
    }
  })

  it('resumes what the plan has room for and says why not for the rest', async () => {
    const { token } = await t.register({ plan: 'Basic' })
    const ids = []
    for (let i = 0; i < 3; i++) ids.push(await add(token, { type: 'port', name: `P${i}`, host: '127.0.0.1', port: 9 }))
    await t.call('POST', '/api/monitors/bulk', { token, body: { action: 'pause', monitor_ids: ids } })
    await db.database.db.updateTable('plans').set({ max_monitors: 2 }).where('plan_id', '=', 'basic').execute()
    try {
      const res = await t.call('POST', '/api/monitors/bulk', { token, body: { action: 'resume', monitor_ids: ids } })
      expect(res.json.data.done).toBe(2)
      expect(res.json.data.failed).toEqual([{ id: ids[2], message: expect.stringContaining('Basic plan allows') }])
    } finally {
      await db.database.db.updateTable('plans').set({ max_monitors: 20 }).where('plan_id', '=', 'basic').execute()
    }
  })

  it("refuses another user's monitors, tags and status pages, changing nothing", async () => {
    const { token, shop } = await world()
    const tag = (await t.call('POST', '/api/tags', { token, body: { name: 'Mine' } })).json.data.tag
    const page = await t.call('POST', '/api/status_pages', {
      token,
      body: { name: 'Mine', slug: `mine-${dialect}`, components: [{ monitor_id: shop, display_name: 'Shop' }] },
    })
    const pageId = page.json.data.status_page.id
    expect(names(await list(token, `limit=50&status_page_id=${pageId}`))).toEqual(['Shop'])

    const other = await pro()
    const theirs = await add(other.token, { type: 'port', name: 'Theirs', host: '127.0.0.1', port: 9 })
    for (const [method, path, body] of [
      ['GET', `/api/monitors?tag=${tag.id}`],
      ['GET', `/api/monitors?status_page_id=${pageId}`],
      ['PATCH', `/api/tags/${tag.id}`, { name: 'Stolen' }],
      ['DELETE', `/api/tags/${tag.id}`],
      ['PUT', `/api/monitors/${shop}/tags`, { tag_ids: [] }],
      ['POST', '/api/monitors/bulk', { action: 'pause', monitor_ids: [theirs, shop] }],
      ['POST', '/api/monitors/bulk', { action: 'delete', monitor_ids: [shop] }],
    ] as const) {
      const res = await t.call(method, path, { token: other.token, body })
      expect(res.status, `${method} ${path}`).toBe(404)
    }
    const mine = await t.call('POST', '/api/tags', { token: other.token, body: { name: 'Mine' } })
    expect(mine.status).toBe(201) // names are per user
    expect(
      (await t.call('PUT', `/api/monitors/${theirs}/tags`, { token: other.token, body: { tag_ids: [tag.id] } })).status,
    ).toBe(404)
    expect(
      (
        await t.call('POST', '/api/monitors/bulk', {
          token: other.token,
          body: { action: 'tag', tag_id: tag.id, monitor_ids: [theirs] },
        })
      ).status,
    ).toBe(404)
    // Nothing of ours changed, and their list holds only theirs.
    expect((await list(token, 'limit=50&status=paused')).monitors).toEqual([])
    expect((await t.call('GET', '/api/tags', { token })).json.data.tags.map((x: { name: string }) => x.name)).toEqual([
      'Mine',
    ])
    expect(names(await list(other.token, 'limit=50'))).toEqual(['Theirs'])
    for (const query of ['limit=101', 'page=0', 'sort=size', 'status=asleep', `q=${'x'.repeat(101)}`]) {
      const res = await t.call('GET', `/api/monitors?${query}`, { token })
      expect(res.status, query).toBe(400)
    }
  })
})

/** A monitor of every type as the API takes it, with targets that exercise each type's rule. */
const EVERY_TYPE: Record<string, unknown>[] = [
  { type: 'web', name: 'Old shop', url: 'https://old-shop.example.test/' },
  { type: 'api', name: 'Orders', url: 'https://api.example.test/v1/orders' },
  { type: 'port', name: 'Db', host: '2001:db8::1', port: 5432 },
  { type: 'ping', name: 'Router', host: 'router.example.test' },
  { type: 'dns', name: 'Zone', hostname: 'example.test', record_type: 'MX' },
  { type: 'ssl', name: 'Tls', host: 'tls.example.test', port: 8443 },
  { type: 'ssl', name: 'Tls 443', host: 'www.example.test' },
  { type: 'domain', name: 'Domain', domain: 'example.test' },
  { type: 'blacklist', name: 'Mail', target: '192.0.2.1' },
  {
    type: 'aws',
    name: 'Db',
    account_id: 'a1',
    rule: { resource: 'rds', region: 'eu-west-1', db_instance_id: 'orders' },
  },
  {
    type: 'aws',
    name: 'Box',
    account_id: 'a1',
    rule: { resource: 'ec2', region: 'eu-west-1', instance_id: 'i-0aaa000000000001' },
  },
  { type: 'aws', name: 'Budget', account_id: 'a1', rule: { resource: 'cost', amount: 20 } },
  {
    type: 'azure',
    name: 'Web',
    account_id: 'a2',
    rule: {
      kind: 'availability',
      resource_id:
        '/subscriptions/00000000-0000-4000-8000-000000000001/resourceGroups/shop/providers/Microsoft.Web/sites/shop-web',
    },
  },
  { type: 'microsoft365', name: 'Mail', account_id: 'a3', service_id: 'Exchange', service_name: 'Exchange Online' },
]

describe.each(dialects)('migration 017 on %s', (dialect) => {
  it('fills in the target of the monitors made before it, of every type, as the type registry gives it', async () => {
    const old = await openTestDb(dialect, { upTo: '016-reports' })
    try {
      const k = old.database.db
      const at = 1_700_000_000_000
      await insertOldUser(k, at)
      const expected: Record<string, string> = {}
      for (const body of EVERY_TYPE) {
        const input = validateMonitor(body)
        if (!input.success) throw new Error(`the monitor is valid: ${JSON.stringify(input.issues[0]?.message)}`)
        const record = newMonitorRecord('u1', input.output, at)
        expected[record.monitor_id] = monitorTarget(input.output)
        // The row as it was before 017: without its target, nor the columns later migrations added (028's grid).
        const { target: _target, grid_at: _grid, ...before017 } = toRow(record) as Record<string, unknown>
        await k
          .insertInto('monitors')
          .values(before017 as never)
          .execute()
      }
      await migrateToLatest(old.database)
      const rows = await k.selectFrom('monitors').select(['monitor_id', 'target']).execute()
      expect(Object.fromEntries(rows.map((r) => [r.monitor_id, r.target]))).toEqual(expected)
      expect(Object.values(expected)).toContain('https://old-shop.example.test/')
      expect(Object.values(expected)).toContain('[2001:db8::1]:5432')
    } finally {
      await old.drop()
    }
  })
})
