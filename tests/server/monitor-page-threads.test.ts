import { gunzipSync } from 'node:zlib'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MonitorPageQuery } from '@vigil/domain/monitor-list'
import {
  type MonitorPages,
  pageSourceOf,
  pagesInThread,
  pageThreads,
} from '../../src/server/read-model/monitor-pages.ts'
import { fortyChecks, recordChecks } from '../support/report-model.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

// The monitor list's pages made by threads of their own on SQLite (read-model/monitor-pages.ts), each with its own
// connection to the database file: the same answers, byte for byte, as the serving thread makes, many at once, and
// the same failures. (PostgreSQL's pages are made in the serving thread: pageSourceOf gives none.)

describe('the monitor list made in threads of its own on SQLite', () => {
  let db: TestDb
  let t: TestApp
  let threads: MonitorPages
  beforeAll(async () => {
    db = await openTestDb('sqlite')
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
    const source = pageSourceOf(db.database)
    if (!source) throw new Error('a SQLite test database is a file another connection can open')
    threads = pageThreads(source, 2, t.deps.logger)
  })
  afterAll(async () => {
    await threads.close()
    await db.drop()
  })

  const query = (raw: Record<string, string>) => v.parse(MonitorPageQuery, raw)

  /** Six monitors of three types, a day of checks for two (one down at its end), a tag on three. */
  const world = async () => {
    const { token, user } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const add = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', '/api/monitors', { token, body: { interval_seconds: 300, retries: 0, ...body } })
      expect(res.status, res.text).toBe(201)
      return res.json.data.monitor.id as string
    }
    const ids = [
      await add({ type: 'web', name: 'Shop', url: 'http://shop.example.test/' }),
      await add({ type: 'web', name: 'Blog', url: 'http://blog.example.test/' }),
      await add({ type: 'api', name: 'Orders API', url: 'http://api.example.test/orders' }),
      await add({ type: 'api', name: 'Shop API', url: 'http://api.example.test/shop' }),
      await add({ type: 'port', name: 'Database', host: 'db.example.test', port: 5432 }),
      await add({ type: 'port', name: 'Mail', host: 'mail.example.test', port: 25 }),
    ]
    const start = t.clock.now()
    const checks = (failLast: number) => fortyChecks(start, failLast)
    await recordChecks(t, [
      [ids[0] as string, checks(3)],
      [ids[2] as string, checks(0)],
    ])
    const tag = (await t.call('POST', '/api/tags', { token, body: { name: 'EU', color: 'blue' } })).json.data.tag
    await t.call('POST', '/api/monitors/bulk', {
      token,
      body: { action: 'tag', tag_id: tag.id, monitor_ids: [ids[0], ids[3], ids[4]] },
    })
    return { token, userId: user.user_id as string, tagId: tag.id as string }
  }

  it('makes every page as the serving thread makes it, byte for byte, many at once', async () => {
    const { userId, tagId } = await world()
    const inThread = pagesInThread(t.deps)
    const now = t.clock.now()
    const asked = [
      {},
      { page: '1', limit: '2' },
      { page: '3', limit: '2' },
      { limit: '50', q: 'shop' },
      { limit: '50', q: 'sh' },
      { limit: '50', status: 'down' },
      { limit: '50', type: 'api' },
      { limit: '50', tag: tagId },
      { limit: '50', sort: '-uptime' },
      { limit: '50', sort: 'last_check' },
    ].map((raw) => query(raw as Record<string, string>))
    // Each page three times, all asked at once: both threads make some, side by side.
    const made = await Promise.all(asked.flatMap((q) => [1, 2, 3].map(() => threads.make(userId, q, now))))
    for (const [k, bytes] of made.entries()) {
      const q = asked[Math.floor(k / 3)] as MonitorPageQuery
      const expected = Buffer.from(await inThread.make(userId, q, now)).toString()
      expect(Buffer.from(bytes).toString(), JSON.stringify(q)).toBe(expected)
    }
    // Gzipped when asked, from the rows the thread keeps: the same JSON.
    const zipped = await Promise.all(asked.map((q) => threads.make(userId, q, now, true)))
    for (const [k, bytes] of zipped.entries())
      expect(gunzipSync(bytes).toString()).toBe(Buffer.from(made[k * 3] as Uint8Array).toString())
    // Not an empty answer that both would give: the down page has the shop with its bar.
    const down = JSON.parse(Buffer.from(made[15] as Uint8Array).toString()).data.monitors
    expect(down.map((m: { name: string; heartbeats: unknown[] }) => [m.name, m.heartbeats.length])).toEqual([
      ['Shop', 30],
    ])
  })

  it("answers as the serving thread would through the API, a tag or status page not the user's not found", async () => {
    const mine = await world()
    const other = await world()
    const served = t.deps.monitorPages
    t.deps.monitorPages = threads
    try {
      const list = (q: string) => t.call('GET', `/api/monitors?${q}`, { token: mine.token })
      const page = await list('limit=50&sort=name')
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toBe('application/json')
      expect(page.json.data.monitors.map((m: { name: string }) => m.name)).toEqual([
        'Blog',
        'Database',
        'Mail',
        'Orders API',
        'Shop',
        'Shop API',
      ])
      expect(await list(`limit=50&tag=${other.tagId}`)).toMatchObject({
        status: 404,
        json: { message: 'Tag not found.' },
      })
      expect(await list('limit=50&status_page_id=nope')).toMatchObject({
        status: 404,
        json: { message: 'Status page not found.' },
      })
    } finally {
      t.deps.monitorPages = served
    }
  })
})

describe.each(dialects)('where the list pages are made on %s', (dialect) => {
  it('in threads on a SQLite file, in the serving thread on PostgreSQL or in memory', async () => {
    const db = await openTestDb(dialect)
    try {
      expect(pageSourceOf(db.database)).toEqual(dialect === 'sqlite' ? { sqliteFile: db.file } : null)
      expect(pageSourceOf({ ...db.database, dialect: 'sqlite', file: ':memory:' })).toBeNull()
    } finally {
      await db.drop()
    }
  })
})
