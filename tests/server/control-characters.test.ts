import { isDeepStrictEqual } from 'node:util'
import type { CloudProvider } from '@vigil/domain/cloud-account'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'
import { everyRow, insertCloudAccount } from './support/rows.ts'

// Names and texts are plain text (issue 35, point 7): a control character in any name or text a user types is a 400
// naming the field, and nothing is stored; a U+0001 in an incident message or a page name made the Atom feed invalid,
// a U+0007 in a component's name its badge. Multi-line texts (descriptions, messages, comments) keep tab and line
// breaks.

const SOH = '\u0001'
const BEL = '\u0007'
const MULTI_LINE = 'First line\r\n\tindented\nlast line'

describe.each(dialects)('control characters on input on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database, { config: { allowPrivateTargets: true } })
  })
  afterAll(() => db.drop())
  let pageCount = 0

  /** Every row of every table but the sessions' last use and the rate limits' counts: what a refusal leaves. */
  const snapshot = () => everyRow(t, ['sessions', 'rate_limits'])

  /** A Pro user with one of each thing a name or text belongs to. */
  const world = async () => {
    const { token, user } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const made = async (path: string, body: Record<string, unknown>) => {
      const res = await t.call('POST', path, { token, body })
      expect(res.status, `${path} ${res.text}`).toBe(201)
      return res.json.data
    }
    const cloudAccount = (provider: CloudProvider) => insertCloudAccount(t, user.user_id, provider)
    // A port monitor on a closed loopback port: its first check opens an incident.
    const monitor = (
      await made('/api/monitors', { type: 'port', name: 'Database', host: '127.0.0.1', port: 9, retries: 0 })
    ).monitor
    const check = await t.call('POST', `/api/monitors/${monitor.id}/check`, { token })
    expect(check.status, check.text).toBe(200)
    const incidents = await t.call('GET', `/api/incidents?monitor_id=${monitor.id}`, { token })
    const incident = incidents.json.data.incidents[0].id as string
    const tag = (await made('/api/tags', { name: 'production' })).tag
    const integration = (await made('/api/integrations', { type: 'email', name: 'Ops', email: 'ops@example.com' }))
      .integration
    const page = (
      await made('/api/status_pages', {
        name: 'Acme',
        slug: `acme-${++pageCount}`,
        components: [{ monitor_id: monitor.id, display_name: 'Database' }],
      })
    ).status_page
    const posted = (await made(`/api/status_pages/${page.id}/incidents`, { title: 'Slow', message: 'Looking.' }))
      .incident
    const schedule = (
      await made('/api/reports/schedules', {
        name: 'Weekly',
        frequency: 'weekly',
        recipients: ['team@example.com'],
        selection: { kind: 'all' },
        time_zone: 'UTC',
      })
    ).schedule
    const ticket = (
      await made('/api/support/tickets', {
        subject: 'Checks are late',
        category: 'monitoring',
        message: 'My checks run a minute late since Monday.',
      })
    ).ticket
    return {
      token,
      monitor,
      incident,
      tag,
      integration,
      page,
      posted,
      schedule,
      ticket,
      aws: await cloudAccount('aws'),
      azure: await cloudAccount('azure'),
      m365: await cloudAccount('m365'),
    }
  }

  it('refuses a control character in every name and text with a 400 naming the field, and stores nothing', async () => {
    const w = await world()
    const component = (display_name: string, group = '') => [{ monitor_id: w.monitor.id, display_name, group }]
    const awsKeys = {
      auth: 'keys',
      access_key_id: 'AKIAIOSFODNN7EXAMPLE',
      secret_access_key: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    }
    const appSignIn = {
      auth: 'secret',
      tenant_id: '72f988bf-86f1-41af-91ab-2d7cd011db47',
      client_id: '00001111-aaaa-2222-bbbb-3333cccc4444',
      client_secret: 'Q8x~loopback.Secret_value-1234567890abcdef',
    }
    const pages = `/api/status_pages/${w.page.id}`
    // [method, path, body, the message]; the path is tried signed in, but for registration.
    const cases: [string, string, Record<string, unknown>, string][] = [
      [
        'POST',
        '/api/auth/register',
        { name: `Ann${SOH}`, email: 'ann@example.com', password: 'correct horse', plan: 'Basic' },
        'Name cannot contain control characters.',
      ],
      ['PATCH', '/api/profile', { name: `Ann${SOH}` }, 'Name cannot contain control characters.'],
      [
        'POST',
        '/api/monitors',
        { type: 'port', name: `Cache${SOH}`, host: '127.0.0.1', port: 9 },
        'Name cannot contain control characters.',
      ],
      ['PATCH', `/api/monitors/${w.monitor.id}`, { name: `Cache${SOH}` }, 'Name cannot contain control characters.'],
      [
        'POST',
        '/api/monitors',
        {
          type: 'microsoft365',
          name: 'Mail',
          account_id: w.m365,
          service_id: 'Exchange',
          service_name: `Exchange${SOH}`,
        },
        'Service name cannot contain control characters.',
      ],
      ['POST', '/api/tags', { name: `prod${SOH}` }, 'A tag name cannot contain control characters.'],
      ['PATCH', `/api/tags/${w.tag.id}`, { name: `prod${SOH}` }, 'A tag name cannot contain control characters.'],
      [
        'POST',
        '/api/integrations',
        { type: 'email', name: `Ops${SOH}`, email: 'ops@example.com' },
        'Name cannot contain control characters.',
      ],
      [
        'PATCH',
        `/api/integrations/${w.integration.id}`,
        { name: `Ops${SOH}` },
        'Name cannot contain control characters.',
      ],
      [
        'POST',
        '/api/status_pages',
        { name: `Acme${SOH}`, slug: 'acme-soh' },
        'Name cannot contain control characters.',
      ],
      [
        'POST',
        '/api/status_pages',
        { name: 'Acme', slug: 'acme-soh', description: `All${SOH}good` },
        'Description cannot contain control characters.',
      ],
      [
        'POST',
        '/api/status_pages',
        { name: 'Acme', slug: 'acme-bel', components: component(`Database${BEL}`) },
        'Public name cannot contain control characters.',
      ],
      [
        'POST',
        '/api/status_pages',
        { name: 'Acme', slug: 'acme-soh', components: component('Database', `Core${SOH}`) },
        'Group cannot contain control characters.',
      ],
      ['PATCH', pages, { name: `Acme${SOH}` }, 'Name cannot contain control characters.'],
      ['PATCH', pages, { description: `All${SOH}good` }, 'Description cannot contain control characters.'],
      ['PATCH', pages, { components: component(`Database${BEL}`) }, 'Public name cannot contain control characters.'],
      [
        'POST',
        `${pages}/incidents`,
        { title: `Slow${SOH}`, message: 'Looking.' },
        'Title cannot contain control characters.',
      ],
      [
        'POST',
        `${pages}/incidents`,
        { title: 'Slow', message: `Looking${SOH}.` },
        'Message cannot contain control characters.',
      ],
      [
        'POST',
        `${pages}/incidents/${w.posted.id}/updates`,
        { status: 'identified', message: `Found${SOH}.` },
        'Message cannot contain control characters.',
      ],
      [
        'POST',
        `${pages}/maintenance`,
        { title: `Upgrade${SOH}`, starts_at: '2026-12-01T22:00:00Z', ends_at: '2026-12-01T23:00:00Z' },
        'Title cannot contain control characters.',
      ],
      [
        'POST',
        `${pages}/maintenance`,
        {
          title: 'Upgrade',
          description: `Down${SOH}time`,
          starts_at: '2026-12-01T22:00:00Z',
          ends_at: '2026-12-01T23:00:00Z',
        },
        'Description cannot contain control characters.',
      ],
      [
        'POST',
        '/api/reports/schedules',
        {
          name: `Weekly${SOH}`,
          frequency: 'weekly',
          recipients: ['team@example.com'],
          selection: { kind: 'all' },
          time_zone: 'UTC',
        },
        'Name cannot contain control characters.',
      ],
      [
        'PATCH',
        `/api/reports/schedules/${w.schedule.id}`,
        { name: `Weekly${SOH}` },
        'Name cannot contain control characters.',
      ],
      [
        'POST',
        '/api/support/tickets',
        { subject: `Checks${SOH} are late`, category: 'monitoring', message: 'My checks run a minute late.' },
        'Subject cannot contain control characters.',
      ],
      [
        'POST',
        '/api/support/tickets',
        { subject: 'Checks are late', category: 'monitoring', message: `My checks run${SOH} a minute late.` },
        'Message cannot contain control characters.',
      ],
      [
        'POST',
        `/api/support/tickets/${w.ticket.id}/messages`,
        { message: `Still${SOH} late.` },
        'Message cannot contain control characters.',
      ],
      [
        'POST',
        `/api/incidents/${w.incident}/comments`,
        { body: `Restarted${SOH}.` },
        'A comment cannot contain control characters.',
      ],
      ['POST', '/api/aws/accounts', { name: `Prod${SOH}`, ...awsKeys }, 'Name cannot contain control characters.'],
      ['PATCH', `/api/aws/accounts/${w.aws}`, { name: `Prod${SOH}` }, 'Name cannot contain control characters.'],
      [
        'POST',
        '/api/azure/accounts',
        { name: `Contoso${SOH}`, ...appSignIn },
        'Name cannot contain control characters.',
      ],
      ['PATCH', `/api/azure/accounts/${w.azure}`, { name: `Contoso${SOH}` }, 'Name cannot contain control characters.'],
      [
        'POST',
        '/api/microsoft365/accounts',
        { name: `Contoso${SOH}`, ...appSignIn },
        'Name cannot contain control characters.',
      ],
      [
        'PATCH',
        `/api/microsoft365/accounts/${w.m365}`,
        { name: `Contoso${SOH}` },
        'Name cannot contain control characters.',
      ],
      // A one-line name takes no line break or tab either.
      ['PATCH', `/api/monitors/${w.monitor.id}`, { name: 'Ca\tche' }, 'Name cannot contain control characters.'],
      ['PATCH', pages, { name: 'Ac\nme' }, 'Name cannot contain control characters.'],
      // DEL and C1 controls, lone surrogates and U+FFFF too.
      ['PATCH', `/api/tags/${w.tag.id}`, { name: 'prod\u007f' }, 'A tag name cannot contain control characters.'],
      ['PATCH', pages, { description: 'All\u0085good' }, 'Description cannot contain control characters.'],
      ['PATCH', pages, { name: 'Acme \uD83D' }, 'Name cannot contain control characters.'],
      ['PATCH', '/api/profile', { name: 'Ann\uFFFF' }, 'Name cannot contain control characters.'],
    ]

    const answers: unknown[] = []
    for (const [method, path, body, message] of cases) {
      const before = await snapshot()
      // A write would stamp a new time.
      t.clock.advance(60_000)
      const res = await t.call(method, path, { token: path === '/api/auth/register' ? undefined : w.token, body })
      const after = await snapshot()
      answers.push({
        method,
        path,
        body,
        status: res.status,
        message: res.json?.message,
        changed: Object.keys(after).filter((table) => !isDeepStrictEqual(after[table], before[table])),
      })
      expect(message).toMatch(/ cannot contain control characters\.$/)
    }
    expect(answers).toEqual(
      cases.map(([method, path, body, message]) => ({ method, path, body, status: 400, message, changed: [] })),
    )
  })

  it('keeps tab and line breaks in multi-line texts', async () => {
    const w = await world()
    const pages = `/api/status_pages/${w.page.id}`
    const ok = async (method: string, path: string, body: Record<string, unknown>) => {
      const res = await t.call(method, path, { token: w.token, body })
      expect(res.status, `${method} ${path} ${res.text}`).toBeLessThan(300)
      return res.json.data
    }
    expect((await ok('PATCH', pages, { description: MULTI_LINE })).status_page.description).toBe(MULTI_LINE)
    const posted = (await ok('POST', `${pages}/incidents`, { title: 'Slow', message: `${MULTI_LINE} (posted)` }))
      .incident
    expect(posted.updates[0].message).toBe(`${MULTI_LINE} (posted)`)
    const updated = await ok('POST', `${pages}/incidents/${posted.id}/updates`, {
      status: 'identified',
      message: `${MULTI_LINE} (update)`,
    })
    expect(JSON.stringify(updated)).toContain(JSON.stringify(`${MULTI_LINE} (update)`))
    const maintenance = (
      await ok('POST', `${pages}/maintenance`, {
        title: 'Upgrade',
        description: `${MULTI_LINE} (maintenance)`,
        starts_at: '2026-12-01T22:00:00Z',
        ends_at: '2026-12-01T23:00:00Z',
      })
    ).maintenance
    expect(maintenance.description).toBe(`${MULTI_LINE} (maintenance)`)
    const ticket = await ok('POST', '/api/support/tickets', {
      subject: 'Checks are late',
      category: 'monitoring',
      message: `${MULTI_LINE} (ticket)`,
    })
    const reply = await ok('POST', `/api/support/tickets/${ticket.ticket.id}/messages`, {
      message: `${MULTI_LINE} (reply)`,
    })
    const comment = await ok('POST', `/api/incidents/${w.incident}/comments`, { body: `${MULTI_LINE} (comment)` })

    // As stored: read back through the API.
    const thread = await t.call('GET', `/api/support/tickets/${ticket.ticket.id}`, { token: w.token })
    const texts = JSON.stringify(thread.json.data)
    expect(texts).toContain(JSON.stringify(`${MULTI_LINE} (ticket)`))
    expect(texts).toContain(JSON.stringify(`${MULTI_LINE} (reply)`))
    expect(JSON.stringify(reply)).toContain(JSON.stringify(`${MULTI_LINE} (reply)`))
    const detail = await t.call('GET', `/api/incidents/${w.incident}`, { token: w.token })
    expect(JSON.stringify(detail.json.data)).toContain(JSON.stringify(`${MULTI_LINE} (comment)`))
    expect(JSON.stringify(comment)).toContain(JSON.stringify(`${MULTI_LINE} (comment)`))
  })
})
