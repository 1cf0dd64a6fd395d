import { CODE_OR_RECOVERY_WRONG, CODE_USED, CODE_WRONG } from '@vigil/domain/two-factor'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpCode } from '../../src/server/auth/totp.ts'
import { defaultRateLimits } from '../../src/server/config.ts'
import { pruneHistory } from '../../src/server/engine/retention.ts'
import { accountsService } from '../../src/server/services/accounts.service.ts'
import { readQrPath } from '../support/qr.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'
import { readMail, startSmtp, type TestSmtp } from './notify/smtp-server.ts'

// Two-factor sign-in through the API on both databases, the test playing the authenticator app with the shown
// secret: set up, turned on by a first code, the second step of a sign-in with a code or a recovery code (each
// used once), its expiry, its tries and its own rate limit, turned off, and the security log of all of it.

/** A six-digit code other than `code`: a wrong one. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe.each(dialects)('two-factor sign-in on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, {
      config: {
        rateLimits: {
          ...defaultRateLimits,
          twoFactor: { perIp: { max: 1000, windowSeconds: 900 }, perAccount: { max: 8, windowSeconds: 900 } },
        },
      },
    })
  })
  afterAll(async () => {
    await db.drop()
  })

  /** A user with two-factor sign-in on: their secret and recovery codes. */
  const withTwoFactor = async () => {
    const account = await t.register()
    const setup = await t.call('POST', '/api/security/two_factor/setup', { token: account.token })
    expect(setup.status).toBe(200)
    const secret = setup.json.data.secret as string
    const on = await t.call('POST', '/api/security/two_factor', {
      token: account.token,
      body: { code: totpCode(secret, t.clock.now()), password: account.password },
    })
    expect(on.status).toBe(200)
    // The next code is another step's: the first one is spent.
    t.clock.advance(30_000)
    return { ...account, secret, recoveryCodes: on.json.data.recovery_codes as string[] }
  }
  const passwordStep = async (email: string, password = 'correct horse') => {
    const res = await t.call('POST', '/api/auth/login', { body: { email, password } })
    expect(res.status).toBe(200)
    return res
  }
  const secondStep = (challenge: string, code: string, method: 'code' | 'recovery' = 'code', ip?: string) =>
    t.call('POST', '/api/auth/login/two_factor', { body: { method, challenge, code }, ip })
  const events = async (token: string) =>
    (await t.call('GET', '/api/security/events', { token })).json.data.events as { kind: string; detail: string }[]

  it('sets up with a QR code and the secret, and turns on only with the password and a right code', async () => {
    const { token, email, password } = await t.register()
    expect((await t.call('GET', '/api/security/two_factor', { token })).json.data).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    })
    const setup = await t.call('POST', '/api/security/two_factor/setup', { token })
    const { secret, uri, qr } = setup.json.data
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(uri).toBe(
      `otpauth://totp/Vigil:${encodeURIComponent(email)}?issuer=Vigil&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    )
    // The QR code a phone's camera reads is the URI.
    expect(readQrPath(qr)).toBe(uri)

    const wrongCode = await t.call('POST', '/api/security/two_factor', {
      token,
      body: { code: otherThan(totpCode(secret, t.clock.now())), password },
    })
    expect(wrongCode.status).toBe(400)
    expect(wrongCode.json.errors.code).toBe(CODE_WRONG)
    const wrongPassword = await t.call('POST', '/api/security/two_factor', {
      token,
      body: { code: totpCode(secret, t.clock.now()), password: 'not it' },
    })
    expect(wrongPassword.status).toBe(400)
    expect(wrongPassword.json.errors).toEqual({ password: 'The password is incorrect.' })
    const badShape = await t.call('POST', '/api/security/two_factor', { token, body: { code: '12ab', password } })
    expect(badShape.status).toBe(400)
    expect(badShape.json.errors.code).toBe('The code is 6 digits.')

    // Typed with a space between its groups, as apps show it.
    const code = totpCode(secret, t.clock.now())
    const on = await t.call('POST', '/api/security/two_factor', {
      token,
      body: { code: `${code.slice(0, 3)} ${code.slice(3)}`, password },
    })
    expect(on.status).toBe(200)
    const codes = on.json.data.recovery_codes as string[]
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
    expect(on.json.data.status).toMatchObject({ enabled: true, recovery_codes_left: 10 })

    const again = await t.call('POST', '/api/security/two_factor/setup', { token })
    expect(again.status).toBe(409)
    expect(again.json.message).toBe('Two-factor sign-in is already on. Turn it off first to use a new app.')
    expect((await events(token)).map((e) => e.kind)).toEqual(['two_factor_on', 'sign_in'])
  })

  it('asks for the code after the password, takes each code once, and takes a recovery code once', async () => {
    const { email, secret, recoveryCodes } = await withTwoFactor()
    const first = await passwordStep(email)
    expect(first.json.data).toMatchObject({ two_factor_required: true })
    expect(first.json.data.token).toBeUndefined()
    expect(first.headers.get('set-cookie')).toBeNull()

    const code = totpCode(secret, t.clock.now())
    const signedIn = await secondStep(first.json.data.challenge, code)
    expect(signedIn.status).toBe(200)
    expect(signedIn.json.data.user.email).toBe(email)
    expect(signedIn.headers.get('set-cookie')).toMatch(/^token=/)
    const token = signedIn.json.data.token as string
    expect((await t.call('GET', '/api/auth/verify', { token })).status).toBe(200)
    // A spent challenge signs nobody in again.
    expect((await secondStep(first.json.data.challenge, code)).status).toBe(401)

    // The same code once more, on a new sign-in within its 30 seconds: refused (it could have been seen), saying
    // it was used and to wait for the next one, not that it is wrong; a code of no step now says it is not right.
    const replay = await secondStep((await passwordStep(email)).json.data.challenge, code)
    expect(replay.status).toBe(400)
    expect(replay.json.message).toBe(CODE_USED)
    expect(replay.json.errors).toEqual({ code: CODE_USED })
    const wrong = await secondStep((await passwordStep(email)).json.data.challenge, otherThan(code))
    expect(wrong.status).toBe(400)
    expect(wrong.json.errors).toEqual({ code: CODE_WRONG })
    expect(CODE_USED).not.toMatch(/time on your device/)
    // The next step's code signs in.
    t.clock.advance(30_000)
    const next = await secondStep((await passwordStep(email)).json.data.challenge, totpCode(secret, t.clock.now()))
    expect(next.status).toBe(200)

    // A recovery code, typed in capitals without its dash: once.
    const recovery = recoveryCodes[3] as string
    const withRecovery = await secondStep(
      (await passwordStep(email)).json.data.challenge,
      recovery.replace('-', '').toUpperCase(),
      'recovery',
    )
    expect(withRecovery.status).toBe(200)
    const spent = await secondStep((await passwordStep(email)).json.data.challenge, recovery, 'recovery')
    expect(spent.status).toBe(400)
    expect(spent.json.errors.code).toBe('That recovery code is not right or has been used.')
    expect((await t.call('GET', '/api/security/two_factor', { token })).json.data.recovery_codes_left).toBe(9)
    expect((await events(token)).slice(0, 6).map((e) => e.kind)).toEqual([
      'two_factor_failed',
      'recovery_code_used',
      'sign_in',
      'two_factor_failed',
      'two_factor_failed',
      'sign_in',
    ])
  })

  it('lets a challenge wait five minutes and take five tries', async () => {
    const { email, secret } = await withTwoFactor()
    const late = (await passwordStep(email)).json.data.challenge
    t.clock.advance(5 * 60_000 + 1)
    const expired = await secondStep(late, totpCode(secret, t.clock.now()))
    expect(expired.status).toBe(401)
    expect(expired.json.message).toBe('This sign-in has expired. Enter your email and password again.')

    const tried = (await passwordStep(email)).json.data.challenge
    for (let i = 0; i < 5; i++) expect((await secondStep(tried, '000000')).status).toBe(400)
    expect((await secondStep(tried, totpCode(secret, t.clock.now()))).status).toBe(401)
  })

  it("drops expired challenges with the hourly pruning, not on a sign-in's path", async () => {
    const { email } = await withTwoFactor()
    await passwordStep(email)
    const count = async () =>
      Number(
        (
          await db.database.db
            .selectFrom('sign_in_challenges')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    expect(before).toBeGreaterThan(0)
    t.clock.advance(5 * 60_000 + 1)
    await pruneHistory(t.deps)
    expect(await count()).toBe(0)
  })

  it('has its own rate limit per account, whatever the address, apart from the password step', async () => {
    const { email, secret } = await withTwoFactor()
    let last = { status: 0, json: undefined as any }
    for (let i = 0; i < 9; i++) {
      const challenge = (await passwordStep(email)).json.data.challenge
      last = await secondStep(challenge, '000000', 'code', `203.0.113.${i + 1}`)
    }
    expect(last.status).toBe(429)
    expect(last.json.message).toMatch(/^Too many two-factor attempts\. Please wait 15 minutes/)
    // The password step still answers; the code waits out the window.
    const challenge = (await passwordStep(email)).json.data.challenge
    expect((await secondStep(challenge, totpCode(secret, t.clock.now()))).status).toBe(429)
    t.clock.advance(15 * 60_000)
    const later = (await passwordStep(email)).json.data.challenge
    expect((await secondStep(later, totpCode(secret, t.clock.now()))).status).toBe(200)
  })

  it('refuses bad input with a message', async () => {
    const noMethod = await t.call('POST', '/api/auth/login/two_factor', { body: { challenge: 'x', code: '123456' } })
    expect(noMethod.status).toBe(400)
    const letters = await secondStep('x', 'abcdef')
    expect(letters.status).toBe(400)
    expect(letters.json.errors.code).toBe('The code is 6 digits.')
    const badRecovery = await secondStep('x', '123', 'recovery')
    expect(badRecovery.json.errors.code).toBe('A recovery code is 10 letters and digits, like abcde-23456.')
    const unknown = await secondStep('not-a-challenge', '123456')
    expect(unknown.status).toBe(401)
  })

  it("does not take one user's code for another's sign-in, nor show their log", async () => {
    const a = await withTwoFactor()
    const b = await withTwoFactor()
    const bChallenge = (await passwordStep(b.email)).json.data.challenge
    expect((await secondStep(bChallenge, totpCode(a.secret, t.clock.now()))).status).toBe(400)
    expect((await secondStep(bChallenge, a.recoveryCodes[0] as string, 'recovery')).status).toBe(400)
    // a's recovery code is still good for a.
    const aChallenge = (await passwordStep(a.email)).json.data.challenge
    expect((await secondStep(aChallenge, a.recoveryCodes[0] as string, 'recovery')).status).toBe(200)
    const bLog = await events(b.token)
    expect(bLog.some((e) => e.kind === 'recovery_code_used')).toBe(false)
    expect(bLog.filter((e) => e.kind === 'two_factor_failed')).toHaveLength(2)
  })

  it('makes ten new recovery codes with the password and a code; the old ones stop working', async () => {
    const { token, email, password, secret, recoveryCodes } = await withTwoFactor()
    const wrong = await t.call('POST', '/api/security/two_factor/recovery_codes', {
      token,
      body: { password, code: '000000' },
    })
    expect(wrong.status).toBe(400)
    const renewed = await t.call('POST', '/api/security/two_factor/recovery_codes', {
      token,
      body: { password, code: totpCode(secret, t.clock.now()) },
    })
    expect(renewed.status).toBe(200)
    const fresh = renewed.json.data.recovery_codes as string[]
    expect(fresh).toHaveLength(10)
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false)
    expect(renewed.json.data.status.recovery_codes_left).toBe(10)
    const old = await secondStep(
      (await passwordStep(email)).json.data.challenge,
      recoveryCodes[1] as string,
      'recovery',
    )
    expect(old.status).toBe(400)
    const now = await secondStep((await passwordStep(email)).json.data.challenge, fresh[1] as string, 'recovery')
    expect(now.status).toBe(200)
    expect((await events(token)).map((e) => e.kind)).toContain('recovery_codes_renewed')
  })

  it('turns off with the password and a code or a recovery code, and then signs in with the password alone', async () => {
    const { token, email, password, secret, recoveryCodes } = await withTwoFactor()
    const noCode = await t.call('DELETE', '/api/security/two_factor', { token, body: { password } })
    expect(noCode.status).toBe(400)
    expect(noCode.json.errors.code).toBe('Code is required.')
    const wrong = await t.call('DELETE', '/api/security/two_factor', { token, body: { password, code: '000000' } })
    expect(wrong.status).toBe(400)
    expect(wrong.json.errors).toEqual({ code: CODE_OR_RECOVERY_WRONG })
    // A code of the app spent by a sign-in cannot turn it off: it says so, and to wait for the next one.
    const code = totpCode(secret, t.clock.now())
    const signIn = await secondStep((await passwordStep(email)).json.data.challenge, code)
    expect(signIn.status).toBe(200)
    const spent = await t.call('DELETE', '/api/security/two_factor', { token, body: { password, code } })
    expect(spent.status).toBe(400)
    expect(spent.json.errors).toEqual({ code: CODE_USED })
    const wrongPassword = await t.call('DELETE', '/api/security/two_factor', {
      token,
      body: { password: 'nope', code: totpCode(secret, t.clock.now()) },
    })
    expect(wrongPassword.json.errors).toEqual({ password: 'The password is incorrect.' })
    const off = await t.call('DELETE', '/api/security/two_factor', {
      token,
      body: { password, code: recoveryCodes[9] },
    })
    expect(off.status).toBe(200)
    expect(off.json.data).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 })
    const direct = await passwordStep(email)
    expect(direct.json.data.token).toEqual(expect.any(String))
    expect(
      (await t.call('DELETE', '/api/security/two_factor', { token, body: { password, code: '123456' } })).status,
    ).toBe(409)
    expect((await events(token)).map((e) => e.kind).slice(0, 2)).toEqual(['sign_in', 'two_factor_off'])
    // The pending secret of a new set-up is not turned on without its code.
    await t.call('POST', '/api/security/two_factor/setup', { token })
    expect((await t.call('GET', '/api/security/two_factor', { token })).json.data.enabled).toBe(false)
    expect((await passwordStep(email)).json.data.token).toEqual(expect.any(String))
  })
})

describe.each(dialects)('two-factor mail on %s', (dialect) => {
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

  it('tells the owner when it is turned on and when a recovery code signs in, without the sign-in waiting for it', async () => {
    const { token, email, password } = await t.register()
    const secret = (await t.call('POST', '/api/security/two_factor/setup', { token })).json.data.secret
    const on = await t.call('POST', '/api/security/two_factor', {
      token,
      body: { code: totpCode(secret, t.clock.now()), password },
    })
    const challenge = (await t.call('POST', '/api/auth/login', { body: { email, password } })).json.data.challenge
    const body = { method: 'recovery', challenge, code: on.json.data.recovery_codes[0] }
    expect((await t.call('POST', '/api/auth/login/two_factor', { body })).status).toBe(200)
    const to = (subject: string) => smtp.received.filter((m) => m.to.includes(email) && m.raw.includes(subject))
    await expect.poll(() => to('Subject: Two-factor sign-in was turned on').length).toBe(1)
    await expect.poll(() => to('Subject: A recovery code was used to sign in').length).toBe(1)
    expect(readMail(to('Subject: A recovery code was used to sign in')[0]?.raw ?? '').text).toContain(
      'A recovery code was used to sign in to your account; 9 of them are left.',
    )
  })
})

describe.each(dialects)("the operator's reset with two-factor sign-in on, on %s", (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database)
  })
  afterAll(async () => {
    await db.drop()
  })

  it('turns it off, so that someone who lost the phone and the codes signs in with the new password', async () => {
    const { token, email, password } = await t.register()
    const secret = (await t.call('POST', '/api/security/two_factor/setup', { token })).json.data.secret
    const code = totpCode(secret, t.clock.now())
    expect((await t.call('POST', '/api/security/two_factor', { token, body: { code, password } })).status).toBe(200)

    expect(await accountsService(t.deps).setPasswordAsOperator(email, 'a new long password')).toEqual({
      twoFactorOff: true,
    })
    const signedIn = await t.call('POST', '/api/auth/login', { body: { email, password: 'a new long password' } })
    expect(signedIn.json.data.token).toEqual(expect.any(String))
    const next = signedIn.json.data.token as string
    expect((await t.call('GET', '/api/security/two_factor', { token: next })).json.data.enabled).toBe(false)
    const kinds = (await t.call('GET', '/api/security/events', { token: next })).json.data.events.map(
      (e: { kind: string }) => e.kind,
    )
    expect(kinds.slice(0, 3)).toEqual(['sign_in', 'two_factor_off', 'password_reset'])
    // Without two-factor sign-in there is nothing to turn off.
    expect(await accountsService(t.deps).setPasswordAsOperator(email, 'another long password')).toEqual({
      twoFactorOff: false,
    })
    expect(
      await accountsService(t.deps).setPasswordAsOperator('nobody@example.com', 'another long password'),
    ).toBeNull()
  })
})

describe.each(dialects)('the security log on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    const many = { max: 1000, windowSeconds: 900 }
    t = buildTestApp(db.database, {
      config: { rateLimits: { ...defaultRateLimits, login: { perIp: many, perAccount: many } } },
    })
  })
  afterAll(async () => {
    await db.drop()
  })

  it('keeps failed sign-ins, password changes and ended sessions with their address, newest first, 50 at most', async () => {
    const { token, email, user, password } = await t.register()
    t.clock.advance(1000)
    await t.call('POST', '/api/auth/login', { body: { email, password: 'wrong one' }, ip: '198.51.100.9' })
    t.clock.advance(1000)
    const other = (await t.call('POST', '/api/auth/login', { body: { email, password }, ip: '203.0.113.4' })).json.data
      .token as string
    t.clock.advance(1000)
    const changed = await t.call('PUT', `/api/user/user_password_change/${user.user_id}`, {
      token,
      body: { current_password: password, new_password: 'battery staple 2' },
      ip: '192.0.2.10',
    })
    expect(changed.status).toBe(200)
    expect((await t.call('GET', '/api/sessions', { token: other })).status).toBe(401)
    t.clock.advance(1000)
    const third = (
      await t.call('POST', '/api/auth/login', {
        body: { email, password: 'battery staple 2' },
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
        ip: '203.0.113.5',
      })
    ).json.data.token as string
    t.clock.advance(1000)
    const thirdId = (await t.call('GET', '/api/sessions', { token: third })).json.data.sessions[0].id
    await t.call('DELETE', `/api/sessions/${thirdId}`, { token, ip: '192.0.2.10' })

    const log = (await t.call('GET', '/api/security/events', { token })).json.data.events
    expect(log.map((e: { kind: string }) => e.kind)).toEqual([
      'session_ended',
      'sign_in',
      'password_changed',
      'sign_in',
      'sign_in_failed',
      'sign_in',
    ])
    expect(log[0]).toMatchObject({ detail: 'Firefox 133 on Linux from 203.0.113.5', ip: '192.0.2.10' })
    expect(log[1]).toMatchObject({ ip: '203.0.113.5', browser: 'Firefox 133', system: 'Linux' })
    expect(log[4]).toMatchObject({ ip: '198.51.100.9', at: new Date(t.clock.now() - 4000).toISOString() })

    for (let i = 0; i < 60; i++) {
      t.clock.advance(1000)
      await t.call('POST', '/api/auth/login', { body: { email, password: 'wrong' }, ip: `198.51.100.${i + 10}` })
    }
    const full = (await t.call('GET', '/api/security/events', { token })).json.data.events
    expect(full).toHaveLength(50)
    expect(full[0].ip).toBe('198.51.100.69')
  })

  it('needs a session', async () => {
    expect((await t.call('GET', '/api/security/events')).status).toBe(401)
    expect((await t.call('POST', '/api/security/two_factor/setup')).status).toBe(401)
  })
})
