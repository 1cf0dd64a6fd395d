import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  CLIENT_SECRET,
  createWorld,
  graphIssue,
  type LoopbackAzure,
  loopbackOptions,
  secretCredentials,
  startLoopbackAzure,
  TENANT_ID,
} from '../support/azure/index.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb, testClock } from './harness.ts'

// Microsoft 365 tenants through the API, against a loopback identity platform and Microsoft Graph over HTTPS.

const TODAY = '2026-03-10'
const NOW = Date.parse(`${TODAY}T12:00:00Z`)

describe.each(dialects)('Microsoft 365 tenants on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let az: LoopbackAzure
  beforeAll(async () => {
    db = await openTestDb(dialect)
    az = await startLoopbackAzure(createWorld(TODAY))
    t = buildTestApp(db.database, { clock: testClock(NOW), cloud: { m365: loopbackOptions(az) } })
  })
  afterAll(async () => {
    await t.deps.cloudSync.stop()
    await az.close()
    await db.drop()
  })
  beforeEach(() => {
    Object.assign(az.world, createWorld(TODAY))
  })

  const m365 = () => {
    const tenant = az.world.tenants[0]
    if (!tenant) throw new Error('no tenant')
    return tenant.m365
  }
  const pro = () => t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
  const body = (over: Record<string, unknown> = {}) => ({ name: 'Contoso', ...secretCredentials(), ...over })
  const connect = async (token: string, over: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/microsoft365/accounts', { token, body: body(over) })
    await t.deps.cloudSync.settled()
    return res
  }
  const health = async (token: string, id: string) =>
    (await t.call('GET', `/api/microsoft365/accounts/${id}/health`, { token })).json.data

  it('is a Pro feature: a Basic plan gets 403', async () => {
    const { token } = await t.register()
    for (const [method, path] of [
      ['GET', '/api/microsoft365/accounts'],
      ['POST', '/api/microsoft365/accounts'],
      ['GET', '/api/microsoft365/accounts/x/health'],
    ] as const) {
      const res = await t.call(method, path, { token, body: method === 'POST' ? body() : undefined })
      expect(res.status, path).toBe(403)
      expect(res.json.message).toBe(
        'The Microsoft 365 feature is part of our premium offerings. Please upgrade your plan to unlock it!',
      )
    }
  })

  it('connects a tenant and shows every service’s health; an Exchange incident opens and resolves', async () => {
    const { token } = await pro()
    const res = await connect(token)
    expect(res.status, res.text).toBe(201)
    expect(res.text).not.toContain(CLIENT_SECRET)
    const id = res.json.data.account.id
    expect(res.json.data.account).toMatchObject({ provider: 'm365', name: 'Contoso', tenant_id: TENANT_ID })

    const calm = await health(token, id)
    expect(calm.account).toMatchObject({
      status: 'ok',
      health: { services: 3, not_operational: 0, open_incidents: 0, open_advisories: 0 },
    })
    expect(calm.services.map((s: { name: string }) => s.name)).toEqual([
      'Exchange Online',
      'Microsoft Teams',
      'SharePoint Online',
    ])
    expect(calm.issues).toEqual([])

    const exchange = m365().health.find((h) => h.id === 'Exchange')
    if (!exchange) throw new Error('no Exchange')
    exchange.status = 'serviceDegradation'
    m365().issues.push(
      graphIssue('EX1001'),
      graphIssue('TM2002', { classification: 'advisory', service: 'Microsoft Teams' }),
    )
    await t.call('POST', `/api/microsoft365/accounts/${id}/sync`, { token })
    const troubled = await health(token, id)
    expect(troubled.account.health).toEqual({ services: 3, not_operational: 1, open_incidents: 1, open_advisories: 1 })
    // What is not operational comes first.
    expect(troubled.services[0]).toMatchObject({
      name: 'Exchange Online',
      status: 'serviceDegradation',
      operational: false,
    })
    const incident = troubled.issues.find((i: { id: string }) => i.id === 'EX1001')
    expect(incident).toMatchObject({
      classification: 'incident',
      service: 'Exchange Online',
      impact: 'Users may be unable to send or receive email through Exchange Online.',
      resolved: false,
      start: Date.parse('2026-03-09T21:00:00Z'),
    })
    expect(incident.posts).toEqual([expect.objectContaining({ type: 'regular', contentType: 'html' })])

    exchange.status = 'serviceRestored'
    const open = m365().issues.find((i) => i.id === 'EX1001')
    if (!open) throw new Error('no issue')
    Object.assign(open, { isResolved: true, status: 'serviceRestored', endDateTime: '2026-03-10T11:00:00Z' })
    await t.call('POST', `/api/microsoft365/accounts/${id}/sync`, { token })
    const restored = await health(token, id)
    expect(restored.account.health).toMatchObject({ not_operational: 0, open_incidents: 0 })
    // Open issues first; the resolved one stays listed as resolved.
    expect(restored.issues.map((i: { id: string; resolved: boolean }) => [i.id, i.resolved])).toEqual([
      ['TM2002', false],
      ['EX1001', true],
    ])
  })

  it('refuses an app without ServiceHealth.Read.All, and a wrong secret, keeping nothing', async () => {
    const { token } = await pro()
    const app = az.world.apps[0]
    if (app) app.graphRoles = []
    const missing = await connect(token)
    expect(missing.status).toBe(400)
    expect(missing.json.message).toContain('ServiceHealth.Read.All')
    if (app) app.graphRoles = ['ServiceHealth.Read.All']
    const wrong = await connect(token, { client_secret: 'Wrong~secret.value-000000000000000000' })
    expect(wrong.status).toBe(400)
    expect(wrong.json.errors.client_secret).toContain('AADSTS7000215')
    const bad = await connect(token, { client_id: 'not-a-guid' })
    expect(bad.status).toBe(400)
    expect(bad.json.errors.client_id).toMatch(/GUID/)
    expect((await t.call('GET', '/api/microsoft365/accounts', { token })).json.data.accounts).toEqual([])
  })

  it('renames, re-tests and removes a tenant; another user gets 404 on every route', async () => {
    const owner = await pro()
    const id = (await connect(owner.token)).json.data.account.id
    const other = await pro()
    for (const [method, path] of [
      ['GET', `/api/microsoft365/accounts/${id}`],
      ['PATCH', `/api/microsoft365/accounts/${id}`],
      ['DELETE', `/api/microsoft365/accounts/${id}`],
      ['POST', `/api/microsoft365/accounts/${id}/test`],
      ['POST', `/api/microsoft365/accounts/${id}/sync`],
      ['GET', `/api/microsoft365/accounts/${id}/health`],
    ] as const) {
      const res = await t.call(method, path, {
        token: other.token,
        body: method === 'PATCH' ? { name: 'x' } : undefined,
      })
      expect(res.status, `${method} ${path}`).toBe(404)
    }
    const renamed = await t.call('PATCH', `/api/microsoft365/accounts/${id}`, {
      token: owner.token,
      body: { name: 'Contoso 365' },
    })
    expect(renamed.json.data.account.name).toBe('Contoso 365')
    const tested = await t.call('POST', `/api/microsoft365/accounts/${id}/test`, { token: owner.token })
    expect(tested.json.data).toMatchObject({ ok: true, message: 'Signed in: Microsoft 365 reports on 3 services.' })
    const removed = await t.call('DELETE', `/api/microsoft365/accounts/${id}`, { token: owner.token })
    expect(removed.json.data.message).toBe('Microsoft 365 tenant removed.')
  })
})
