import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../src/server/ids.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

describe.each(dialects)('notifications on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database)
  })
  afterAll(() => db.drop())

  const seed = async (userId: string, count: number, start: number) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      notification_id: newId(),
      user_id: userId,
      notification_type: (['web', 'api', 'port'] as const)[i % 3] as string,
      target_id: `m${i}`,
      notification_title: `Alert ${i}`,
      notification_description: `Description ${i}`,
      is_opened: 0,
      created_at: start + i * 1000,
    }))
    await t.repos.notifications.insert(rows)
    return rows
  }

  it('welcomes a new user with one unread notification', async () => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Yearly' })
    const res = await t.call('GET', '/api/user_notification?page=1&limit=50', { token })
    expect(res.status).toBe(200)
    expect(res.json.data.pagination).toEqual({ total: 1, page: 1, limit: 50, total_pages: 1 })
    expect(res.json.data.unread_count).toBe(1)
    expect(res.json.data.notificationList[0]).toEqual({
      notification_id: expect.any(String),
      notification_type: 'account',
      target_id: null,
      notification_title: 'Welcome aboard',
      notification_description: 'Your Pro plan is active. Add your first monitor from the dashboard.',
      is_opened: false,
      created_at: '2026-11-22T09:00:00.000Z',
    })
  })

  it('pages newest first with the total', async () => {
    const { token, user } = await t.register()
    await seed(user.user_id, 120, Date.parse('2026-01-01T00:00:00Z'))
    const first = await t.call('GET', '/api/user_notification?page=1&limit=50', { token })
    expect(first.json.data.pagination).toEqual({ total: 121, page: 1, limit: 50, total_pages: 3 })
    const titles = first.json.data.notificationList.map((n: { notification_title: string }) => n.notification_title)
    expect(titles[0]).toBe('Welcome aboard')
    expect(titles.slice(1, 4)).toEqual(['Alert 119', 'Alert 118', 'Alert 117'])
    const third = await t.call('GET', '/api/user_notification?page=3&limit=50', { token })
    expect(third.json.data.notificationList).toHaveLength(21)
    expect(third.json.data.notificationList.at(-1).notification_title).toBe('Alert 0')
    const beyond = await t.call('GET', '/api/user_notification?page=9&limit=50', { token })
    expect(beyond.json.data.notificationList).toEqual([])
    const defaults = await t.call('GET', '/api/user_notification', { token })
    expect(defaults.json.data.pagination.limit).toBe(50)
  })

  it('keeps insertion order for notifications created in the same millisecond', async () => {
    const { token, user } = await t.register()
    await seed(user.user_id, 1, t.clock.now() + 5)
    await seed(user.user_id, 1, t.clock.now() + 5)
    const res = await t.call('GET', '/api/user_notification?limit=2', { token })
    const ids = res.json.data.notificationList.map((n: { notification_id: string }) => n.notification_id)
    expect([...ids].sort().reverse()).toEqual(ids)
  })

  it.each([
    ['page=0', 'page', 'page must be at least 1.'],
    ['page=abc', 'page', 'page must be a positive whole number.'],
    ['page=-1', 'page', 'page must be a positive whole number.'],
    ['limit=101', 'limit', 'limit must be at most 100.'],
    ['limit=1.5', 'limit', 'limit must be a positive whole number.'],
  ])('rejects ?%s with 400', async (query, field, message) => {
    const { token } = await t.register()
    const res = await t.call('GET', `/api/user_notification?${query}`, { token })
    expect(res.status).toBe(400)
    expect(res.json.errors[field]).toBe(message)
  })

  it('marks one read with PATCH and counts it', async () => {
    const { token } = await t.register()
    const list = await t.call('GET', '/api/user_notification', { token })
    const id = list.json.data.notificationList[0].notification_id
    const res = await t.call('PATCH', '/api/user_notification', { token, body: { notification_id: id } })
    expect(res.status).toBe(200)
    expect(res.json.data.notification).toMatchObject({ notification_id: id, is_opened: true })
    const after = await t.call('GET', '/api/user_notification', { token })
    expect(after.json.data.unread_count).toBe(0)
    expect(after.json.data.notificationList[0].is_opened).toBe(true)
    // marking again is harmless
    expect((await t.call('PATCH', '/api/user_notification', { token, body: { notification_id: id } })).status).toBe(200)
  })

  it("keeps users apart: B cannot read or mark A's notifications", async () => {
    const a = await t.register()
    const b = await t.register()
    await seed(a.user.user_id, 3, t.clock.now())
    const listA = await t.call('GET', '/api/user_notification', { token: a.token })
    const listB = await t.call('GET', '/api/user_notification', { token: b.token })
    expect(listA.json.data.pagination.total).toBe(4)
    expect(listB.json.data.pagination.total).toBe(1)
    const idsB = listB.json.data.notificationList.map((n: { notification_id: string }) => n.notification_id)
    for (const n of listA.json.data.notificationList) expect(idsB).not.toContain(n.notification_id)

    const target = listA.json.data.notificationList[0].notification_id
    const res = await t.call('PATCH', '/api/user_notification', { token: b.token, body: { notification_id: target } })
    expect(res.status).toBe(404)
    expect(res.json.message).toBe('Notification not found.')
    const again = await t.call('GET', '/api/user_notification', { token: a.token })
    expect(again.json.data.notificationList[0].is_opened).toBe(false)
  })

  it('keeps total and unread right through inserts, reads and deletes, by any writer', async () => {
    const { token, user } = await t.register()
    const rows = await seed(user.user_id, 5, t.clock.now())
    const counts = async () => {
      const res = await t.call('GET', '/api/user_notification?limit=1', { token })
      return [res.json.data.pagination.total, res.json.data.unread_count]
    }
    expect(await counts()).toEqual([6, 6])
    await t.call('PATCH', '/api/user_notification', { token, body: { notification_id: rows[0]?.notification_id } })
    await t.call('PATCH', '/api/user_notification', { token, body: { notification_id: rows[0]?.notification_id } })
    expect(await counts()).toEqual([6, 5])
    await db.database.db
      .deleteFrom('notifications')
      .where('notification_id', '=', rows[0]?.notification_id as string)
      .execute()
    await db.database.db
      .deleteFrom('notifications')
      .where('notification_id', '=', rows[1]?.notification_id as string)
      .execute()
    expect(await counts()).toEqual([4, 4])
    await db.database.db
      .updateTable('notifications')
      .set({ is_opened: 1 })
      .where('user_id', '=', user.user_id)
      .execute()
    expect(await counts()).toEqual([4, 0])
  })

  it('filters by type and read state, and marks all read at once, for its user only', async () => {
    const { token, user } = await t.register()
    const other = await t.register()
    await seed(user.user_id, 9, Date.parse('2026-02-01T00:00:00Z'))
    const first = await t.call('GET', '/api/user_notification?type=port', { token })
    expect(first.json.data.notificationList.map((n: { notification_title: string }) => n.notification_title)).toEqual([
      'Alert 8',
      'Alert 5',
      'Alert 2',
    ])
    expect(first.json.data.pagination).toEqual({ total: 3, page: 1, limit: 50, total_pages: 1 })
    expect(first.json.data.unread_count).toBe(10)
    const id = first.json.data.notificationList[0].notification_id
    await t.call('PATCH', '/api/user_notification', { token, body: { notification_id: id } })
    const read = await t.call('GET', '/api/user_notification?read=true', { token })
    expect(read.json.data.notificationList.map((n: { notification_id: string }) => n.notification_id)).toEqual([id])
    expect(
      (await t.call('GET', '/api/user_notification?read=false&type=web', { token })).json.data.pagination.total,
    ).toBe(3)
    for (const query of ['type=printer', 'read=maybe']) {
      const bad = await t.call('GET', `/api/user_notification?${query}`, { token })
      expect(bad.status, query).toBe(400)
    }

    const all = await t.call('POST', '/api/user_notification/read_all', { token })
    expect(all.status).toBe(200)
    expect(all.json.data).toEqual({ marked: 9, unread_count: 0 })
    const after = await t.call('GET', '/api/user_notification?read=false', { token })
    expect(after.json.data).toMatchObject({ notificationList: [], unread_count: 0, pagination: { total: 0 } })
    // The other user's stay unread.
    expect((await t.call('GET', '/api/user_notification', { token: other.token })).json.data.unread_count).toBe(1)
    expect((await t.call('POST', '/api/user_notification/read_all')).status).toBe(401)
  })

  it('needs a session and a notification_id', async () => {
    expect((await t.call('GET', '/api/user_notification')).status).toBe(401)
    expect((await t.call('PATCH', '/api/user_notification', { body: { notification_id: 'x' } })).status).toBe(401)
    const { token } = await t.register()
    const missing = await t.call('PATCH', '/api/user_notification', { token, body: {} })
    expect(missing.status).toBe(400)
    expect(missing.json.message).toBe('Nothing to change.')
    const wrongType = await t.call('PATCH', '/api/user_notification', { token, body: { notification_id: 7 } })
    expect(wrongType.status).toBe(400)
    expect(wrongType.json.errors.notification_id).toBe('Notification id is required.')
    const unknown = await t.call('PATCH', '/api/user_notification', { token, body: { notification_id: 'nope' } })
    expect(unknown.status).toBe(404)
  })
})
