import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { brotliDecompressSync } from 'node:zlib'
import { uptimeLevel } from '@vigil/domain/status-rules'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from '../harness.ts'
import { startHttpTarget } from '../support/targets.ts'

// What anyone can read of a status page without signing in: the HTML page, the JSON summary, the Atom feed and
// the badges; that they show what the owner chose and nothing else; that they are cached and still change.

// jsdom has no types of its own; its DOMParser is a browser's, strict about XML.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } }
}

/** The characters of `text` outside XML 1.0's Char production (section 2.2), as code points. */
const notXmlChars = (text: string) =>
  [...text]
    .map((ch) => ch.codePointAt(0) ?? 0)
    .filter(
      (c) =>
        !(
          c === 0x9 ||
          c === 0xa ||
          c === 0xd ||
          (c >= 0x20 && c <= 0xd7ff) ||
          (c >= 0xe000 && c <= 0xfffd) ||
          (c >= 0x10000 && c <= 0x10ffff)
        ),
    )

describe.each(dialects)('public status pages on %s', (dialect) => {
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

  /** A Pro user with a checked web monitor on a published page. */
  const world = async (page: Record<string, unknown> = {}) => {
    const owner = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const token = owner.token
    const monitor = await t.call('POST', '/api/monitors', {
      token,
      body: {
        type: 'web',
        name: 'Secret shop backend',
        url: `${web.url}private-path`,
        interval_seconds: 60,
        retries: 0,
      },
    })
    expect(monitor.status, monitor.text).toBe(201)
    const monitorId = monitor.json.data.monitor.id as string
    const check = async () => {
      const res = await t.call('POST', `/api/monitors/${monitorId}/check`, { token })
      expect(res.status, res.text).toBe(200)
      return res.json.data.monitor
    }
    // Uptime counts the time between two checks.
    await check()
    t.clock.advance(60_000)
    await check()
    const slug = `shop-${Math.random().toString(36).slice(2, 8)}`
    const created = await t.call('POST', '/api/status_pages', {
      token,
      body: {
        name: 'Acme Shop',
        slug,
        description: 'Live status of **Acme**.',
        published: true,
        components: [{ monitor_id: monitorId, display_name: 'Storefront', group: 'Website' }],
        ...page,
      },
    })
    expect(created.status, created.text).toBe(201)
    const statusPage = created.json.data.status_page
    return { owner, token, monitorId, check, slug, page: statusPage, componentId: statusPage.components[0]?.id }
  }

  const get = (path: string, headers: Record<string, string> = {}) => t.call('GET', path, { headers })
  /** Everything a visitor could fetch about a page, as one string to search for leaks. */
  const everything = async (slug: string, componentId: string) =>
    (
      await Promise.all(
        [
          `/status/${slug}`,
          `/api/public/status/${slug}`,
          `/status/${slug}/feed.xml`,
          `/status/${slug}/badge.svg`,
          `/status/${slug}/badge.svg?kind=uptime`,
          `/status/${slug}/components/${componentId}/badge.svg`,
          `/status/${slug}/components/${componentId}/badge.svg?kind=uptime`,
        ].map(async (path) => {
          const res = await get(path)
          expect(res.status, path).toBe(200)
          return res.text
        }),
      )
    ).join('\n')

  it('serves the page as HTML that reads without script, under a strict policy', async () => {
    const { slug } = await world()
    const res = await get(`/status/${slug}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = res.text
    expect(html).toContain('<h1>Acme Shop</h1>')
    expect(html).toContain('<strong>Acme</strong>')
    expect(html).toContain('All systems operational')
    expect(html).toContain('Storefront')
    expect(html).toContain('<span>Website</span>')
    expect(html.match(/<span class="(up|short|long|none)" role="img"/g)).toHaveLength(90)
    // Today's bar is green from the check; the days before have no data.
    expect(html).toMatch(
      /<span class="up" role="img" aria-label="[A-Z][a-z]{2} \d+, \d{4}: no downtime, no incidents"><\/span><\/div>/,
    )
    expect(html).toMatch(/<time datetime="\d{4}-[^"]+Z" data-local>/)

    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain("frame-ancestors 'none'")
    const script = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? ''
    const style = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? ''
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    expect(csp).toContain(`script-src ${hash(script)}`)
    expect(csp).toContain(`style-src ${hash(style)}`)
    expect(html.match(/<script/g)).toHaveLength(1)
    expect(html).not.toMatch(/ style="/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('shows only what the owner chose: no monitor id, name, URL, host or user data anywhere', async () => {
    const { slug, componentId, monitorId, owner, page } = await world({ show_response_times: true })
    const other = await world()
    const all = await everything(slug, componentId)
    for (const secret of [
      monitorId,
      'Secret shop backend',
      'private-path',
      '127.0.0.1',
      String(web.port),
      owner.email,
      page.id,
      other.slug,
      other.page.id,
      other.componentId,
    ])
      expect(all, secret).not.toContain(secret)
    expect(all).toContain('Storefront')
    expect(all).toMatch(/Average response \d+ ms over the last 24 hours/)

    const json = (await get(`/api/public/status/${slug}`)).json.data
    expect(Object.keys(json).sort()).toEqual([
      'components',
      'generated_at',
      'incidents',
      'maintenance',
      'page',
      'status',
    ])
    expect(json.page).toEqual({
      name: 'Acme Shop',
      slug,
      description_html: '<p>Live status of <strong>Acme</strong>.</p>',
      logo_url: null,
    })
    expect(Object.keys(json.components[0]).sort()).toEqual([
      'days',
      'group',
      'id',
      'name',
      'response_ms',
      'state',
      'uptime_90d',
    ])
    expect(json.components[0]).toMatchObject({ id: componentId, name: 'Storefront', state: 'operational' })
    expect(json.components[0].days).toHaveLength(90)
  })

  it('answers an unknown or unpublished id with a 404 page, JSON error and badge', async () => {
    const draft = await world({ published: false })
    for (const slug of [draft.slug, 'no-such-page', 'x'.repeat(200)]) {
      const page = await get(`/status/${slug}`)
      expect(page.status).toBe(404)
      expect(page.text).toContain('Status page not found')
      expect(page.text).not.toContain('Acme')
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
      const json = await get(`/api/public/status/${slug}`)
      expect(json.status).toBe(404)
      expect(json.json.message).toBe('No published status page has this id.')
      expect((await get(`/status/${slug}/feed.xml`)).status).toBe(404)
      const badge = await get(`/status/${slug}/badge.svg`)
      expect(badge.status).toBe(404)
      expect(badge.text).toContain('not found')
    }
    expect((await get(`/status/${draft.slug}/components/${draft.componentId}/badge.svg`)).status).toBe(404)
    const live = await world()
    expect((await get(`/status/${live.slug}/components/${draft.componentId}/badge.svg`)).status).toBe(404)
    expect((await get(`/status/${live.slug}/nothing-here`)).status).toBe(404)
    // Publishing shows it at once.
    await t.call('PATCH', `/api/status_pages/${draft.page.id}`, { token: draft.token, body: { published: true } })
    expect((await get(`/status/${draft.slug}`)).status).toBe(200)
    expect((await get(`/status/${draft.slug.toUpperCase()}`)).status).toBe(200)
  })

  it('colours each day by the share of it that was down, with the minutes in its label', async () => {
    const { slug, check } = await world()
    const DAY = 86_400_000
    const MIN = 60_000
    /** The next UTC day, at 06:00. */
    const nextDay = () => t.clock.set(t.clock.now() - (t.clock.now() % DAY) + DAY + 6 * 60 * MIN)
    /** `checks` checks a minute apart while the target is down, then one up. */
    const outage = async (checks: number) => {
      await web.down()
      try {
        for (let i = 0; i < checks; i++) {
          expect((await check()).status).toBe('down')
          t.clock.advance(MIN)
        }
      } finally {
        await web.up()
      }
      expect((await check()).status).toBe('up')
    }
    // The first day had two checks up. The second, an outage of a few minutes; the third (today), one of about 20.
    nextDay()
    await check()
    t.clock.advance(MIN)
    await outage(3)
    nextDay()
    await check()
    t.clock.advance(MIN)
    await outage(20)

    const json = (await get(`/api/public/status/${slug}`)).json.data
    const days = json.components[0].days as { down_ms: number | null; uptime: number | null; incidents: number }[]
    expect(days.slice(-4).map((d) => d.incidents)).toEqual([0, 0, 1, 1])
    const [none, clear, short, long] = days.slice(-4).map((d) => d.down_ms) as [null, number, number, number]
    expect([none, clear]).toEqual([null, 0])
    // However the engine counts the minutes around the checks that saw it.
    expect(short).toBeGreaterThanOrEqual(2 * MIN)
    expect(short).toBeLessThanOrEqual(4 * MIN)
    expect(long).toBeGreaterThanOrEqual(19 * MIN)
    expect(long).toBeLessThanOrEqual(21 * MIN)
    // By the share of the time checked (uptime), the second day would be red: its few checked minutes were mostly down.
    expect(uptimeLevel(days.at(-2)?.uptime ?? null)).toBe('down')

    const html = (await get(`/status/${slug}`)).text
    const bars = [...html.matchAll(/<span class="(\w+)" role="img" aria-label="([^"]+)"><\/span>/g)].map((m) => [
      m[1],
      m[2]?.replace(/^[A-Z][a-z]{2} \d+, \d{4}: /, ''),
    ])
    expect(bars).toHaveLength(90)
    expect(bars.slice(-4)).toEqual([
      ['none', 'no data, no incidents'],
      ['up', 'no downtime, no incidents'],
      ['short', `${Math.round(short / MIN)} min down, 1 incident`],
      ['long', `${Math.round(long / MIN)} min down, 1 incident`],
    ])
    expect(new Set(bars.slice(0, -3).map(([level]) => level))).toEqual(new Set(['none']))
    // The colours: green, amber and red, grey without data.
    expect(html).toContain('.bars span.up{background:var(--up)}')
    expect(html).toContain('.bars span.short{background:var(--partial)}')
    expect(html).toContain('.bars span.long{background:var(--down)}')
    expect(html).toContain('--up:#1f9d55;')
    expect(html).toContain('--partial:#e5a000;')
    expect(html).toContain('--down:#d93b3b;')
  })

  it('caches for a minute with an ETag and compression, and shows a target going down after that', async () => {
    const { slug, check } = await world()
    const first = await get(`/status/${slug}`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(first.headers.get('cache-control')).toBe('public, max-age=60')
    expect(first.headers.get('content-encoding')).toBe('br')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[\w-]+"$/)
    const raw = await t.app.request(`/status/${slug}`, { headers: { 'accept-encoding': 'br' } })
    const html = brotliDecompressSync(Buffer.from(await raw.arrayBuffer())).toString('utf8')
    expect(html).toContain('All systems operational')
    // The ETag names the brotli body: the same request with it has nothing new to get.
    const brotli = { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': etag }
    expect((await get(`/status/${slug}`, brotli)).status).toBe(304)

    await web.down()
    try {
      t.clock.advance(60_000)
      expect((await check()).status).toBe('down')
      // Within the minute the cached page stands (its clock started on the first view after the advance).
      const stale = await get(`/status/${slug}`)
      expect(stale.text).toContain('Major outage')
      expect(stale.text).toMatch(/<span class="state outage">Outage<\/span>/)
      const json = (await get(`/api/public/status/${slug}`)).json.data
      expect(json.status).toEqual({ indicator: 'major_outage', description: 'Major outage' })
      expect(json.components[0].days.at(-1).incidents).toBe(1)
      expect((await get(`/status/${slug}`, brotli)).status).toBe(200)
      const badge = await get(`/status/${slug}/badge.svg`)
      expect(badge.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
      expect(badge.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
      expect(badge.text).toContain('<title>status: major outage</title>')
    } finally {
      await web.up()
    }
  })

  it('keeps a view for a minute even when the data changes, then builds it again', async () => {
    const { slug, check } = await world()
    expect((await get(`/status/${slug}`)).text).toContain('All systems operational')
    await web.down()
    try {
      t.clock.advance(1000)
      await check()
      expect((await get(`/status/${slug}`)).text).toContain('All systems operational')
      t.clock.advance(60_000)
      expect((await get(`/status/${slug}`)).text).toContain('Major outage')
    } finally {
      await web.up()
    }
  })

  it('escapes what owners write and renders their Markdown safely, on the page and in the feed', async () => {
    const { slug, token, page, componentId } = await world({
      name: '<img src=x onerror=alert(1)> Shop',
      description: '<script>alert(1)</script> [click](javascript:alert(1)) [docs](https://docs.example.com)',
      components: undefined,
    })
    const posted = await t.call('POST', `/api/status_pages/${page.id}/incidents`, {
      token,
      body: {
        title: 'Checkout <b>errors</b>',
        impact: 'major',
        status: 'investigating',
        message:
          'We see **failed payments**. <iframe src="https://evil.example"></iframe> ![x](https://evil.example/x.png)',
        component_ids: componentId ? [componentId] : [],
      },
    })
    expect(posted.status, posted.text).toBe(201)
    const html = (await get(`/status/${slug}`)).text
    expect(html).not.toMatch(/<img src=x|<script>alert|<iframe|href="javascript:|<b>errors|<img[^>]+evil/)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Shop')
    expect(html).toContain('Checkout &lt;b&gt;errors&lt;/b&gt;')
    expect(html).toContain('<strong>failed payments</strong>')
    expect(html).toContain('&lt;iframe')
    expect(html).toContain('<a href="https://docs.example.com" rel="nofollow noopener noreferrer ugc">docs</a>')
    const feed = (await get(`/status/${slug}/feed.xml`)).text
    expect(feed).not.toMatch(/<script|<iframe|<b>/)
    expect(feed).toContain('Checkout &lt;b&gt;errors&lt;/b&gt; (Investigating)')
  })

  it('puts posted incidents and their updates on the page and in the feed', async () => {
    const { slug, token, page, componentId } = await world()
    const posted = await t.call('POST', `/api/status_pages/${page.id}/incidents`, {
      token,
      body: {
        title: 'Slow checkout',
        impact: 'minor',
        status: 'investigating',
        message: 'Payments take long.',
        component_ids: [componentId],
      },
    })
    expect(posted.status, posted.text).toBe(201)
    const incidentId = posted.json.data.incident.id
    let html = (await get(`/status/${slug}`)).text
    expect(html).toContain('<h2>Active incidents</h2>')
    expect(html).toContain(`id="incident-${incidentId}"`)
    expect(html).toContain('Affects Storefront')

    t.clock.advance(5 * 60_000)
    const update = await t.call('POST', `/api/status_pages/${page.id}/incidents/${incidentId}/updates`, {
      token,
      body: { status: 'resolved', message: 'Payments are fast again.' },
    })
    expect(update.status, update.text).toBe(201)
    html = (await get(`/status/${slug}`)).text
    expect(html).not.toContain('<h2>Active incidents</h2>')
    expect(html).toContain('<h2>Past incidents</h2>')
    expect(html.indexOf('Payments are fast again.')).toBeLessThan(html.indexOf('Payments take long.'))

    const feed = await get(`/status/${slug}/feed.xml`)
    expect(feed.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    expect(feed.text).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?><feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/)
    expect(feed.text).toContain(`<id>http://app.test/status/${slug}#incident-${incidentId}</id>`)
    expect(feed.text).toContain('<title>Slow checkout (Resolved)</title>')
    expect(feed.text).toContain('&lt;p&gt;Payments are fast again.&lt;/p&gt;')
    expect(feed.text).toContain(`<updated>${new Date(t.clock.now()).toISOString()}</updated>`)
  })

  it('shows maintenance in progress instead of the checks, and scheduled windows ahead', async () => {
    const { slug, token, page, componentId } = await world()
    const now = t.clock.now()
    const body = (from: number, to: number, title: string) => ({
      title,
      description: 'Database upgrade.',
      starts_at: new Date(from).toISOString(),
      ends_at: new Date(to).toISOString(),
      component_ids: [componentId],
    })
    const running = await t.call('POST', `/api/status_pages/${page.id}/maintenance`, {
      token,
      body: body(now - 60_000, now + 3_600_000, 'Upgrade now'),
    })
    expect(running.status, running.text).toBe(201)
    const later = await t.call('POST', `/api/status_pages/${page.id}/maintenance`, {
      token,
      body: body(now + 86_400_000, now + 90_000_000, 'Upgrade tomorrow'),
    })
    expect(later.status, later.text).toBe(201)
    const json = (await get(`/api/public/status/${slug}`)).json.data
    expect(json.status.indicator).toBe('maintenance')
    expect(json.components[0].state).toBe('maintenance')
    expect(json.maintenance.map((m: { title: string; state: string }) => [m.title, m.state])).toEqual([
      ['Upgrade now', 'in_progress'],
      ['Upgrade tomorrow', 'scheduled'],
    ])
    const html = (await get(`/status/${slug}`)).text
    expect(html).toContain('Under maintenance')
    expect(html).toContain('<span class="tag">In progress</span>')
    expect(html).toContain('<span class="tag">Scheduled</span>')
    const badge = await get(`/status/${slug}/components/${componentId}/badge.svg`)
    expect(badge.text).toContain('<title>Storefront: under maintenance</title>')
  })

  it('draws status and uptime badges for the page and each component', async () => {
    const { slug, componentId } = await world()
    expect((await get(`/status/${slug}/badge.svg`)).text).toContain('<title>status: operational</title>')
    expect((await get(`/status/${slug}/badge.svg?kind=uptime`)).text).toContain('<title>uptime: 100%</title>')
    const component = await get(`/status/${slug}/components/${componentId}/badge.svg?kind=uptime`)
    expect(component.status).toBe(200)
    expect(component.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="20"/)
    expect(component.text).toContain('<title>Storefront: 100%</title>')
    expect(component.headers.get('cache-control')).toBe('public, max-age=60')
  })

  it("allows the owner's logo from its own origin and nothing else, and takes a trailing slash", async () => {
    const { slug } = await world({ logo_url: 'https://cdn.example.com/acme/logo.png' })
    const res = await get(`/status/${slug}`)
    expect(res.text).toContain('<img src="https://cdn.example.com/acme/logo.png" alt="" referrerpolicy="no-referrer">')
    expect(res.headers.get('content-security-policy')).toContain("img-src 'self' https://cdn.example.com;")
    const slash = await get(`/status/${slug}/`)
    expect(slash.status).toBe(301)
    expect(slash.headers.get('location')).toBe(`/status/${slug}`)
  })

  it('writes nothing of a logo saved before the rule into the policy, and does not show it', async () => {
    const { slug, page } = await world()
    // A row written below is no owner's change, so the cached page stands until its minute is over.
    const policyOf = async () => {
      t.clock.advance(60_000)
      const res = await get(`/status/${slug}`)
      expect(res.status).toBe(200)
      return { csp: res.headers.get('content-security-policy') ?? '', html: res.text }
    }
    const clean = await policyOf()
    expect(clean.csp).toContain("img-src 'self';")
    for (const logo of [
      'https://*/x.png',
      'https://a.example;sandbox/x.png',
      'https://a.example,b.example/x.png',
      "https://a.example'unsafe-inline'/x.png",
      'http://cdn.example.com/x.png',
      'https://user:pw@cdn.example.com/x.png',
    ]) {
      // As an older version stored it, past today's checks.
      await db.database.db.updateTable('status_pages').set({ logo_url: logo }).where('page_id', '=', page.id).execute()
      const { csp, html } = await policyOf()
      expect(csp, logo).toBe(clean.csp)
      expect(html, logo).not.toContain('<img')
    }
  })

  it('writes feeds and badges any XML parser reads, whatever characters old rows hold', async () => {
    const { slug, token, page, componentId } = await world()
    const posted = await t.call('POST', `/api/status_pages/${page.id}/incidents`, {
      token,
      body: { title: 'Slow checkout', message: 'Payments take long.', component_ids: [componentId] },
    })
    expect(posted.status, posted.text).toBe(201)
    // Written as rows stored before input refused control characters were: straight into the database.
    const k = db.database.db
    await k.updateTable('status_pages').set({ name: 'Acme\u0001 Shop\uFFFF' }).where('page_id', '=', page.id).execute()
    await k
      .updateTable('status_page_components')
      .set({ display_name: 'Store\u0007front\u001b', group_name: 'Web\u000bsite' })
      .where('component_id', '=', componentId)
      .execute()
    await k
      .updateTable('status_incidents')
      .set({ title: 'Slow\u0008 checkout' })
      .where('status_incident_id', '=', posted.json.data.incident.id)
      .execute()
    await k
      .updateTable('status_incident_updates')
      .set({ message: 'Payments\u0001 take **long**.\u000c' })
      .where('status_incident_id', '=', posted.json.data.incident.id)
      .execute()
    t.clock.advance(60_000)

    const { window } = new JSDOM('')
    for (const path of [
      `/status/${slug}/feed.xml`,
      `/status/${slug}/badge.svg`,
      `/status/${slug}/badge.svg?kind=uptime`,
      `/status/${slug}/components/${componentId}/badge.svg`,
      `/status/${slug}/components/${componentId}/badge.svg?kind=uptime`,
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(notXmlChars(res.text), path).toEqual([])
      const parsed = new window.DOMParser().parseFromString(res.text, 'application/xml')
      expect(parsed.getElementsByTagName('parsererror'), path).toHaveLength(0)
    }
    const feed = (await get(`/status/${slug}/feed.xml`)).text
    expect(feed).toContain('<title>Acme Shop status</title>')
    expect(feed).toContain('<title>Slow checkout (Investigating)</title>')
    expect(feed).toContain('Payments take &lt;strong&gt;long&lt;/strong&gt;.')
    expect(feed).toContain('Affects: Storefront')
    const badge = (await get(`/status/${slug}/components/${componentId}/badge.svg`)).text
    expect(badge).toContain('<title>Storefront: operational</title>')
  })

  it('lets other sites read the JSON summary', async () => {
    const { slug } = await world()
    const res = await get(`/api/public/status/${slug}`)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(res.json.data.status.indicator).toBe('operational')
  })
})
