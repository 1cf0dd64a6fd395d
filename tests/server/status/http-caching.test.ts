import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from '../harness.ts'
import { startHttpTarget } from '../support/targets.ts'

// HTTP caching of what anyone can read of a status page (the page, its JSON, its feed and its badges) as RFC 9110
// says: validators (ETag and Last-Modified), conditional requests (If-None-Match, If-Modified-Since) and one ETag
// for each content coding (issue 35, point 10).

/** IMF-fixdate (RFC 9110, 5.6.7): `Sun, 22 Nov 2026 09:00:00 GMT`. */
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/
const imf = (ms: number) => new Date(ms).toUTCString()
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
/** The obsolete forms a recipient must still read (RFC 9110, 5.6.7): `Sunday, 22-Nov-26 09:00:00 GMT`. */
const rfc850 = (ms: number) => {
  const [, day, month, year, time] = imf(ms).split(' ')
  return `${DAYS[new Date(ms).getUTCDay()]}, ${day}-${month}-${year?.slice(2)} ${time} GMT`
}
/** `Sun Nov 22 09:00:00 2026`, the day padded with a space. */
const asctime = (ms: number) => {
  const [weekday, day, month, year, time] = imf(ms).split(' ')
  return `${weekday?.slice(0, 3)} ${month} ${String(Number(day)).padStart(2, ' ')} ${time} ${year}`
}

