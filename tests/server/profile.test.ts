import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PICTURE_NOT_AN_IMAGE, PICTURE_TOO_LARGE } from '@vigil/domain/profile'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'
import { startSmtp, type TestSmtp } from './notify/smtp-server.ts'

// The profile through the API on both databases: the name, a picture checked by its bytes and re-encoded (served
// from our origin, only to its owner), a change of email address confirmed from the new inbox of a loopback SMTP
// server (the old one told), and deleting an account with every row of it.

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
    [format]()
    .toBuffer()

describe.each(dialects)('profile on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let smtp: TestSmtp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    smtp = await startSmtp()
    t = buildTestApp(db.database, { config: { smtp: smtp.settings } })
  })
  afterAll(async () => {
    await smtp.close()
    await db.drop()
  })

  const put = (token: string, body: Buffer | string, type = 'image/png') =>
    t.app.request('/api/profile/picture', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    })

  it('renames, and refuses an empty or too long name with the reason', async () => {
    const { token } = await t.register()
    const res = await t.call('PATCH', '/api/profile', { token, body: { name: '  Grace Hopper ' } })
    expect(res.status).toBe(200)
    expect(res.json.data.user.name).toBe('Grace Hopper')
    expect((await t.call('GET', '/api/profile', { token })).json.data).toMatchObject({
      user: { name: 'Grace Hopper' },
      pending_email: null,
    })
    for (const [name, message] of [
      ['   ', 'Name is required.'],
      ['x'.repeat(101), 'Name must be at most 100 characters.'],
    ]) {
      const bad = await t.call('PATCH', '/api/profile', { token, body: { name } })
      expect(bad.status).toBe(400)
      expect(bad.json.errors.name).toBe(message)
    }
    expect((await t.call('PATCH', '/api/profile', { body: { name: 'x' } })).status).toBe(401)
  })

  it('takes a PNG, JPEG or WebP picture, re-encodes it as a small WebP without its metadata, and serves it to its owner', async () => {
    const a = await t.register()
    const b = await t.register()
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const res = await put(a.token, await picture(600, 400, format), `image/${format}`)
      expect(res.status, format).toBe(200)
      const { user } = ((await res.json()) as { data: { user: { image: string } } }).data
      expect(user.image).toMatch(/^\/api\/profile\/picture\?v=\d+$/)
      const served = await t.app.request(user.image, { headers: { authorization: `Bearer ${a.token}` } })
      expect(served.headers.get('content-type')).toBe('image/webp')
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })
      expect(meta.exif).toBeUndefined()
    }
    // Another user has no way to it: their own picture is what that address means for them.
    expect(
      (await t.app.request('/api/profile/picture', { headers: { authorization: `Bearer ${b.token}` } })).status,
    ).toBe(404)
    expect((await t.app.request('/api/profile/picture')).status).toBe(401)

    const removed = await t.call('DELETE', '/api/profile/picture', { token: a.token })
    expect(removed.json.data.user.image).toBeNull()
    expect(
      (await t.app.request('/api/profile/picture', { headers: { authorization: `Bearer ${a.token}` } })).status,
    ).toBe(404)
  })

  it('refuses what is not a picture by its bytes, a damaged one, one over 1 MB and a form upload, and keeps the old one', async () => {
    const { token } = await t.register()
    expect((await put(token, await picture(64, 64))).status).toBe(200)
    const before = (await t.call('GET', '/api/profile', { token })).json.data.user.image

    const text = await put(token, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    expect(text.status).toBe(415)
    expect(((await text.json()) as { message: string }).message).toBe(PICTURE_NOT_AN_IMAGE)

    const damaged = Buffer.concat([(await picture(64, 64)).subarray(0, 40), Buffer.alloc(200, 7)])
    const broken = await put(token, damaged)
    expect(broken.status).toBe(400)
    expect(((await broken.json()) as { message: string }).message).toMatch(/could not be read/)

    const huge = Buffer.concat([await picture(8, 8), Buffer.alloc(1024 * 1024, 1)])
    const large = await put(token, huge)
    expect(large.status).toBe(413)
    expect(((await large.json()) as { message: string }).message).toBe(PICTURE_TOO_LARGE)

    const form = await put(token, await picture(8, 8), 'multipart/form-data; boundary=x')
    expect(form.status).toBe(415)
    expect((await t.call('GET', '/api/profile', { token })).json.data.user.image).toBe(before)
  })

  it('changes the email address when the link mailed to it is opened, tells the old one, and once only', async () => {
    const { token, email } = await t.register()
    const other = await t.register()
    const next = `new-${Date.now()}@example.com`

    const wrong = await t.call('POST', '/api/profile/email', { token, body: { email: next, password: 'wrong one' } })
    expect(wrong.status).toBe(400)
    expect(wrong.json.errors.password).toBe('The password is incorrect.')
    const taken = await t.call('POST', '/api/profile/email', {
      token,
      body: { email: other.email, password: 'correct horse' },
    })
    expect(taken.status).toBe(409)
    expect(
      (await t.call('POST', '/api/profile/email', { token, body: { email: 'not an email', password: 'x' } })).status,
    ).toBe(400)

    const asked = await t.call('POST', '/api/profile/email', {
      token,
      body: { email: next, password: 'correct horse' },
    })
    expect(asked.status).toBe(200)
    expect(asked.json.data.message).toBe(`We sent a link to ${next}. Your email address changes when you open it.`)
    expect((await t.call('GET', '/api/profile', { token })).json.data.pending_email).toBe(next)
    const toNew = smtp.received.find((m) => m.to.includes(next))
    const toOld = smtp.received.find((m) => m.to.includes(email) && /change of your email/.test(m.raw))
    expect(toOld?.raw).toContain(next)
    const link = /\/confirm-email\?token=3D([\w-]+)/.exec(toNew?.raw.replace(/=\r?\n/g, '') ?? '') // quoted-printable "="
    if (!link?.[1]) throw new Error('no link in the mail')
    // Nothing has changed until the link is opened.
    expect((await t.call('GET', '/api/profile', { token })).json.data.user.email).toBe(email)

    const confirmed = await t.call('POST', '/api/profile/email/confirm', { body: { token: link[1] } })
    expect(confirmed.status).toBe(200)
    expect(confirmed.json.data.user.email).toBe(next)
    expect(smtp.received.some((m) => m.to.includes(email) && /Your email address was changed/.test(m.raw))).toBe(true)
    const again = await t.call('POST', '/api/profile/email/confirm', { body: { token: link[1] } })
    expect(again.status).toBe(400)
    expect(again.json.message).toMatch(/has been used, has expired or is not ours/)
    expect((await t.call('POST', '/api/profile/email/confirm', { body: { token: 'made-up' } })).status).toBe(400)

    expect((await t.call('POST', '/api/auth/login', { body: { email: next, password: 'correct horse' } })).status).toBe(
      200,
    )
    expect((await t.call('POST', '/api/auth/login', { body: { email, password: 'correct horse' } })).status).toBe(401)
  })

  it('deletes an account with every row of it, after the password and the typed word, and ends its sessions', async () => {
    const { token, user } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const keep = await t.register()
    const userId = (user as { user_id: string }).user_id
    for (const name of ['one', 'two'])
      await t.call('POST', '/api/monitors', {
        token,
        body: { type: 'port', name, host: 'db.example.test', port: 5432, interval_seconds: 300 },
      })
    await t.call('POST', '/api/monitors', {
      token: keep.token,
      body: { type: 'port', name: 'kept', host: 'db.example.test', port: 5432, interval_seconds: 300 },
    })
    await put(token, await picture(32, 32))
    const asked = await t.call('POST', '/api/support/tickets', {
      token,
      body: { subject: 'Before I go', category: 'account', message: 'Will my invoices be kept?' },
    })
    expect(asked.status).toBe(201)

    const noWord = await t.call('DELETE', '/api/profile', {
      token,
      body: { password: 'correct horse', confirmation: 'delete' },
    })
    expect(noWord.status).toBe(400)
    expect(noWord.json.errors.confirmation).toBe('Type DELETE to confirm.')
    const badPassword = await t.call('DELETE', '/api/profile', {
      token,
      body: { password: 'nope', confirmation: 'DELETE' },
    })
    expect(badPassword.status).toBe(400)

    const gone = await t.call('DELETE', '/api/profile', {
      token,
      body: { password: 'correct horse', confirmation: 'DELETE' },
    })
    expect(gone.status).toBe(200)
    expect(gone.json.data.removed).toEqual({
      monitors: 2,
      status_pages: 0,
      integrations: 0,
      cloud_accounts: 0,
      notifications: 1,
    })
    expect(gone.headers.get('set-cookie')).toMatch(/^token=;/)
    expect((await t.call('GET', '/api/profile', { token })).status).toBe(401)

    // No table keeps a row of the user; the other user keeps everything.
    const tables = await db.database.db.introspection.getTables()
    for (const table of tables.filter((tb) => tb.columns.some((c) => c.name === 'user_id'))) {
      const rows = await db.database.db
        .selectFrom(table.name as 'users')
        .select('user_id')
        .where('user_id', '=', userId)
        .execute()
      expect(rows, table.name).toEqual([])
    }
    expect((await t.call('GET', '/api/monitors', { token: keep.token })).json.data.monitors).toHaveLength(1)
  })
})
