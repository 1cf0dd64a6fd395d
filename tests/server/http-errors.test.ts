import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

describe.each(dialects)('HTTP conventions on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database)
  })
  afterAll(() => db.drop())

  it('GET /api/health answers 200 { status: ok }', async () => {
    const res = await t.call('GET', '/api/health')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ status: 'ok' })
  })

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.call('GET', '/api/nothing-here')
    expect(res.status).toBe(404)
    expect(res.json).toEqual({ message: 'No API route for GET /api/nothing-here.' })
    const { token } = await t.register()
    expect((await t.call('DELETE', '/api/user_notification', { token })).status).toBe(404)
  })

  it('answers malformed JSON with 400 and a clear message', async () => {
    const res = await t.call('POST', '/api/auth/login', { body: '{"email": "a@b.co", ' })
    expect(res.status).toBe(400)
    expect(res.json).toEqual({ message: 'The request body is not valid JSON.' })
  })

  it('answers a body that is not JSON with 415', async () => {
    const res = await t.call('POST', '/api/auth/login', {
      body: 'email=a@b.co&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(415)
    expect(res.json.message).toBe('Send the body as JSON with the header Content-Type: application/json.')
  })

  it.each([['null'], ['[]'], ['"text"'], ['42']])('answers a JSON %s body with 400', async (body) => {
    const res = await t.call('POST', '/api/auth/register', { body })
    expect(res.status).toBe(400)
    expect(res.json.message).toMatch(/^Expected a JSON object with the fields of this request/)
  })

  it('refuses bodies over 64 KB with 413 and stores nothing', async () => {
    const email = `big-${dialect}@example.com`
    const res = await t.call('POST', '/api/auth/register', {
      body: { name: 'Big', email, password: 'x'.repeat(70 * 1024), plan: 'Basic' },
    })
    expect(res.status).toBe(413)
    expect(res.json.message).toBe('The request body is too large: the limit is 64 KB.')
    expect(await t.repos.users.findByEmail(email)).toBeUndefined()
  })

  it('turns an unexpected failure into a 500 without internals, and logs it', async () => {
    const broken = buildTestApp(db.database)
    broken.repos.plans.list = async () => {
      throw new Error('connection reset by peer at /secret/path.ts:42')
    }
    const res = await broken.call('GET', '/api/plans')
    expect(res.status).toBe(500)
    expect(res.json).toEqual({ message: 'Something went wrong on our side. Please try again.' })
    expect(res.text).not.toContain('secret')
    expect(broken.logs.some((l) => l.level === 'error' && String(l.fields?.error).includes('connection reset'))).toBe(
      true,
    )
  })

  it('sends security headers', async () => {
    const res = await t.call('GET', '/api/health')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })
})
