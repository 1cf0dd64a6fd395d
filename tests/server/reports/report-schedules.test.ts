import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pruneHistory } from '../../../src/server/engine/retention.ts'
import { sweepReportSchedules } from '../../../src/server/services/report-schedules.service.ts'
import { pdfText } from '../../support/pdf-text.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from '../harness.ts'
import { readMail, startSmtp, type TestSmtp } from '../notify/smtp-server.ts'

// Scheduled reports on both databases: made, listed, changed and deleted by their owner only; sent at the end of
// each period with the PDF attached, to a loopback SMTP server, once per period however many sweeps run at once;
// "send now"; and the sends with their outcome.

const MONDAY = Date.parse('2026-11-23T00:00:00Z')

describe.each(dialects)('scheduled reports on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let smtp: TestSmtp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    smtp = await startSmtp()
    t = buildTestApp(db.database, { config: { smtp: smtp.settings, allowPrivateTargets: true } })
    t.clock.set(Date.parse('2026-11-18T09:30:00Z')) // a Wednesday
  })
  afterAll(async () => {
    await smtp.close()
    await db.drop()
  })

  const owner = async () => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const monitor = await t.call('POST', '/api/monitors', {
      token,
      body: { type: 'port', name: 'Database', host: '127.0.0.1', port: 9, interval_seconds: 300 },
    })
    expect(monitor.status, monitor.text).toBe(201)
    return { token, monitorId: monitor.json.data.monitor.id as string }
  }
  const schedule = (over: Record<string, unknown> = {}) => ({
    name: 'Weekly to the team',
    frequency: 'weekly',
    recipients: ['Team@Example.com', 'boss@example.com'],
    selection: { kind: 'all' },
    time_zone: 'UTC',
    ...over,
  })
  const create = async (token: string, over: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/reports/schedules', { token, body: schedule(over) })
    expect(res.status, res.text).toBe(201)
    return res.json.data.schedule
  }
  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
    expect(check()).toBe(true)
  }
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => readMail(m.raw))

  it('makes, lists, changes and deletes a schedule, its next send at the end of the period', async () => {
    const { token, monitorId } = await owner()
    const made = await create(token, { selection: { kind: 'monitors', monitor_ids: [monitorId, monitorId] } })
    expect(made).toEqual({
      id: expect.any(String),
      name: 'Weekly to the team',
      frequency: 'weekly',
      recipients: ['team@example.com', 'boss@example.com'],
      selection: { kind: 'monitors', monitor_ids: [monitorId] },
      time_zone: 'UTC',
      next_send_at: '2026-11-23T00:00:00.000Z',
      created_at: new Date(t.clock.now()).toISOString(),
      last_send: null,
    })
    expect((await t.call('GET', '/api/reports/schedules', { token })).json.data.schedules).toEqual([made])

    const monthly = await t.call('PATCH', `/api/reports/schedules/${made.id}`, {
      token,
      body: { frequency: 'monthly', time_zone: 'Pacific/Auckland' },
    })
    expect(monthly.status, monthly.text).toBe(200)
    // Auckland's 1 December starts at 11:00 UTC on 30 November (NZDT, UTC+13).
    expect(monthly.json.data.schedule).toMatchObject({
      frequency: 'monthly',
      next_send_at: '2026-11-30T11:00:00.000Z',
      name: 'Weekly to the team',
    })
    expect((await t.call('DELETE', `/api/reports/schedules/${made.id}`, { token })).status).toBe(204)
    expect((await t.call('GET', '/api/reports/schedules', { token })).json.data.schedules).toEqual([])
    expect((await t.call('DELETE', `/api/reports/schedules/${made.id}`, { token })).status).toBe(404)
  })

  it('refuses bad input with a message at its field, and another user\u2019s schedules, monitors and pages', async () => {
    const { token, monitorId } = await owner()
    const bad: [Record<string, unknown>, string, string][] = [
      [
        { recipients: ['not-an-address'] },
        'recipients',
        'Each recipient must be an email address, such as ops@example.com.',
      ],
      [{ recipients: [] }, 'recipients', 'Add at least one recipient.'],
      [{ frequency: 'daily' }, 'frequency', 'Frequency must be weekly or monthly.'],
      [{ name: '  ' }, 'name', 'Name is required.'],
      [{ time_zone: 'Nowhere/Land' }, 'time_zone', 'Unknown time zone: use a name such as Europe/Paris or UTC.'],
      [{ selection: { kind: 'monitors', monitor_ids: [] } }, 'selection', 'Choose at least one monitor.'],
    ]
    for (const [over, field, message] of bad) {
      const res = await t.call('POST', '/api/reports/schedules', { token, body: schedule(over) })
      expect(res.status, JSON.stringify(over)).toBe(400)
      expect(res.json.message).toBe(message)
      expect(
        Object.keys(res.json.errors ?? {}).some((k) => k.startsWith(field)),
        JSON.stringify(res.json),
      ).toBe(true)
    }
    const mine = await create(token)
    const other = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    for (const [method, path, body] of [
      ['PATCH', `/api/reports/schedules/${mine.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/reports/schedules/${mine.id}`],
      ['POST', `/api/reports/schedules/${mine.id}/send`],
      ['GET', `/api/reports/schedules/${mine.id}/sends`],
    ] as const) {
      const res = await t.call(method, path, { token: other.token, body })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.json.message).toBe('Scheduled report not found.')
    }
    const theirs = await t.call('POST', '/api/reports/schedules', {
      token: other.token,
      body: schedule({ selection: { kind: 'monitors', monitor_ids: [monitorId] } }),
    })
    expect(theirs.status).toBe(404)
    expect(theirs.json.message).toBe('Monitor not found.')
    expect((await t.call('GET', '/api/reports/schedules', { token: other.token })).json.data.schedules).toEqual([])
    expect((await t.call('GET', '/api/reports/schedules', { token })).json.data.schedules).toHaveLength(1)
  })

  it('sends each period once, with the PDF, however many sweeps run, and lists the sends with their outcome', async () => {
    const { token } = await owner()
    const made = await create(token, { name: 'Ops weekly', recipients: ['ops-weekly@example.com'] })
    const deps = t.deps
    // Before the week ends: nothing.
    expect(await sweepReportSchedules(deps)).toBe(0)
    t.clock.set(MONDAY + 60_000)
    // Two workers at once, then again: one send.
    await Promise.all([sweepReportSchedules(deps), sweepReportSchedules(deps)])
    await sweepReportSchedules(deps)
    await waitFor(() => mailsTo('ops-weekly@example.com').length === 1)
    const mail = mailsTo('ops-weekly@example.com')[0]
    expect(mail?.subject).toBe('Weekly report: Ops weekly (16 Nov 2026 – 22 Nov 2026 (UTC))')
    expect(mail?.text).toContain('Ops weekly: All monitors')
    expect(mail?.text).toContain('http://app.test/reporting?from=2026-11-16T00%3A00%3A00.000Z')
    expect(mail?.attachments).toHaveLength(1)
    expect(mail?.attachments[0]).toMatchObject({
      filename: 'report-2026-11-16-2026-11-22.pdf',
      contentType: 'application/pdf',
    })
    const text = (await pdfText(new Uint8Array(mail?.attachments[0]?.content as Buffer))).join('\n')
    expect(text).toContain('Database')

    const sends = await t.call('GET', `/api/reports/schedules/${made.id}/sends`, { token })
    expect(sends.json.data.sends).toEqual([
      {
        id: expect.any(String),
        schedule_id: made.id,
        from: '2026-11-16T00:00:00.000Z',
        to: '2026-11-23T00:00:00.000Z',
        trigger: 'scheduled',
        status: 'sent',
        error: null,
        created_at: new Date(MONDAY + 60_000).toISOString(),
      },
    ])
    const listed = (await t.call('GET', '/api/reports/schedules', { token })).json.data.schedules[0]
    expect(listed).toMatchObject({ next_send_at: '2026-11-30T00:00:00.000Z', last_send: { status: 'sent' } })
    // The PDF is not kept in the outbox once sent.
    const outbox = await db.database.db
      .selectFrom('deliveries')
      .select('event')
      .where('recipient', '=', 'ops-weekly@example.com')
      .execute()
    expect(outbox).toHaveLength(1)
    expect(outbox[0]?.event).not.toContain('content_base64')
    await t.call('DELETE', `/api/reports/schedules/${made.id}`, { token })
  })

  it('sends the last period now when asked, and records a failure the mail server gave', async () => {
    const { token } = await owner()
    const made = await create(token, { name: 'Monthly', frequency: 'monthly', recipients: ['cto@example.com'] })
    const res = await t.call('POST', `/api/reports/schedules/${made.id}/send`, { token })
    expect(res.status, res.text).toBe(202)
    expect(res.json.data.send).toMatchObject({
      trigger: 'manual',
      from: '2026-10-01T00:00:00.000Z',
      to: '2026-11-01T00:00:00.000Z',
    })
    await waitFor(() => mailsTo('cto@example.com').length === 1)
    expect(mailsTo('cto@example.com')[0]?.subject).toBe('Monthly report: Monthly (1 Oct 2026 – 31 Oct 2026 (UTC))')

    smtp.refuseNext({ at: 'rcpt', code: 550, message: 'No such user here' })
    const refused = await t.call('POST', `/api/reports/schedules/${made.id}/send`, { token })
    expect(refused.status).toBe(202)
    const failed = async () =>
      (await t.call('GET', `/api/reports/schedules/${made.id}/sends`, { token })).json.data.sends[0]
    for (let i = 0; i < 100 && (await failed()).status === 'sending'; i++) await new Promise((r) => setTimeout(r, 20))
    expect(await failed()).toMatchObject({ status: 'failed', error: expect.stringContaining('No such user here') })
  })

  it('sends nothing once the plan has no Reporting, and says so in the send', async () => {
    const { token } = await owner()
    const made = await create(token, { name: 'After the trial', recipients: ['after-trial@example.com'] })
    const basic = await t.call('PUT', '/api/user_subscription', {
      token,
      body: { plan: 'Basic' },
    })
    expect(basic.status, basic.text).toBe(200)
    const row = await db.database.db
      .selectFrom('report_schedules')
      .selectAll()
      .where('schedule_id', '=', made.id)
      .executeTakeFirstOrThrow()
    t.clock.set(Math.max(t.clock.now(), row.next_send_at) + 60_000)
    await sweepReportSchedules(t.deps)
    const sends = await db.database.db
      .selectFrom('report_sends')
      .selectAll()
      .where('schedule_id', '=', made.id)
      .execute()
    expect(sends).toHaveLength(1)
    expect(sends[0]?.error).toMatch(/^The report could not be made: .*Reporting/)
    expect(sends[0]?.delivery_ids).toBe('[]')
    expect(smtp.received.filter((m) => m.to.includes('after-trial@example.com'))).toEqual([])
  })

  it('holds 20 schedules an account, 10 sends now an hour, and drops sends after 90 days', async () => {
    const { token } = await owner()
    const made = []
    for (let i = 0; i < 20; i++)
      made.push(await create(token, { name: `Report ${i}`, recipients: ['limits@example.com'] }))
    const over = await t.call('POST', '/api/reports/schedules', { token, body: schedule() })
    expect(over.status).toBe(409)
    expect(over.json.message).toBe('You can have at most 20 scheduled reports: delete one to add another.')

    const first = made[0]
    for (let i = 0; i < 10; i++)
      expect((await t.call('POST', `/api/reports/schedules/${first.id}/send`, { token })).status).toBe(202)
    const limited = await t.call('POST', `/api/reports/schedules/${first.id}/send`, { token })
    expect(limited.status).toBe(429)
    await waitFor(() => mailsTo('limits@example.com').length === 10)

    const sends = async () =>
      (await t.call('GET', `/api/reports/schedules/${first.id}/sends`, { token })).json.data.sends as unknown[]
    expect(await sends()).toHaveLength(10)
    const kept = () =>
      db.database.db.selectFrom('report_sends').select('send_id').where('schedule_id', '=', first.id).execute()
    t.clock.advance(89 * 86_400_000)
    await pruneHistory(t.deps)
    expect(await kept()).toHaveLength(10)
    t.clock.advance(2 * 86_400_000)
    await pruneHistory(t.deps)
    expect(await kept()).toEqual([])
  })
})
