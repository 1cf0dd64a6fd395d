import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

const linkToken = (text: string) => {
  const match = /\/forgot-password\?token=([\w%-]+)/.exec(text)
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`)
  return decodeURIComponent(match[1])
}

/** A mail's text as sent: quoted-printable soft breaks joined and =XX decoded. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

describe.each(dialects)('passwords on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let smtp: SMTPServer
  let port = 0
  const received: { to: string; body: string }[] = []
  /** The reset mails to `email` (a new account is also mailed the link that confirms its address), oldest first. */
  const resetMails = (email: string) =>
    received.filter((m) => m.to === email && m.body.includes('Subject: Reset your password'))
  /** The reset links mailed to `email`, newest first. */
  const mailedTokens = (email: string) =>
    resetMails(email)
      .map((m) => linkToken(decoded(m.body)))
      .reverse()

  beforeAll(async () => {
    db = await openTestDb(dialect)
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let body = ''
        stream.on('data', (chunk) => {
          body += chunk.toString()
        })
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body })
          done()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    port = (smtp.server.address() as AddressInfo).port
    t = buildTestApp(db.database, {
      config: { smtp: { host: '127.0.0.1', port, secure: false, from: 'Vigil <no-reply@app.test>' } },
    })
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    await db.drop()
  })

  describe('forgot and reset', () => {
    it('mails the reset link; the link resets the password once and ends every session', async () => {
      const { email, token: oldSession } = await t.register()
      const res = await t.call('POST', '/api/auth/forgot_password', { body: { email: email.toUpperCase() } })
      expect(res.status).toBe(200)
      expect(res.json.data.message).toBe(
        'If an account exists for this email, a link to reset the password is on its way.',
      )
      const [mail] = resetMails(email)
      expect(mail?.body).toContain('Subject: Reset your password')
      expect(mail?.body).toContain('http://app.test/forgot-password?token=3D') // quoted-printable '='
      const [token] = mailedTokens(email)

      const reset = await t.call('POST', '/api/auth/reset_password', {
        body: { token, password: 'brand new password' },
      })
      expect(reset.status).toBe(200)
      // every session ended; the new password works, the old one does not
      expect((await t.call('GET', '/api/auth/verify', { token: oldSession })).status).toBe(401)
      expect(
        (await t.call('POST', '/api/auth/login', { body: { email, password: 'brand new password' } })).status,
      ).toBe(200)
      expect((await t.call('POST', '/api/auth/login', { body: { email, password: 'correct horse' } })).status).toBe(401)
    })

    it('keeps the sent mail in the outbox without the live link once sent, and never logs it', async () => {
      const { email } = await t.register()
      await t.call('POST', '/api/auth/forgot_password', { body: { email } })
      const [token] = mailedTokens(email)
      expect(token).toMatch(/^[\w-]{20,}$/)
      const [row] = await t.repos.deliveries.mailTo(email)
      expect(row?.status).toBe('delivered')
      expect(row?.title).toBe('Reset your password')
      expect(row?.message).toMatchObject({ kind: 'mail', subject: 'Reset your password' })
      const kept = JSON.stringify(row?.message)
      expect(kept).toContain('[removed: sent by email only]')
      expect(kept).not.toContain(token)
      expect(kept).not.toContain('forgot-password?token=')
      expect(JSON.stringify(t.logs)).not.toContain(token)
    })

    it('without SMTP records the mail as failed without the link, and logs neither the link nor the text', async () => {
      const bare = buildTestApp(db.database)
      const { email } = await bare.register()
      expect((await bare.call('POST', '/api/auth/forgot_password', { body: { email } })).status).toBe(200)
      const [row] = await bare.repos.deliveries.mailTo(email)
      expect(row?.status).toBe('failed')
      expect(row?.last_error).toBe('Email cannot be sent: this server has no SMTP settings (SMTP_HOST).')
      expect(JSON.stringify(row?.message)).not.toMatch(/token=/)
      expect(bare.logs.some((l) => l.message === 'mail not sent yet')).toBe(true)
      expect(JSON.stringify(bare.logs)).not.toMatch(/token=|Someone \(hopefully you\)/)
    })

    it('answers the same for an unknown email, sends nothing and does not log the address', async () => {
      const res = await t.call('POST', '/api/auth/forgot_password', { body: { email: 'ghost@example.com' } })
      expect(res.status).toBe(200)
      expect(await t.repos.deliveries.mailTo('ghost@example.com')).toEqual([])
      expect(received.some((m) => m.to === 'ghost@example.com')).toBe(false)
      expect(t.logs.some((l) => l.message === 'password reset asked for an unknown email')).toBe(true)
      expect(JSON.stringify(t.logs)).not.toContain('ghost@example.com')
    })

    it('uses a link once, refuses expired and unknown links, and older links die with a reset', async () => {
      const { email } = await t.register()
      await t.call('POST', '/api/auth/forgot_password', { body: { email } })
      await t.call('POST', '/api/auth/forgot_password', { body: { email } })
      const [newer, older] = mailedTokens(email)
      const first = await t.call('POST', '/api/auth/reset_password', {
        body: { token: newer, password: 'first new pass' },
      })
      expect(first.status).toBe(200)
      for (const token of [newer, older, 'not-a-real-token']) {
        const res = await t.call('POST', '/api/auth/reset_password', { body: { token, password: 'second new pass' } })
        expect(res.status).toBe(400)
        expect(res.json.message).toBe('This reset link is invalid or has expired. Ask for a new one.')
      }

      await t.call('POST', '/api/auth/forgot_password', { body: { email } })
      const [latest] = mailedTokens(email)
      t.clock.advance(60 * 60_000)
      const late = await t.call('POST', '/api/auth/reset_password', {
        body: { token: latest, password: 'too late pass' },
      })
      expect(late.status).toBe(400)
      expect((await t.call('POST', '/api/auth/login', { body: { email, password: 'first new pass' } })).status).toBe(
        200,
      )
    })

    it('a password change ends every reset link sent before it', async () => {
      const { user, token, email, password } = await t.register()
      await t.call('POST', '/api/auth/forgot_password', { body: { email } })
      const [link] = mailedTokens(email)
      const change = await t.call('PUT', `/api/user/user_password_change/${user.user_id}`, {
        token,
        body: { current_password: password, new_password: 'changed on purpose' },
      })
      expect(change.status).toBe(200)
      const reset = await t.call('POST', '/api/auth/reset_password', { body: { token: link, password: 'taken over!' } })
      expect(reset.status).toBe(400)
      expect(
        (await t.call('POST', '/api/auth/login', { body: { email, password: 'changed on purpose' } })).status,
      ).toBe(200)
    })

    it('validates the new password and the email', async () => {
      const short = await t.call('POST', '/api/auth/reset_password', { body: { token: 'abc', password: 'short' } })
      expect(short.status).toBe(400)
      expect(short.json.errors.password).toBe('Password must be at least 8 characters.')
      const bad = await t.call('POST', '/api/auth/forgot_password', { body: { email: 'nope' } })
      expect(bad.status).toBe(400)
      expect(bad.json.errors.email).toBe('Enter a valid email address.')
    })

    it('keeps the mail to try again when the SMTP server cannot be reached, and still answers 200', async () => {
      const broken = buildTestApp(db.database, {
        config: { smtp: { host: '127.0.0.1', port: 1, secure: false, from: 'Vigil <no-reply@app.test>' } },
      })
      const { email } = await broken.register()
      expect((await broken.call('POST', '/api/auth/forgot_password', { body: { email } })).status).toBe(200)
      const [row] = await broken.repos.deliveries.mailTo(email)
      expect(row).toMatchObject({ status: 'pending', attempts: 1 })
      expect(row?.last_error).toMatch(/ECONNREFUSED/)
      expect(row?.next_attempt_at).toBe(broken.clock.now() + 30_000)
    })
  })

  describe('PUT /api/user/user_password_change/{userId}', () => {
    const change = (userId: string, token: string, body: unknown) =>
      t.call('PUT', `/api/user/user_password_change/${userId}`, { token, body })

    it('changes the password, keeps this session and ends the others', async () => {
      const { user, token, email, password } = await t.register()
      const other = (await t.call('POST', '/api/auth/login', { body: { email, password } })).json.data.token
      const res = await change(user.user_id, token, { current_password: password, new_password: 'a fresh password' })
      expect(res.status).toBe(200)
      expect(res.json.data.message).toBe('Password updated successfully')
      expect((await t.call('GET', '/api/auth/verify', { token })).status).toBe(200)
      expect((await t.call('GET', '/api/auth/verify', { token: other })).status).toBe(401)
      expect((await t.call('POST', '/api/auth/login', { body: { email, password: 'a fresh password' } })).status).toBe(
        200,
      )
      const list = await t.call('GET', '/api/user_notification?page=1&limit=50', { token })
      expect(list.json.data.notificationList[0].notification_title).toBe('Password changed')
    })

    it('answers 400 with a message the UI shows as it is for a wrong current password', async () => {
      const { user, token } = await t.register()
      const res = await change(user.user_id, token, {
        current_password: 'not my password',
        new_password: 'a fresh password',
      })
      expect(res.status).toBe(400)
      expect(res.json.message).toBe('Current password is incorrect.')
    })

    it('refuses the same password with the spec message', async () => {
      const { user, token, password } = await t.register()
      const res = await change(user.user_id, token, { current_password: password, new_password: password })
      expect(res.status).toBe(400)
      expect(res.json.message).toBe('Current and new password are the same. Use a different password!')
    })

    it("answers 404 for another user's id and leaves that user's password alone", async () => {
      const a = await t.register()
      const b = await t.register()
      const res = await change(b.user.user_id, a.token, {
        current_password: a.password,
        new_password: 'hijacked password',
      })
      expect(res.status).toBe(404)
      expect((await t.call('POST', '/api/auth/login', { body: { email: b.email, password: b.password } })).status).toBe(
        200,
      )
    })

    it('needs a session, and validates the payload', async () => {
      const { user, token } = await t.register()
      expect((await t.call('PUT', `/api/user/user_password_change/${user.user_id}`, { body: {} })).status).toBe(401)
      const missing = await change(user.user_id, token, { new_password: 'whatever12' })
      expect(missing.status).toBe(400)
      expect(missing.json.errors.current_password).toBe('Current password is required.')
      const short = await change(user.user_id, token, { current_password: 'x', new_password: 'short' })
      expect(short.status).toBe(400)
      expect(short.json.errors.new_password).toBe('New password must be at least 8 characters.')
    })
  })
})
