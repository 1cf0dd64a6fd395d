import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

const DAY = 86_400_000

describe.each(dialects)('auth on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database)
  })
  afterAll(() => db.drop())

  describe('POST /api/auth/register', () => {
    it('creates the account, sets the token cookie and answers the user', async () => {
      const res = await t.call('POST', '/api/auth/register', {
        body: { name: '  Ada Lovelace ', email: 'Ada@Example.COM', password: 'analytical', plan: 'Basic' },
      })
      expect(res.status).toBe(201)
      expect(res.json.data.user).toEqual({
        user_id: expect.any(String),
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        image: null,
        // Confirmed by the link mailed to it (see email-confirmation.test.ts); the account works meanwhile.
        email_confirmed: false,
      })
      expect(res.json.data.token).toMatch(/^[\w-]{43}$/)
      const cookie = res.headers.get('set-cookie') ?? ''
      expect(cookie).toContain(`token=${res.json.data.token}`)
      expect(cookie).toMatch(/Path=\//)
      expect(cookie).toMatch(/HttpOnly/)
      expect(cookie).toMatch(/SameSite=Lax/)
    })

    it('stores the password hashed with scrypt, never in clear', async () => {
      const { user } = await t.register({ password: 'plain-text-secret' })
      const row = await t.repos.users.findById(user.user_id)
      expect(row?.password_hash).toMatch(/^scrypt\$12\$8\$1\$/)
      expect(row?.password_hash).not.toContain('plain-text-secret')
    })

    it('stores the session token hashed', async () => {
      const { token, user } = await t.register()
      const rows = await db.database.db.selectFrom('sessions').selectAll().where('user_id', '=', user.user_id).execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]?.token_hash).not.toBe(token)
      expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/)
    })

    it('answers 409 for an email already registered, whatever its case', async () => {
      const { email } = await t.register()
      const res = await t.call('POST', '/api/auth/register', {
        body: { name: 'Again', email: email.toUpperCase(), password: 'another one', plan: 'Basic' },
      })
      expect(res.status).toBe(409)
      expect(res.json.message).toMatch(/already exists/)
      expect(res.json.errors.email).toBe('This email is already registered.')
    })

    it.each([
      [{}, 'name', 'Name is required.'],
      [{ name: '   ' }, 'name', 'Name is required.'],
      [{ name: 42 }, 'name', 'Name is required.'],
      [{ email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters.'],
      [{ password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters.'],
      [{ plan: 'Gold' }, 'plan', 'Choose a plan: Basic or Pro.'],
      [
        { plan: 'Pro', billing_frequency: 'Weekly' },
        'billing_frequency',
        'Billing frequency must be Monthly or Yearly.',
      ],
      [{ plan: 'Pro', is_free_trial: 'yes' }, 'is_free_trial', 'is_free_trial must be true or false.'],
      [{ plan: 'Basic', is_free_trial: true }, 'is_free_trial', 'The free trial is only for the Pro plan.'],
    ])('rejects %j with 400 and a message on %s', async (over, field, message) => {
      const base = {
        name: 'Valid Name',
        email: `v${Math.random()}@example.com`,
        password: 'long enough',
        plan: 'Basic',
      }
      const body = Object.keys(over).length === 0 ? { ...base, name: undefined } : { ...base, ...over }
      const res = await t.call('POST', '/api/auth/register', { body })
      expect(res.status).toBe(400)
      expect(res.json.errors[field]).toBe(message)
      expect(res.text).not.toMatch(/at .*\.ts/)
      // nothing was stored half-way
      expect(await t.repos.users.findByEmail(body.email.toLowerCase())).toBeUndefined()
    })
  })

  describe('POST /api/auth/login', () => {
    it('signs in with the right password, any email case', async () => {
      const { email, password, user } = await t.register()
      const res = await t.call('POST', '/api/auth/login', { body: { email: email.toUpperCase(), password } })
      expect(res.status).toBe(200)
      expect(res.json.data.user).toEqual(user)
      expect(res.headers.get('set-cookie')).toContain(`token=${res.json.data.token}`)
    })

    it('answers 401 with one message for a wrong password and for an unknown email', async () => {
      const { email } = await t.register()
      const wrong = await t.call('POST', '/api/auth/login', { body: { email, password: 'wrong password' } })
      const unknown = await t.call('POST', '/api/auth/login', {
        body: { email: 'nobody@example.com', password: 'whatever1' },
      })
      expect(wrong.status).toBe(401)
      expect(unknown.status).toBe(401)
      expect(wrong.json.message).toBe('The email or password is incorrect.')
      expect(unknown.json.message).toBe(wrong.json.message)
      expect(wrong.headers.get('set-cookie')).toBeNull()
    })

    it('validates the body', async () => {
      const res = await t.call('POST', '/api/auth/login', { body: { email: 'a@b.co' } })
      expect(res.status).toBe(400)
      expect(res.json.errors.password).toBe('Password is required.')
    })
  })

  describe('GET /api/auth/verify', () => {
    it('is 200 with the token as cookie or as bearer, 401 without or with a wrong one', async () => {
      const { token, user } = await t.register()
      const byCookie = await t.call('GET', '/api/auth/verify', { cookie: `token=${token}` })
      expect(byCookie.status).toBe(200)
      expect(byCookie.json.data.user).toEqual(user)
      expect((await t.call('GET', '/api/auth/verify', { token })).status).toBe(200)
      const none = await t.call('GET', '/api/auth/verify')
      expect(none.status).toBe(401)
      expect(none.json.message).toBe('Please sign in to continue.')
      expect((await t.call('GET', '/api/auth/verify', { token: `${token}x` })).status).toBe(401)
      expect((await t.call('GET', '/api/auth/verify', { cookie: 'token=' })).status).toBe(401)
    })

    it('ends a session at its expiry', async () => {
      const { token } = await t.register()
      t.clock.advance(30 * DAY - 1000)
      expect((await t.call('GET', '/api/auth/verify', { token })).status).toBe(200)
      t.clock.advance(1000)
      const res = await t.call('GET', '/api/auth/verify', { token })
      expect(res.status).toBe(401)
      expect(res.json.message).toBe('Your session has ended. Please sign in again.')
    })
  })

  describe('POST /api/auth/logout', () => {
    it('ends only the session it was sent with and clears the cookie', async () => {
      const { token, email, password } = await t.register()
      const other = (await t.call('POST', '/api/auth/login', { body: { email, password } })).json.data.token
      const res = await t.call('POST', '/api/auth/logout', { cookie: `token=${token}` })
      expect(res.status).toBe(200)
      expect(res.headers.get('set-cookie')).toMatch(/token=;.*Max-Age=0/)
      expect((await t.call('GET', '/api/auth/verify', { token })).status).toBe(401)
      expect((await t.call('GET', '/api/auth/verify', { token: other })).status).toBe(200)
    })

    it('answers 200 without a session too', async () => {
      expect((await t.call('POST', '/api/auth/logout')).status).toBe(200)
    })
  })
})
