import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

describe.each(dialects)('rate limits on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database)
  })
  afterAll(() => db.drop())

  it('limits sign-in attempts per account (10 in 15 minutes), from any address', async () => {
    const { email } = await t.register()
    for (let i = 0; i < 10; i++)
      expect((await t.call('POST', '/api/auth/login', { body: { email, password: 'wrong guess' } })).status).toBe(401)
    const blocked = await t.call('POST', '/api/auth/login', { body: { email, password: 'wrong guess' } })
    expect(blocked.status).toBe(429)
    expect(blocked.json.message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.')
    expect(blocked.headers.get('retry-after')).toBe('900')
    // the right password is refused too while the window lasts, and accepted after it
    expect((await t.call('POST', '/api/auth/login', { body: { email, password: 'correct horse' } })).status).toBe(429)
    t.clock.advance(15 * 60_000)
    expect((await t.call('POST', '/api/auth/login', { body: { email, password: 'correct horse' } })).status).toBe(200)
  })

  it('limits sign-in attempts per address (30 in 15 minutes), across accounts', async () => {
    const ip = '127.50.0.1'
    for (let i = 0; i < 30; i++) {
      const res = await t.call('POST', '/api/auth/login', {
        ip,
        body: { email: `guess${i}@example.com`, password: 'whatever1' },
      })
      expect(res.status).toBe(401)
    }
    const res = await t.call('POST', '/api/auth/login', {
      ip,
      body: { email: 'guess-last@example.com', password: 'whatever1' },
    })
    expect(res.status).toBe(429)
    // another address is not affected
    const { email } = await t.register()
    expect(
      (await t.call('POST', '/api/auth/login', { ip: '127.50.0.2', body: { email, password: 'correct horse' } }))
        .status,
    ).toBe(200)
  })

  it('limits sign-ups per address (10 an hour)', async () => {
    const ip = '127.51.0.1'
    for (let i = 0; i < 10; i++) {
      const body = { name: 'Many', email: `many${i}-${dialect}@example.com`, password: 'long enough', plan: 'Basic' }
      expect((await t.call('POST', '/api/auth/register', { ip, body })).status).toBe(201)
    }
    const res = await t.call('POST', '/api/auth/register', {
      ip,
      body: { name: 'Many', email: `many-last-${dialect}@example.com`, password: 'long enough', plan: 'Basic' },
    })
    expect(res.status).toBe(429)
    expect(res.json.message).toBe('Too many sign-up attempts. Please wait 60 minutes and try again.')
    expect(await t.repos.users.findByEmail(`many-last-${dialect}@example.com`)).toBeUndefined()
  })

  it('limits sign-ups per account (5 an hour)', async () => {
    const email = `same-${dialect}@example.com`
    const body = { name: 'Same', email, password: 'long enough', plan: 'Basic' }
    expect((await t.call('POST', '/api/auth/register', { body })).status).toBe(201)
    for (let i = 0; i < 4; i++) expect((await t.call('POST', '/api/auth/register', { body })).status).toBe(409)
    expect((await t.call('POST', '/api/auth/register', { body })).status).toBe(429)
  })

  it('limits password reset requests per account (5 an hour) and per address (10 an hour)', async () => {
    const { email } = await t.register()
    for (let i = 0; i < 5; i++)
      expect((await t.call('POST', '/api/auth/forgot_password', { body: { email } })).status).toBe(200)
    const res = await t.call('POST', '/api/auth/forgot_password', { body: { email } })
    expect(res.status).toBe(429)
    expect(res.json.message).toBe('Too many password reset attempts. Please wait 60 minutes and try again.')
    // The reset mails: the account's first mail is the link that confirms its address.
    const resets = (await t.repos.deliveries.mailTo(email)).filter(
      (d) => 'subject' in d.message && d.message.subject === 'Reset your password',
    )
    expect(resets.length).toBe(5)

    const ip = '127.52.0.1'
    for (let i = 0; i < 10; i++)
      expect(
        (await t.call('POST', '/api/auth/forgot_password', { ip, body: { email: `x${i}@example.com` } })).status,
      ).toBe(200)
    expect((await t.call('POST', '/api/auth/forgot_password', { ip, body: { email: 'y@example.com' } })).status).toBe(
      429,
    )
  })

  it('ignores X-Forwarded-For unless the operator trusts a proxy', async () => {
    const strict = buildTestApp(db.database, { config: { trustProxy: false } })
    // every call carries another X-Forwarded-For, yet all count against the one real client
    for (let i = 0; i < 30; i++)
      await strict.call('POST', '/api/auth/login', {
        body: { email: `spoof${i}-${dialect}@example.com`, password: 'whatever1' },
      })
    const res = await strict.call('POST', '/api/auth/login', {
      body: { email: `spoof-last-${dialect}@example.com`, password: 'x1234567' },
    })
    expect(res.status).toBe(429)
  })
})
