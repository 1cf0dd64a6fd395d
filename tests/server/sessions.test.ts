import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeClient } from '../../src/server/services/describe-client.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

// A user's sessions through the API on both databases: each sign-in with its browser, system and address, last
// used at most a minute late; one ended, or all but this one, and the ended one's next request refused.

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

describe('what a User-Agent says', () => {
  it('names the browser with its major version and the system', () => {
    expect(describeClient(CHROME_WINDOWS)).toEqual({ browser: 'Chrome 131', system: 'Windows 10' })
    expect(describeClient(FIREFOX_LINUX)).toEqual({ browser: 'Firefox 133', system: 'Linux' })
    expect(describeClient(SAFARI_IPHONE)).toEqual({ browser: 'Safari 17', system: 'iOS 17.5' })
    expect(describeClient('curl/8.5.0')).toEqual({ browser: null, system: null })
    expect(describeClient(null)).toEqual({ browser: null, system: null })
  })
})

describe.each(dialects)('sessions on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database)
  })
  afterAll(async () => {
    await db.drop()
  })

  const signIn = async (email: string, userAgent: string, ip: string) => {
    const res = await t.call('POST', '/api/auth/login', {
      body: { email, password: 'correct horse' },
      headers: { 'user-agent': userAgent },
      ip,
    })
    expect(res.status).toBe(200)
    return res.json.data.token as string
  }
  const list = async (token: string) => {
    const res = await t.call('GET', '/api/sessions', { token })
    expect(res.status).toBe(200)
    return res.json.data.sessions as {
      id: string
      browser: string | null
      system: string | null
      ip: string | null
      last_active_at: string
      current: boolean
    }[]
  }

  it('lists each sign-in with its browser, system and address, this one marked, and when each was last used', async () => {
    const { email } = await t.register()
    t.clock.advance(60_000)
    const laptop = await signIn(email, CHROME_WINDOWS, '203.0.113.7')
    t.clock.advance(5 * 60_000)
    const phone = await signIn(email, SAFARI_IPHONE, '198.51.100.23')
    const seen = await list(phone)
    expect(seen).toHaveLength(3)
    expect(seen[0]).toMatchObject({ browser: 'Safari 17', system: 'iOS 17.5', ip: '198.51.100.23', current: true })
    expect(seen[1]).toMatchObject({ browser: 'Chrome 131', system: 'Windows 10', ip: '203.0.113.7', current: false })
    expect(seen[0]?.id).toMatch(/^[0-9a-f]{32}$/)

    // Used again after more than a minute: its last use moves on; within the minute it is not written again.
    t.clock.advance(2 * 60_000)
    await t.call('GET', '/api/user_subscription', { token: laptop })
    const usedAt = new Date(t.clock.now()).toISOString()
    t.clock.advance(30_000)
    await t.call('GET', '/api/user_subscription', { token: laptop })
    const after = await list(phone)
    expect(after.find((s) => s.browser === 'Chrome 131')?.last_active_at).toBe(usedAt)
  })

  it('ends another session, whose next request is refused; then every other one', async () => {
    const { email, token: first } = await t.register()
    const laptop = await signIn(email, CHROME_WINDOWS, '203.0.113.7')
    const phone = await signIn(email, SAFARI_IPHONE, '198.51.100.23')
    const laptopId = (await list(laptop)).find((s) => s.current)?.id
    const ended = await t.call('DELETE', `/api/sessions/${laptopId}`, { token: phone })
    expect(ended.status).toBe(200)
    expect(ended.json.data).toEqual({ ended: 1, current: false })
    const refused = await t.call('GET', '/api/sessions', { token: laptop })
    expect(refused.status).toBe(401)
    expect(refused.json.message).toBe('Your session has ended. Please sign in again.')
    expect(await list(phone)).toHaveLength(2)

    const others = await t.call('DELETE', '/api/sessions/others', { token: phone })
    expect(others.json.data).toEqual({ ended: 1 })
    expect((await t.call('GET', '/api/sessions', { token: first })).status).toBe(401)
    expect((await list(phone)).map((s) => s.current)).toEqual([true])
  })

  it("refuses another user's session and a malformed id, and signs out when ending this one", async () => {
    const a = await t.register()
    const b = await t.register()
    const bId = (await list(b.token))[0]?.id
    const foreign = await t.call('DELETE', `/api/sessions/${bId}`, { token: a.token })
    expect(foreign.status).toBe(404)
    expect(foreign.json.message).toBe('Session not found.')
    expect((await list(b.token)).length).toBe(1)
    const bad = await t.call('DELETE', '/api/sessions/not-an-id', { token: a.token })
    expect(bad.status).toBe(400)
    expect((await t.call('GET', '/api/sessions')).status).toBe(401)

    const ownId = (await list(a.token))[0]?.id
    const self = await t.call('DELETE', `/api/sessions/${ownId}`, { token: a.token })
    expect(self.json.data).toEqual({ ended: 1, current: true })
    expect(self.headers.get('set-cookie')).toMatch(/^token=;/)
    expect((await t.call('GET', '/api/sessions', { token: a.token })).status).toBe(401)
  })
})
