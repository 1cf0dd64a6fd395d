import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

// A plan change through the API, on what a user already has: moving to Basic pauses the monitors over its limit
// (the newest first) and those of types it locks, raises intervals below its fastest, unpublishes the status pages
// over its limit, tells the user, and deletes nothing; moving back to Pro undoes exactly that.

describe.each(dialects)('plan changes on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
    // Plans are rows: a small Basic plan makes the limits easy to reach.
    await db.database.db
      .updateTable('plans')
      .set({ max_monitors: 2, max_status_pages: 1 })
      .where('title', '=', 'Basic')
      .execute()
  })
  afterAll(async () => {
    await db.drop()
  })

  const web = (token: string, name: string, interval_seconds = 300) =>
    t.call('POST', '/api/monitors', {
      token,
      body: { type: 'web', name, url: `http://127.0.0.1:9/${name}`, interval_seconds },
    })
  const monitorsOf = async (token: string) => {
    const list = (await t.call('GET', '/api/monitors?limit=100', { token })).json.data.monitors as {
      name: string
      paused: boolean
      paused_by_plan: boolean
      interval_seconds: number
    }[]
    return Object.fromEntries(list.map((m) => [m.name, m]))
  }
  const pagesOf = async (token: string) =>
    Object.fromEntries(
      (
        (await t.call('GET', '/api/status_pages', { token })).json.data.status_pages as {
          name: string
          published: boolean
          unpublished_by_plan: boolean
        }[]
      ).map((p) => [p.name, `${p.published ? 'published' : 'draft'}${p.unpublished_by_plan ? ' by plan' : ''}`]),
    )
  const plan = (token: string, name: 'Basic' | 'Pro') =>
    t.call('PUT', '/api/user_subscription', {
      token,
      body: { plan: name, billing_frequency: 'Monthly', is_free_trial: false },
    })

  it('pauses and unpublishes what a lower plan has no room for, keeps it, and brings it back on an upgrade', async () => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    for (const [name, interval] of [
      ['oldest', 300],
      ['fast', 30],
      ['newest', 300],
    ] as const)
      expect((await web(token, name, interval)).status).toBe(201)
    const dns = await t.call('POST', '/api/monitors', {
      token,
      body: { type: 'dns', name: 'records', hostname: 'example.com', record_type: 'A', resolver: '127.0.0.1:9' },
    })
    expect(dns.status, dns.text).toBe(201)
    const byHand = await web(token, 'by-hand')
    await t.call('POST', `/api/monitors/${byHand.json.data.monitor.id}/pause`, { token })
    for (const name of ['First page', 'Second page']) {
      const page = await t.call('POST', '/api/status_pages', {
        token,
        body: { name, slug: `${name.replace(' ', '-')}-${dialect}-${Date.now()}`.toLowerCase() },
      })
      expect(page.status, page.text).toBe(201)
      await t.call('PATCH', `/api/status_pages/${page.json.data.status_page.id}`, { token, body: { published: true } })
    }

    const down = await plan(token, 'Basic')
    expect(down.status, down.text).toBe(200)
    expect(down.json.data.subscription.title).toBe('Basic')
    const after = await monitorsOf(token)
    // Five monitors are all still there; two run (the oldest), the rest are paused, each saying by whom.
    expect(Object.keys(after).sort()).toEqual(['by-hand', 'fast', 'newest', 'oldest', 'records'])
    expect(after.oldest).toMatchObject({ paused: false })
    expect(after.fast).toMatchObject({ paused: false, interval_seconds: 300 })
    expect(after.newest).toMatchObject({ paused: true, paused_by_plan: true })
    expect(after.records).toMatchObject({ paused: true, paused_by_plan: true })
    expect(after['by-hand']).toMatchObject({ paused: true, paused_by_plan: false })
    expect(await pagesOf(token)).toEqual({ 'First page': 'published', 'Second page': 'draft by plan' })
    const [told] = (await t.call('GET', '/api/user_notification', { token })).json.data.notificationList
    expect(told).toMatchObject({ notification_type: 'account', notification_title: 'Your Basic plan is active' })
    expect(told.notification_description).toContain('2 monitors were paused')
    expect(told.notification_description).toContain('1 status page was unpublished')

    // No room to resume one by hand while two run.
    const ids = (await t.call('GET', '/api/monitors?limit=100', { token })).json.data.monitors as {
      id: string
      name: string
    }[]
    const newestId = ids.find((m) => m.name === 'newest')?.id
    const refused = await t.call('POST', `/api/monitors/${newestId}/resume`, { token })
    expect(refused.status).toBe(403)
    expect(refused.json.message).toBe(
      'Your Basic plan allows up to 2 monitors. Delete a monitor or upgrade your plan to add more.',
    )

    // Pro again: what the plan change paused and unpublished comes back; what the user paused stays.
    expect((await plan(token, 'Pro')).status).toBe(200)
    const back = await monitorsOf(token)
    expect(back.newest).toMatchObject({ paused: false, paused_by_plan: false })
    expect(back.records).toMatchObject({ paused: false, paused_by_plan: false })
    expect(back['by-hand']).toMatchObject({ paused: true })
    expect(await pagesOf(token)).toEqual({ 'First page': 'published', 'Second page': 'published' })
  })

  it('changes nothing and says nothing when the lower plan has room', async () => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    expect((await web(token, 'only')).status).toBe(201)
    expect((await plan(token, 'Basic')).status).toBe(200)
    expect((await monitorsOf(token)).only).toMatchObject({ paused: false })
    const titles = (await t.call('GET', '/api/user_notification', { token })).json.data.notificationList.map(
      (n: { notification_title: string }) => n.notification_title,
    )
    expect(titles).not.toContain('Your Basic plan is active')
  })
})
