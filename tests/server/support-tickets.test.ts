import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notificationTarget } from '@vigil/domain/notification-target'
import { defaultRateLimits } from '../../src/server/config.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'
import { confirmLinkToken, readMail, startSmtp, type TestSmtp } from './notify/smtp-server.ts'

// Support through the API on both databases: a request made (with or without one of the user's monitors) and mailed
// to SUPPORT_EMAIL on a loopback SMTP server, the operators (ADMIN_EMAILS) seeing every request and answering, the
// owner told in the bell and by mail, answering back, closing and reopening; bad input, other users' ids, the rate
// limit, no session, no SUPPORT_EMAIL, and accounts deleted with their requests.

const OPERATOR = 'ops@vigil.test'
const SUPPORT = 'help@vigil.test'
const MISSING = '0190f3a2-7c4e-7a10-8b2d-3f4e5a6b7c8d'

const request = (over: Record<string, unknown> = {}) => ({
  subject: 'Checks time out',
  category: 'monitoring',
  message: 'My port monitor times out every night at 02:00.',
  ...over,
})

describe.each(dialects)('support tickets on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let smtp: TestSmtp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    smtp = await startSmtp()
    t = buildTestApp(db.database, {
      config: { smtp: smtp.settings, adminEmails: [OPERATOR, 'second-ops@vigil.test'], supportEmail: SUPPORT },
    })
  })
  afterAll(async () => {
    await smtp.close()
    await db.drop()
  })

  let operator: Awaited<ReturnType<TestApp['register']>>
  /** An operator's account: signed up with an address in ADMIN_EMAILS and confirmed from the mail's link. */
  const signUpOperator = async (name: string, email: string) => {
    const account = await t.register({ name, email })
    const confirmed = await t.call('POST', '/api/profile/email/confirm', {
      body: { token: await confirmLinkToken(smtp, email) },
    })
    if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.text}`)
    return account
  }
  const operatorToken = async () => {
    operator ??= await signUpOperator('Olga Operator', OPERATOR)
    return operator.token
  }

  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => readMail(m.raw))
  const lastMailTo = (address: string) => mailsTo(address).at(-1)

  const addMonitor = async (token: string, name = 'Database') => {
    const res = await t.call('POST', '/api/monitors', {
      token,
      body: { type: 'port', name, host: 'db.example.test', port: 5432, interval_seconds: 300 },
    })
    expect(res.status, res.text).toBe(201)
    return res.json.data.monitor.id as string
  }

  const create = async (token: string, over: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/support/tickets', { token, body: request(over) })
    expect(res.status, res.text).toBe(201)
    return res.json.data.ticket
  }

  it('makes a request with its first message, mails it to SUPPORT_EMAIL with its link, and lists it', async () => {
    const { token, email, user } = await t.register({ name: 'Ada Lovelace' })
    const before = mailsTo(SUPPORT).length
    const res = await t.call('POST', '/api/support/tickets', {
      token,
      body: request({ subject: '  Checks\n time out ' }),
    })
    expect(res.status, res.text).toBe(201)
    const ticket = res.json.data.ticket
    const at = new Date(t.clock.now()).toISOString()
    expect(ticket).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      subject: 'Checks time out',
      category: 'monitoring',
      status: 'open',
      monitor: null,
      created_at: at,
      updated_at: at,
      message_count: 1,
      last_author: 'user',
      user: null,
      messages: [
        {
          id: expect.any(String),
          body: 'My port monitor times out every night at 02:00.',
          author: 'user',
          author_name: 'Ada Lovelace',
          created_at: at,
        },
      ],
    })

    expect(mailsTo(SUPPORT)).toHaveLength(before + 1)
    const mail = lastMailTo(SUPPORT)
    expect(mail?.subject).toBe('[Support] Checks time out')
    expect(mail?.text).toContain(`Ada Lovelace <${email}> asked for help.`)
    expect(mail?.text).toContain('Category: Monitors and checks')
    expect(mail?.text).toContain('Monitor: none')
    expect(mail?.text).toContain('My port monitor times out every night at 02:00.')
    expect(mail?.text).toContain(`http://app.test/support/tickets/${ticket.id}`)
    // The delivery is about the user's account, sent to the operators' address.
    const delivery = await db.database.db
      .selectFrom('deliveries')
      .select(['user_id', 'recipient', 'status'])
      .where('title', '=', '[Support] Checks time out')
      .where('user_id', '=', user.user_id)
      .executeTakeFirst()
    expect(delivery).toEqual({ user_id: user.user_id, recipient: SUPPORT, status: 'delivered' })

    // About one of the user's monitors: named in the ticket and in the mail.
    t.clock.advance(60_000)
    const monitorId = await addMonitor(token, 'Orders DB')
    const about = await create(token, { subject: 'Orders DB flaps', category: 'alerts', monitor_id: monitorId })
    expect(about.monitor).toEqual({ id: monitorId, name: 'Orders DB' })
    expect(about.category).toBe('alerts')
    expect(lastMailTo(SUPPORT)?.text).toContain(`Monitor: Orders DB (port, id ${monitorId})`)
    expect(lastMailTo(SUPPORT)?.text).toContain('Category: Alerts and notifications')

    const list = await t.call('GET', '/api/support/tickets', { token })
    expect(list.status).toBe(200)
    expect(list.json.data.operator).toBe(false)
    expect(list.json.data.tickets.map((x: { id: string }) => x.id)).toEqual([about.id, ticket.id])
    const { messages: _, ...summary } = about
    expect(list.json.data.tickets[0]).toEqual(summary)

    const one = await t.call('GET', `/api/support/tickets/${ticket.id}`, { token })
    expect(one.status).toBe(200)
    expect(one.json.data).toEqual({ ticket, operator: false })
    // An id in capitals is the same ticket.
    expect((await t.call('GET', `/api/support/tickets/${ticket.id.toUpperCase()}`, { token })).status).toBe(200)

    // The monitor deleted: the ticket stays, about no monitor.
    expect((await t.call('DELETE', `/api/monitors/${monitorId}`, { token })).status).toBe(200)
    const after = await t.call('GET', `/api/support/tickets/${about.id}`, { token })
    expect(after.json.data.ticket.monitor).toBeNull()
  })

  it('refuses bad input with a message at each field', async () => {
    const { token } = await t.register()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ subject: '' }, 'subject', 'Subject is required.'],
      [{ subject: 'ab' }, 'subject', 'Subject must be at least 3 characters.'],
      [{ subject: 'x'.repeat(121) }, 'subject', 'Subject must be at most 120 characters.'],
      [{ subject: 7 }, 'subject', 'Subject is required.'],
      [{ category: 'sales' }, 'category', 'Choose a category.'],
      [{ message: 'help!' }, 'message', 'Write at least 10 characters so we can help.'],
      [{ message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters.'],
      [{ message: undefined }, 'message', 'Message is required.'],
      [{ monitor_id: 12 }, 'monitor_id', 'Monitor must be the id of one of your monitors.'],
    ]
    for (const [change, field, message] of cases) {
      const res = await t.call('POST', '/api/support/tickets', { token, body: request(change) })
      expect(res.status, JSON.stringify(change)).toBe(400)
      expect(res.json.errors[field], JSON.stringify(change)).toBe(message)
      expect(res.json.message).toBe(message)
    }
    const missing = await t.call('POST', '/api/support/tickets', { token, body: {} })
    expect(missing.status).toBe(400)
    expect(missing.json.errors).toMatchObject({
      subject: 'Subject is required.',
      category: 'Category is required.',
      message: 'Message is required.',
    })
    expect((await t.call('POST', '/api/support/tickets', { token, body: [] })).status).toBe(400)
    const form = await t.call('POST', '/api/support/tickets', {
      token,
      body: 'subject=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
    // Nothing was made.
    expect((await t.call('GET', '/api/support/tickets', { token })).json.data.tickets).toEqual([])

    const status = await t.call('GET', '/api/support/tickets?status=new', { token })
    expect(status.status).toBe(400)
    expect(status.json.errors.status).toBe('Status must be one of open, answered, closed.')
    for (const [method, path] of [
      ['GET', '/api/support/tickets/42'],
      ['POST', '/api/support/tickets/not-a-ticket/messages'],
      ['POST', '/api/support/tickets/..%2Fother/close'],
    ] as const) {
      const res = await t.call(method, path, {
        token,
        body: method === 'POST' ? { message: 'Hello there' } : undefined,
      })
      expect(res.status, path).toBe(400)
      expect(res.json.message, path).toBe('This is not a ticket id.')
    }

    const ticket = await create(token)
    for (const [body, message] of [
      [{ message: '   ' }, 'Write your answer first.'],
      [{}, 'Message is required.'],
      [{ message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters.'],
    ] as const) {
      const res = await t.call('POST', `/api/support/tickets/${ticket.id}/messages`, { token, body })
      expect(res.status).toBe(400)
      expect(res.json.errors.message).toBe(message)
    }
    const closeWithForm = await t.call('POST', `/api/support/tickets/${ticket.id}/close`, {
      token,
      body: 'x=1',
      headers: { 'content-type': 'text/plain' },
    })
    expect(closeWithForm.status).toBe(415)
    expect((await t.call('GET', `/api/support/tickets/${ticket.id}`, { token })).json.data.ticket).toMatchObject({
      status: 'open',
      message_count: 1,
    })
  })

  it("refuses another user's monitor or an unknown one with a 404, and makes nothing", async () => {
    const mallory = await t.register()
    const alice = await t.register()
    const alicesMonitor = await addMonitor(alice.token)
    const before = mailsTo(SUPPORT).length
    for (const monitor_id of [alicesMonitor, MISSING, 'no-such-monitor']) {
      const res = await t.call('POST', '/api/support/tickets', { token: mallory.token, body: request({ monitor_id }) })
      expect(res.status, monitor_id).toBe(404)
      expect(res.json.message).toBe('Monitor not found.')
    }
    expect((await t.call('GET', '/api/support/tickets', { token: mallory.token })).json.data.tickets).toEqual([])
    expect(mailsTo(SUPPORT)).toHaveLength(before)
  })

  it("answers 404 for another user's ticket on every route, and changes nothing", async () => {
    const alice = await t.register()
    const mallory = await t.register()
    const ticket = await create(alice.token)
    const mails = smtp.received.length
    for (const id of [ticket.id, MISSING]) {
      const routes = [
        ['GET', `/api/support/tickets/${id}`, undefined],
        ['POST', `/api/support/tickets/${id}/messages`, { message: 'I can see this?' }],
        ['POST', `/api/support/tickets/${id}/close`, undefined],
      ] as const
      for (const [method, path, body] of routes) {
        const res = await t.call(method, path, { token: mallory.token, body })
        expect(res.status, `${method} ${path}`).toBe(404)
        expect(res.json.message).toBe('Ticket not found.')
      }
    }
    expect((await t.call('GET', '/api/support/tickets', { token: mallory.token })).json.data.tickets).toEqual([])
    const still = (await t.call('GET', `/api/support/tickets/${ticket.id}`, { token: alice.token })).json.data.ticket
    expect(still).toMatchObject({ status: 'open', message_count: 1 })
    expect(smtp.received.length).toBe(mails)
  })

  it('shows an operator every request with who asked; their answer reaches the owner in the bell and by mail', async () => {
    const token = await operatorToken()
    const ada = await t.register({ name: 'Ada' })
    const bob = await t.register({ name: 'Bob' })
    t.clock.advance(60_000)
    const adas = await create(ada.token, { subject: 'Slack alerts stopped', category: 'integrations' })
    t.clock.advance(60_000)
    const bobs = await create(bob.token, { subject: 'Invoice address', category: 'billing' })

    const list = await t.call('GET', '/api/support/tickets', { token })
    expect(list.status).toBe(200)
    expect(list.json.data.operator).toBe(true)
    const ids = list.json.data.tickets.map((x: { id: string }) => x.id)
    expect(ids.indexOf(bobs.id)).toBeLessThan(ids.indexOf(adas.id))
    expect(list.json.data.tickets.find((x: { id: string }) => x.id === adas.id).user).toEqual({
      id: ada.user.user_id,
      name: 'Ada',
      email: ada.email,
    })
    const open = await t.call('GET', '/api/support/tickets?status=open', { token })
    expect(open.json.data.tickets.every((x: { status: string }) => x.status === 'open')).toBe(true)
    // Ada still sees only her own.
    const hers = await t.call('GET', '/api/support/tickets', { token: ada.token })
    expect(hers.json.data).toMatchObject({ operator: false })
    expect(hers.json.data.tickets.map((x: { id: string }) => x.id)).toEqual([adas.id])

    const seen = await t.call('GET', `/api/support/tickets/${adas.id}`, { token })
    expect(seen.status).toBe(200)
    expect(seen.json.data).toMatchObject({ operator: true, ticket: { id: adas.id, user: { email: ada.email } } })

    t.clock.advance(60_000)
    const reply =
      'Hello Ada, Slack answered 404 to the last delivery: the webhook was removed. Make a new incoming webhook in Slack and paste its URL in the integration, then send a test message.'
    const answered = await t.call('POST', `/api/support/tickets/${adas.id}/messages`, {
      token,
      body: { message: reply },
    })
    expect(answered.status, answered.text).toBe(201)
    const at = new Date(t.clock.now()).toISOString()
    expect(answered.json.data.ticket).toMatchObject({
      status: 'answered',
      message_count: 2,
      last_author: 'operator',
      updated_at: at,
      user: { id: ada.user.user_id },
    })
    expect(answered.json.data.ticket.messages[1]).toEqual({
      id: expect.any(String),
      body: reply,
      author: 'operator',
      author_name: 'Olga Operator',
      created_at: at,
    })

    // The bell: an account notice that opens the ticket.
    const bell = await t.call('GET', '/api/user_notification', { token: ada.token })
    const notice = bell.json.data.notificationList[0]
    expect(notice).toEqual({
      notification_id: expect.any(String),
      notification_type: 'account',
      target_id: adas.id,
      notification_title: 'Support answered: Slack alerts stopped',
      notification_description: `${reply.slice(0, 139).trimEnd()}…`,
      is_opened: false,
      created_at: at,
    })
    expect(notificationTarget(notice.notification_type, notice.target_id)).toBe(`/support/tickets/${adas.id}`)
    // Bob was told nothing.
    const bobsBell = await t.call('GET', '/api/user_notification', { token: bob.token })
    expect(bobsBell.json.data.notificationList.some((n: { target_id: string }) => n.target_id === adas.id)).toBe(false)

    // The mail to the owner.
    const mail = lastMailTo(ada.email)
    expect(mail?.subject).toBe('Support answered: Slack alerts stopped')
    expect(mail?.text).toContain('Olga Operator from support answered your request "Slack alerts stopped":')
    expect(mail?.text).toContain('then send a test message.')
    expect(mail?.text).toContain(`http://app.test/support/tickets/${adas.id}`)

    // The owner's view of it: the operator's name, and no "user" part.
    const mine = await t.call('GET', `/api/support/tickets/${adas.id}`, { token: ada.token })
    expect(mine.json.data.operator).toBe(false)
    expect(mine.json.data.ticket).toMatchObject({ status: 'answered', last_author: 'operator', user: null })
    expect(mine.json.data.ticket.messages.map((m: { author: string }) => m.author)).toEqual(['user', 'operator'])
    const answeredOnly = await t.call('GET', '/api/support/tickets?status=answered', { token: ada.token })
    expect(answeredOnly.json.data.tickets.map((x: { id: string }) => x.id)).toEqual([adas.id])
  })

  it('lets the owner answer back (open again, the operators mailed), close, and reopen by answering', async () => {
    const token = await operatorToken()
    const { token: own, email } = await t.register({ name: 'Grace' })
    const ticket = await create(own, { subject: 'Status page badge', category: 'status_pages' })
    await t.call('POST', `/api/support/tickets/${ticket.id}/messages`, {
      token,
      body: { message: 'Which badge do you mean?' },
    })

    t.clock.advance(60_000)
    const back = await t.call('POST', `/api/support/tickets/${ticket.id}/messages`, {
      token: own,
      body: { message: 'The uptime badge of my API component.' },
    })
    expect(back.status).toBe(201)
    expect(back.json.data.ticket).toMatchObject({ status: 'open', message_count: 3, last_author: 'user' })
    const toOps = lastMailTo(SUPPORT)
    expect(toOps?.subject).toBe('[Support] Re: Status page badge')
    expect(toOps?.text).toContain(`Grace <${email}> answered in "Status page badge":`)
    expect(toOps?.text).toContain('The uptime badge of my API component.')
    expect(toOps?.text).toContain(`http://app.test/support/tickets/${ticket.id}`)

    t.clock.advance(60_000)
    const closed = await t.call('POST', `/api/support/tickets/${ticket.id}/close`, { token: own })
    expect(closed.status).toBe(200)
    expect(closed.json.data.ticket).toMatchObject({
      status: 'closed',
      updated_at: new Date(t.clock.now()).toISOString(),
    })
    t.clock.advance(60_000)
    const again = await t.call('POST', `/api/support/tickets/${ticket.id}/close`, { token: own })
    expect(again.status).toBe(200)
    expect(again.json.data.ticket).toEqual(closed.json.data.ticket)
    const closedList = await t.call('GET', '/api/support/tickets?status=closed', { token: own })
    expect(closedList.json.data.tickets.map((x: { id: string }) => x.id)).toEqual([ticket.id])
    expect((await t.call('GET', '/api/support/tickets?status=open', { token: own })).json.data.tickets).toEqual([])

    // An answer reopens it, and the operators are told it was closed.
    const reopened = await t.call('POST', `/api/support/tickets/${ticket.id}/messages`, {
      token: own,
      body: { message: 'It is back again.' },
    })
    expect(reopened.json.data.ticket).toMatchObject({ status: 'open', message_count: 4 })
    expect(lastMailTo(SUPPORT)?.text).toContain('answered in "Status page badge" (it was closed and is open again):')

    // An operator may close it too.
    const byOperator = await t.call('POST', `/api/support/tickets/${ticket.id}/close`, { token })
    expect(byOperator.status).toBe(200)
    expect(byOperator.json.data.ticket.status).toBe('closed')
  })

  it("decides who is an operator on each request, by the account's current, confirmed email", async () => {
    const { token } = await t.register()
    const other = await t.register()
    const theirs = await create(other.token)
    expect((await t.call('GET', '/api/support/tickets', { token })).json.data.operator).toBe(false)
    expect((await t.call('GET', `/api/support/tickets/${theirs.id}`, { token })).status).toBe(404)

    /** A change of address, confirmed from the new inbox. */
    const changeTo = async (email: string) => {
      expect(
        (await t.call('POST', '/api/profile/email', { token, body: { email, password: 'correct horse' } })).status,
      ).toBe(200)
      const link = await confirmLinkToken(smtp, email, /Confirm your new email address/)
      expect((await t.call('POST', '/api/profile/email/confirm', { body: { token: link } })).status).toBe(200)
    }
    await changeTo('second-ops@vigil.test')
    expect((await t.call('GET', '/api/support/tickets', { token })).json.data.operator).toBe(true)
    expect((await t.call('GET', `/api/support/tickets/${theirs.id}`, { token })).status).toBe(200)

    await changeTo(`former-ops-${Date.now()}@vigil.test`)
    expect((await t.call('GET', '/api/support/tickets', { token })).json.data.operator).toBe(false)
    expect((await t.call('GET', `/api/support/tickets/${theirs.id}`, { token })).status).toBe(404)
  })

  it('limits new requests per account (429 with Retry-After)', async () => {
    const limited = buildTestApp(db.database, {
      config: {
        smtp: smtp.settings,
        supportEmail: SUPPORT,
        rateLimits: { ...defaultRateLimits, supportTicket: { perAccount: { max: 2, windowSeconds: 3600 } } },
      },
    })
    const { token } = await limited.register()
    for (let i = 0; i < 2; i++)
      expect((await limited.call('POST', '/api/support/tickets', { token, body: request() })).status).toBe(201)
    const over = await limited.call('POST', '/api/support/tickets', { token, body: request() })
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toBe('3600')
    expect(over.json.message).toBe('Too many support request attempts. Please wait 60 minutes and try again.')
    // Another account is not held back; and an hour later this one may ask again.
    const other = await limited.register()
    expect((await limited.call('POST', '/api/support/tickets', { token: other.token, body: request() })).status).toBe(
      201,
    )
    limited.clock.advance(3600_000)
    expect((await limited.call('POST', '/api/support/tickets', { token, body: request() })).status).toBe(201)
    expect((await limited.call('GET', '/api/support/tickets', { token })).json.data.tickets).toHaveLength(3)
  })

  it('without SUPPORT_EMAIL still takes requests for the operators to see, and says once that none is mailed', async () => {
    const quiet = buildTestApp(db.database, { config: { smtp: smtp.settings, adminEmails: [OPERATOR] } })
    const { token } = await quiet.register()
    const mails = smtp.received.length
    const first = (await quiet.call('POST', '/api/support/tickets', { token, body: request() })).json.data.ticket
    await quiet.call('POST', `/api/support/tickets/${first.id}/messages`, { token, body: { message: 'Any news?' } })
    expect(smtp.received.length).toBe(mails)
    const told = quiet.logs.filter((l) => /SUPPORT_EMAIL is not set/.test(l.message))
    expect(told).toEqual([{ level: 'info', message: expect.stringMatching(/not mailed/), fields: undefined }])

    const opsToken = await operatorToken()
    const seen = await quiet.call('GET', `/api/support/tickets/${first.id}`, { token: opsToken })
    expect(seen.status).toBe(200)
    expect(seen.json.data.ticket.message_count).toBe(2)
  })

  it('answers 401 without a session on every route', async () => {
    const routes = [
      ['GET', '/api/support/tickets'],
      ['POST', '/api/support/tickets'],
      ['GET', `/api/support/tickets/${MISSING}`],
      ['POST', `/api/support/tickets/${MISSING}/messages`],
      ['POST', `/api/support/tickets/${MISSING}/close`],
    ] as const
    for (const [method, path] of routes) {
      const res = await t.call(method, path, { body: method === 'POST' ? request() : undefined })
      expect(res.status, `${method} ${path}`).toBe(401)
      expect(res.json.message).toBe('Please sign in to continue.')
    }
  })

  it("deletes a user's requests with the account; an operator's answers stay after theirs is deleted", async () => {
    const helper = await signUpOperator('Second Operator', 'second-ops@vigil.test')
    const owner = await t.register()
    const ticket = await create(owner.token)
    const answered = await t.call('POST', `/api/support/tickets/${ticket.id}/messages`, {
      token: helper.token,
      body: { message: 'We are looking into it.' },
    })
    expect(answered.status).toBe(201)

    const gone = await t.call('DELETE', '/api/profile', {
      token: helper.token,
      body: { password: helper.password, confirmation: 'DELETE' },
    })
    expect(gone.status, gone.text).toBe(200)
    const thread = (await t.call('GET', `/api/support/tickets/${ticket.id}`, { token: owner.token })).json.data.ticket
    expect(thread.messages.map((m: { author: string; author_name: string }) => [m.author, m.author_name])).toEqual([
      ['user', owner.user.name],
      ['operator', 'Second Operator'],
    ])
    const byHelper = await db.database.db
      .selectFrom('support_messages')
      .select('message_id')
      .where('author_id', '=', helper.user.user_id)
      .execute()
    expect(byHelper).toEqual([])

    const ownerGone = await t.call('DELETE', '/api/profile', {
      token: owner.token,
      body: { password: owner.password, confirmation: 'DELETE' },
    })
    expect(ownerGone.status, ownerGone.text).toBe(200)
    expect(
      await db.database.db
        .selectFrom('support_tickets')
        .select('ticket_id')
        .where('ticket_id', '=', ticket.id)
        .execute(),
    ).toEqual([])
    expect(
      await db.database.db
        .selectFrom('support_messages')
        .select('message_id')
        .where('ticket_id', '=', ticket.id)
        .execute(),
    ).toEqual([])
  })
})
