import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REMOVED_SECRET } from '@vigil/domain/account-mail'
import { hashPassword } from '../../src/server/auth/password-hash.ts'
import { migrateToLatest } from '../../src/server/db/migrate.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'
import { confirmLinkToken, readMail, startSmtp, type TestSmtp } from './notify/smtp-server.ts'

// Issue 35, point 1: an address in ADMIN_EMAILS made its account an operator at sign-up, so anyone who registered
// it first read every support request. Now a new account confirms its address by a link mailed to it (the account
// works meanwhile), and only a confirmed address is an operator.

const OPERATOR = 'ops@vigil.test'

describe.each(dialects)('email confirmation on %s', (dialect) => {
  let db: TestDb
  let smtp: TestSmtp
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    smtp = await startSmtp()
    t = buildTestApp(db.database, { config: { smtp: smtp.settings, adminEmails: [OPERATOR] } })
  })
  afterAll(async () => {
    await smtp.close()
    await db.drop()
  })

  const confirm = (token: string) => t.call('POST', '/api/profile/email/confirm', { body: { token } })
  const ticketBy = async (token: string) => {
    const res = await t.call('POST', '/api/support/tickets', {
      token,
      body: { subject: 'My card was charged twice', category: 'billing', message: 'Please look at my invoices.' },
    })
    expect(res.status).toBe(201)
    return res.json.data.ticket.id as string
  }

  it('gives operator rights to an address in ADMIN_EMAILS only once its account has confirmed it', async () => {
    const victim = await t.register({ name: 'Ada' })
    const ticket = await ticketBy(victim.token)

    // A stranger signs up with the operator's address before the operator does.
    const stranger = await t.register({ name: 'Mallory', email: OPERATOR })
    expect(stranger.user.email_confirmed).toBe(false)
    const list = await t.call('GET', '/api/support/tickets', { token: stranger.token })
    expect(list.json.data.operator).toBe(false)
    expect(list.json.data.tickets).toEqual([])
    expect((await t.call('GET', `/api/support/tickets/${ticket}`, { token: stranger.token })).status).toBe(404)
    const answer = await t.call('POST', `/api/support/tickets/${ticket}/messages`, {
      token: stranger.token,
      body: { message: 'Send me your card number.' },
    })
    expect(answer.status).toBe(404)

    // Whoever reads the mailbox opens the link: then, and only then, the account is an operator.
    expect((await confirm(await confirmLinkToken(smtp, OPERATOR))).status).toBe(200)
    const now = await t.call('GET', '/api/support/tickets', { token: stranger.token })
    expect(now.json.data.operator).toBe(true)
    expect(now.json.data.tickets.map((x: { id: string }) => x.id)).toContain(ticket)
  })

  it('mails a one-time link at sign-up; the account works meanwhile and says it is unconfirmed', async () => {
    const { token, email, user } = await t.register()
    expect(user.email_confirmed).toBe(false)
    expect((await t.call('GET', '/api/auth/verify', { token })).json.data.user.email_confirmed).toBe(false)
    expect((await t.call('GET', '/api/monitors', { token })).status).toBe(200)

    const link = await confirmLinkToken(smtp, email)
    const mail = readMail(smtp.received.filter((m) => m.to.includes(email)).at(-1)?.raw ?? '')
    expect(mail.subject).toBe('Confirm your email address')
    expect(mail.text).toContain(`to confirm that ${email} is the address of your Vigil account`)

    const confirmed = await confirm(link)
    expect(confirmed.status).toBe(200)
    expect(confirmed.json.data.user).toMatchObject({ email, email_confirmed: true })
    expect((await t.call('GET', '/api/profile', { token })).json.data.user.email_confirmed).toBe(true)

    // Once only; a made-up token is no link of ours.
    const again = await confirm(link)
    expect(again.status).toBe(400)
    expect(again.json.message).toBe(
      'This link has been used, has expired or is not ours. Ask for a new one on your profile.',
    )
    expect((await confirm('made-up')).status).toBe(400)

    const log = await t.call('GET', '/api/security/events', { token })
    expect(log.json.data.events.map((e: { kind: string }) => e.kind)).toContain('email_confirmed')

    // The outbox keeps the mail, without the link, once it is sent.
    const kept = await db.database.db
      .selectFrom('deliveries')
      .select(['event', 'status'])
      .where('recipient', '=', email)
      .execute()
    const confirmation = kept.find((d) => d.event.includes('Confirm your email address'))
    expect(confirmation?.status).toBe('delivered')
    expect(confirmation?.event).toContain(REMOVED_SECRET)
    expect(confirmation?.event).not.toContain(link)
  })

  it('sends the link again on request: the older link stops working; refused once confirmed, and rate-limited', async () => {
    const { token, email } = await t.register()
    const first = await confirmLinkToken(smtp, email)
    const sent = await t.call('POST', '/api/profile/email/confirmation', { token })
    expect(sent.status).toBe(200)
    expect(sent.json.data.message).toBe(`We sent a new link to ${email}. Open it to confirm your address.`)
    let second = first
    for (let waited = 0; second === first && waited < 5_000; waited += 20) {
      second = await confirmLinkToken(smtp, email)
      if (second === first) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(second).not.toBe(first)
    expect((await confirm(first)).status).toBe(400)
    expect((await confirm(second)).status).toBe(200)

    const done = await t.call('POST', '/api/profile/email/confirmation', { token })
    expect(done.status).toBe(409)
    expect(done.json.message).toBe('Your email address is already confirmed.')

    expect((await t.call('POST', '/api/profile/email/confirmation', {})).status).toBe(401)
    const other = await t.register()
    const answers = []
    for (let i = 0; i < 6; i++)
      answers.push((await t.call('POST', '/api/profile/email/confirmation', { token: other.token })).status)
    expect(answers).toEqual([200, 200, 200, 200, 200, 429])
  })

  it('confirms a new address by the change link, and an old link does not confirm an address changed since', async () => {
    const { token, email } = await t.register()
    const signupLink = await confirmLinkToken(smtp, email)
    const next = `changed-${email}`
    expect(
      (await t.call('POST', '/api/profile/email', { token, body: { email: next, password: 'correct horse' } })).status,
    ).toBe(200)
    const changeLink = await confirmLinkToken(smtp, next, /Confirm your new email address/)
    const changed = await confirm(changeLink)
    expect(changed.json.data.user).toMatchObject({ email: next, email_confirmed: true })
    // The sign-up link named the old address: it confirms nothing now.
    expect((await confirm(signupLink)).status).toBe(400)

    // An unconfirmed account that changes its address and then opens its old sign-up link stays unconfirmed.
    const b = await t.register()
    const bLink = await confirmLinkToken(smtp, b.email)
    const moved = `moved-${b.email}`
    await db.database.db.updateTable('users').set({ email: moved }).where('email', '=', b.email).execute()
    expect((await confirm(bLink)).status).toBe(400)
    expect((await t.call('GET', '/api/auth/verify', { token: b.token })).json.data.user.email_confirmed).toBe(false)
  })

  it('is not answered for another user: the link proves the address, not who opens it', async () => {
    const a = await t.register()
    const b = await t.register()
    const link = await confirmLinkToken(smtp, a.email)
    // Opened by b's session (or none): it confirms a's address, and nothing of b's.
    const res = await t.call('POST', '/api/profile/email/confirm', { token: b.token, body: { token: link } })
    expect(res.json.data.user.email).toBe(a.email)
    expect((await t.call('GET', '/api/auth/verify', { token: b.token })).json.data.user.email_confirmed).toBe(false)
    expect((await t.call('GET', '/api/auth/verify', { token: a.token })).json.data.user.email_confirmed).toBe(true)
  })
})