describe.each(dialects)('HTTP caching of public status pages on %s', (dialect) => {
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

  /** A published page with one checked component; the clock then moves on past any cached view. */
  const world = async () => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const monitor = await t.call('POST', '/api/monitors', {
      token,
      body: { type: 'web', name: 'Shop', url: `${web.url}`, interval_seconds: 60, retries: 0 },
    })
    expect(monitor.status, monitor.text).toBe(201)
    const monitorId = monitor.json.data.monitor.id as string
    const check = async () => {
      const res = await t.call('POST', `/api/monitors/${monitorId}/check`, { token })
      expect(res.status, res.text).toBe(200)
    }
    await check()
    const slug = `cache-${Math.random().toString(36).slice(2, 8)}`
    const created = await t.call('POST', '/api/status_pages', {
      token,
      body: {
        name: 'Acme',
        slug,
        published: true,
        components: [{ monitor_id: monitorId, display_name: 'Storefront' }],
      },
    })
    expect(created.status, created.text).toBe(201)
    const page = created.json.data.status_page
    const componentId = page.components[0].id as string
    t.clock.advance(61_000)
    const paths = [
      `/status/${slug}`,
      `/api/public/status/${slug}`,
      `/status/${slug}/feed.xml`,
      `/status/${slug}/badge.svg`,
      `/status/${slug}/badge.svg?kind=uptime`,
      `/status/${slug}/components/${componentId}/badge.svg`,
      `/status/${slug}/components/${componentId}/badge.svg?kind=uptime`,
    ]
    return { token, slug, page, paths, check }
  }

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => t.call(method, path, { headers })
  const validators = (res: { headers: Headers }) => ({
    etag: res.headers.get('etag') ?? '',
    lastModified: res.headers.get('last-modified') ?? '',
  })

  it('sends Last-Modified in IMF-fixdate and answers If-Modified-Since with 304 on every public address', async () => {
    const { paths } = await world()
    for (const path of paths) {
      const first = await get(path)
      expect(first.status, path).toBe(200)
      const { lastModified } = validators(first)
      expect(lastModified, path).toMatch(IMF_FIXDATE)
      const at = Date.parse(lastModified)
      expect(at, path).toBeLessThanOrEqual(t.clock.now())
      for (const [since, status] of [
        [lastModified, 304],
        [imf(at + 1000), 304],
        [imf(at - 1000), 200],
        [rfc850(at), 304],
        [rfc850(at - 1000), 200],
        [asctime(at), 304],
        [asctime(at - 1000), 200],
        // Not a date, or two of them: ignored.
        ['yesterday', 200],
        [`${lastModified}, ${lastModified}`, 200],
        ['2999', 200],
      ] as const) {
        const res = await get(path, { 'if-modified-since': since })
        expect(res.status, `${path} since ${since}`).toBe(status)
        if (status === 304) expect(res.text, path).toBe('')
      }
    }
  })

  it('answers HEAD as GET, and If-None-Match with the weak comparison, a list and *', async () => {
    const { paths } = await world()
    for (const path of paths) {
      const { etag, lastModified } = validators(await get(path))
      expect(etag, path).toMatch(/^"[\w-]+"$/)
      for (const [match, status] of [
        [etag, 304],
        [`W/${etag}`, 304],
        [`"other", W/${etag}`, 304],
        [`"other",${etag}`, 304],
        ['*', 304],
        ['"other"', 200],
        [`W/"x${etag.slice(1)}`, 200],
        [etag.slice(0, -1), 200],
      ] as const) {
        const res = await get(path, { 'if-none-match': match })
        expect(res.status, `${path} if-none-match ${match}`).toBe(status)
      }
      const head = await get(path, { 'if-modified-since': lastModified }, 'HEAD')
      expect(head.status, path).toBe(304)
      const headFull = await get(path, {}, 'HEAD')
      expect(headFull.status, path).toBe(200)
      expect(validators(headFull), path).toEqual({ etag, lastModified })
    }
  })

  it('lets If-None-Match decide when both are sent (RFC 9110, 13.2.2)', async () => {
    const { paths } = await world()
    for (const path of paths) {
      const { etag, lastModified } = validators(await get(path))
      expect(lastModified, path).toMatch(IMF_FIXDATE)
      const before = imf(Date.parse(lastModified) - 60_000)
      // A matching tag is a 304 though the date would say "modified".
      expect((await get(path, { 'if-none-match': etag, 'if-modified-since': before })).status, path).toBe(304)
      // A tag that does not match is a 200 though the date would say "not modified".
      const none = await get(path, { 'if-none-match': '"stale"', 'if-modified-since': lastModified })
      expect(none.status, path).toBe(200)
    }
  })

  it('gives each content coding its own ETag, and a 304 only for the coding the client has', async () => {
    const { paths } = await world()
    for (const path of paths) {
      const plain = await get(path, { 'accept-encoding': 'identity' })
      const gzip = await get(path, { 'accept-encoding': 'gzip' })
      const br = await get(path, { 'accept-encoding': 'br, gzip' })
      expect(plain.headers.get('content-encoding'), path).toBeNull()
      expect(gzip.headers.get('content-encoding'), path).toBe('gzip')
      expect(br.headers.get('content-encoding'), path).toBe('br')
      const tags = [plain, gzip, br].map((r) => r.headers.get('etag'))
      expect(new Set(tags).size, `${path}: ${tags.join(' ')}`).toBe(3)
      for (const [i, coding] of ['identity', 'gzip', 'br'].entries()) {
        for (const [j, tag] of tags.entries()) {
          const res = await get(path, { 'accept-encoding': coding, 'if-none-match': tag ?? '' })
          expect(res.status, `${path} ${coding} with the tag of ${['identity', 'gzip', 'br'][j]}`).toBe(
            i === j ? 304 : 200,
          )
        }
      }
    }
  })

  it('answers 304 with the same ETag, Last-Modified, Cache-Control and Vary as the 200', async () => {
    const { paths } = await world()
    for (const path of paths) {
      for (const coding of ['identity', 'gzip', 'br']) {
        const full = await get(path, { 'accept-encoding': coding })
        const same = await get(path, { 'accept-encoding': coding, 'if-none-match': full.headers.get('etag') ?? '' })
        expect(same.status).toBe(304)
        for (const name of ['etag', 'last-modified', 'cache-control', 'vary']) {
          expect(full.headers.get(name), `${path} ${coding} ${name}`).toBeTruthy()
          expect(same.headers.get(name), `${path} ${coding} ${name}`).toBe(full.headers.get(name))
        }
        expect(full.headers.get('vary')).toBe('Accept-Encoding')
        expect(same.headers.get('content-encoding'), path).toBeNull()
      }
    }
  })

  it('dates a page by when its content last changed, not by when the cache was built again', async () => {
    const { paths, token, page, check } = await world()
    const first = await Promise.all(paths.map(async (path) => validators(await get(path))))
    const changedAt = Date.parse(first[0]?.lastModified ?? '')
    for (const v of first) expect(Date.parse(v.lastModified)).toBe(changedAt)

    // Minutes later the cache has been built again, with nothing new to show: the same date, and the same tags
    // for all but the HTML and JSON (which say when they were made).
    t.clock.advance(3 * 60_000)
    for (const [i, path] of paths.entries()) {
      const again = await get(path, { 'if-modified-since': first[i]?.lastModified ?? '' })
      expect(again.status, path).toBe(304)
      const full = validators(await get(path))
      expect(full.lastModified, path).toBe(first[i]?.lastModified)
      if (path.includes('.xml') || path.includes('.svg')) expect(full.etag, path).toBe(first[i]?.etag)
    }

    // The owner renames the page: everything shows the change, dated when it was first built.
    t.clock.advance(7_500)
    const renamed = await t.call('PATCH', `/api/status_pages/${page.id}`, { token, body: { name: 'Acme Shop' } })
    expect(renamed.status, renamed.text).toBe(200)
    const seen = Math.floor(t.clock.now() / 1000) * 1000
    for (const [i, path] of paths.entries()) {
      const res = await get(path, { 'if-modified-since': first[i]?.lastModified ?? '' })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('last-modified'), path).toBe(imf(seen))
    }

    // The target goes down: once the cached minute is over, the page says so, dated when it was built.
    await web.down()
    try {
      t.clock.advance(2_000)
      await check()
      t.clock.advance(60_000)
      const down = await get(paths[0] ?? '', { 'if-modified-since': imf(seen) })
      expect(down.status).toBe(200)
      expect(down.text).toContain('Major outage')
      expect(Date.parse(down.headers.get('last-modified') ?? '')).toBeGreaterThan(seen)
    } finally {
      await web.up()
    }
  })
})
