import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validateMonitor } from '@vigil/domain/monitor.schema'
import { newMonitorRecord, toRow } from '../../../src/server/db/repos/monitor-record.ts'
import { startServer } from '../../e2e/server.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from '../harness.ts'

// A report of 1,000 chosen monitors (the most a report takes): its ids do not fit in an address (Node reads at most
// 16 KB of request line and headers), so the same query goes as POST /api/reports with a JSON body; an address that
// is too long anyway is answered by the server as JSON with a message, not with an empty 431.

const PERIOD = { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z', tz: 'UTC' }

const insertMonitors = async (db: TestDb, userId: string, count: number) => {
  const rows = Array.from({ length: count }, (_, i) => {
    const input = validateMonitor({
      type: 'web',
      name: `Site ${String(i).padStart(4, '0')}`,
      url: `https://s${i}.example.test/`,
    })
    if (!input.success) throw new Error('the monitor is valid')
    return toRow(newMonitorRecord(userId, input.output, Date.parse('2026-10-01T00:00:00Z') + i))
  })
  for (let i = 0; i < rows.length; i += 200)
    await db.database.db
      .insertInto('monitors')
      .values(rows.slice(i, i + 200))
      .execute()
  return rows.map((r) => r.monitor_id)
}

describe.each(dialects)('a report of 1,000 chosen monitors on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let token: string
  let ids: string[]

  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database)
    t.clock.set(Date.parse('2026-11-03T00:00:00Z'))
    const account = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    token = account.token
    ids = await insertMonitors(db, account.user.user_id, 1000)
  }, 60_000)
  afterAll(() => db.drop())

  it('answers POST /api/reports with the query as a JSON body, the ids as a list or as text', async () => {
    const asList = await t.call('POST', '/api/reports', { token, body: { monitor_ids: ids, ...PERIOD } })
    expect(asList.status, asList.text).toBe(200)
    expect(asList.json.data.title).toBe('1000 monitors')
    expect(asList.json.data.monitors).toHaveLength(1000)
    expect(new Set(asList.json.data.monitors.map((m: { id: string }) => m.id))).toEqual(new Set(ids))

    const asText = await t.call('POST', '/api/reports', { token, body: { monitor_ids: ids.join(','), ...PERIOD } })
    expect(asText.status, asText.text).toBe(200)
    expect(asText.json.data.monitors).toHaveLength(1000)

    // The same numbers as the address asks them (app.request has no limit on the address).
    const get = await t.call('GET', `/api/reports?${new URLSearchParams({ monitor_ids: ids.join(','), ...PERIOD })}`, {
      token,
    })
    expect(get.json.data.monitors).toEqual(asList.json.data.monitors)
  })

  it('gives the CSV and the PDF of a POST as attachments', async () => {
    const csv = await t.call('POST', '/api/reports', { token, body: { monitor_ids: ids, ...PERIOD, format: 'csv' } })
    expect(csv.status, csv.text.slice(0, 200)).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="report-2026-11-01-2026-11-01.csv"')
    expect(csv.text.trimEnd().split('\r\n')).toHaveLength(1 + 1000 + 1)
    const pdf = await t.app.request('/api/reports', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ monitor_ids: ids.slice(0, 3), ...PERIOD, format: 'pdf' }),
    })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
  })

  it('refuses a bad body as the query is refused: a message for each, and another user’s ids are not found', async () => {
    const bad: [unknown, number, string][] = [
      [{ monitor_ids: [...ids, 'one-more'], ...PERIOD }, 400, 'A report covers at most 1000 chosen monitors.'],
      [{ monitor_ids: [], ...PERIOD }, 400, 'Choose at least one monitor in monitor_ids.'],
      [{ monitor_ids: [1, 2], ...PERIOD }, 400, 'monitor_ids must be a list of monitor ids or text.'],
      [{ monitor_ids: ids.slice(0, 2), type: 'web' }, 400, 'Choose one of monitor_ids, type and status_page_id.'],
      [{ ...PERIOD, format: 'docx' }, 400, 'Format must be json, csv or pdf.'],
    ]
    for (const [body, status, message] of bad) {
      const res = await t.call('POST', '/api/reports', { token, body })
      expect(res.status, res.text).toBe(status)
      expect(res.json.message).toBe(message)
    }
    const array = await t.call('POST', '/api/reports', { token, body: '[]' })
    expect(array.status).toBe(400)
    const form = await t.call('POST', '/api/reports', {
      token,
      body: 'monitor_ids=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
    const other = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const theirs = await t.call('POST', '/api/reports', { token: other.token, body: { monitor_ids: ids.slice(0, 5) } })
    expect(theirs.status).toBe(404)
  })
})

describe('an address longer than the server reads', () => {
  let db: TestDb
  let server: Awaited<ReturnType<typeof startServer>>
  let token: string
  let ids: string[]

  beforeAll(async () => {
    db = await openTestDb('sqlite')
    server = await startServer(db)
    const account = await server.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    token = account.token
    ids = await insertMonitors(db, account.user.user_id, 1000)
  }, 60_000)
  afterAll(async () => {
    await server.close()
    await db.drop()
  })

  const headers = () => ({ authorization: `Bearer ${token}` })

  it('answers 414 with a JSON message for a report asked by an address of 1,000 ids', async () => {
    const query = new URLSearchParams({ monitor_ids: ids.join(','), ...PERIOD })
    const res = await fetch(`${server.baseUrl}/api/reports?${query}`, { headers: headers() })
    expect(res.status).toBe(414)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual({
      message: expect.stringContaining('POST /api/reports'),
    })
  })

  it('answers 431 with a JSON message for headers that are too large, and goes on serving', async () => {
    const res = await fetch(`${server.baseUrl}/api/health`, {
      headers: { ...headers(), 'x-padding': 'x'.repeat(20_000) },
    })
    expect(res.status).toBe(431)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect((await res.json()).message).toMatch(/headers/)
    const after = await fetch(`${server.baseUrl}/api/health`)
    expect(after.status).toBe(200)
  })

  it('takes the same 1,000 ids by POST from the listening server', async () => {
    const res = await fetch(`${server.baseUrl}/api/reports`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ monitor_ids: ids, ...PERIOD }),
    })
    expect(res.status).toBe(200)
    expect((await res.json()).data.monitors).toHaveLength(1000)
  })
})