describe.each(dialects)('migration 027 on %s', (dialect) => {
  let db: TestDb
  beforeAll(async () => {
    db = await openTestDb(dialect, { upTo: '026-list-row-versions' })
  })
  afterAll(() => db.drop())

  it('keeps existing accounts working, unconfirmed unless their address came from a confirmed change', async () => {
    // Two accounts as the code before 027 wrote them; a change of address confirmed from its link logged this event.
    const at = Date.parse('2026-11-20T10:00:00Z')
    const hash = await hashPassword('correct horse', 12)
    for (const [id, email] of [
      ['u-kept', 'kept@example.com'],
      ['u-changed', 'changed@example.com'],
    ] as const)
      await db.database.db
        .insertInto('users')
        .values({ user_id: id, name: 'U', email, password_hash: hash, image: null, created_at: at, updated_at: at })
        .execute()
    await db.database.db
      .insertInto('security_events')
      .values([
        { event_id: 'e1', user_id: 'u-changed', kind: 'email_changed', detail: 'changed@example.com', created_at: at },
        { event_id: 'e2', user_id: 'u-kept', kind: 'email_changed', detail: 'earlier@example.com', created_at: at },
      ])
      .execute()
    await migrateToLatest(db.database)
    const t = buildTestApp(db.database)
    const signIn = (email: string) => t.call('POST', '/api/auth/login', { body: { email, password: 'correct horse' } })
    const kept = await signIn('kept@example.com')
    expect(kept.status).toBe(200)
    expect(kept.json.data.user.email_confirmed).toBe(false)
    const changed = await signIn('changed@example.com')
    expect(changed.status).toBe(200)
    expect(changed.json.data.user.email_confirmed).toBe(true)
  })
})
