import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../src/server/auth/tokens.ts'
import { NO_CLIENT } from '../../src/server/services/security-log.ts'
import { setPassword } from '../../src/server/services/set-password.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

// The one transaction that sets a password (services/set-password.ts), which the reset link, the operator's reset and
// the profile's change share: all of it is written, or none.

describe.each(dialects)('setting a password on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database)
  })
  afterAll(() => db.drop())

  const signIn = (email: string, password: string) =>
    t.call('POST', '/api/auth/login', { body: { email, password } }).then((r) => r.status)
  const signedIn = (token: string) => t.call('GET', '/api/auth/verify', { token }).then((r) => r.status)
  const resetLink = async (userId: string, token: string) => {
    const now = t.clock.now()
    await t.repos.passwordResets.insert({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: now + 3_600_000,
    })
  }

  it('keeps the old password, sessions and reset links when any part of it fails', async () => {
    const { user, email, password, token } = await t.register()
    await resetLink(user.user_id, 'unused-link')
    const failing = setPassword(t.deps, {
      userId: user.user_id,
      password: 'a new password',
      event: { kind: 'password_reset', client: NO_CLIENT },
      alsoIn: async () => {
        throw new Error('the flow failed')
      },
      notice: { title: 'Password reset', description: 'Never written.' },
    })
    await expect(failing).rejects.toThrow('the flow failed')
    expect(await signIn(email, password)).toBe(200)
    expect(await signIn(email, 'a new password')).toBe(401)
    expect(await signedIn(token)).toBe(200)
    expect(await t.repos.passwordResets.findUsable(hashToken('unused-link'), t.clock.now())).toBeTruthy()
  })

  it('sets the hash, uses up the reset links and ends every session but the one kept', async () => {
    const { user, email, password, token } = await t.register()
    const other = await t.call('POST', '/api/auth/login', { body: { email, password } })
    await resetLink(user.user_id, 'sent-before')
    await setPassword(t.deps, {
      userId: user.user_id,
      password: 'a new password',
      keepSession: hashToken(token),
      event: { kind: 'password_changed', client: NO_CLIENT },
    })
    expect(await signIn(email, 'a new password')).toBe(200)
    expect(await signIn(email, password)).toBe(401)
    expect(await signedIn(token)).toBe(200)
    expect(await signedIn(other.json.data.token)).toBe(401)
    expect(await t.repos.passwordResets.findUsable(hashToken('sent-before'), t.clock.now())).toBeFalsy()
  })
})
