import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  CLIENT_ID,
  CLIENT_SECRET,
  createWorld,
  type LoopbackAzure,
  loopbackOptions,
  OTHER_SUBSCRIPTION_ID,
  SUBSCRIPTION_ID,
  secretCredentials,
  startLoopbackAzure,
  TENANT_ID,
} from '../support/azure/index.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb, testClock } from './harness.ts'

// Azure accounts through the API, against a loopback Azure (identity platform, Resource Manager with Resource
// Health and Cost Management) over HTTPS; the official clients find it through their own settings.

const TODAY = '2026-06-15'
const NOW = Date.parse(`${TODAY}T12:00:00Z`)

describe.each(dialects)('Azure accounts on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let az: LoopbackAzure
  beforeAll(async () => {
    db = await openTestDb(dialect)
    az = await startLoopbackAzure(createWorld(TODAY))
    t = buildTestApp(db.database, { clock: testClock(NOW), cloud: { azure: loopbackOptions(az) } })
  })
  afterAll(async () => {
    await t.deps.cloudSync.stop()
    await az.close()
    await db.drop()
  })
  beforeEach(() => {
    Object.assign(az.world, createWorld(TODAY))
  })

  const pro = () => t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
  const body = (over: Record<string, unknown> = {}) => ({ name: 'Contoso', ...secretCredentials(), ...over })
  const connect = async (token: string, over: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/azure/accounts', { token, body: body(over) })
    await t.deps.cloudSync.settled()
    return res
  }
  const page = (token: string, id: string, name: string) =>
    t.call('GET', `/api/azure/accounts/${id}/${name}`, { token })

  it('is a Pro feature: a Basic plan gets 403 on every route', async () => {
    const { token } = await t.register()
    for (const [method, path] of [
      ['GET', '/api/azure/accounts'],
      ['POST', '/api/azure/accounts'],
      ['GET', '/api/azure/accounts/x/services'],
      ['GET', '/api/azure/accounts/x/services/Storage'],
    ] as const) {
      const res = await t.call(method, path, { token, body: method === 'POST' ? body() : undefined })
      expect(res.status, path).toBe(403)
      expect(res.json.message).toBe(
        'The Azure Monitoring feature is part of our premium offerings. Please upgrade your plan to unlock it!',
      )
    }
  })

  it('connects an app registration: the subscriptions it reads found, the account read and its four pages filled', async () => {
    const { token } = await pro()
    const res = await connect(token)
    expect(res.status, res.text).toBe(201)
    expect(res.text).not.toContain(CLIENT_SECRET)
    const account = res.json.data.account
    expect(account).toMatchObject({
      provider: 'azure',
      name: 'Contoso',
      auth: 'secret',
      tenant_id: TENANT_ID,
      client_id: CLIENT_ID,
      status: 'pending',
      subscriptions: [
        { id: SUBSCRIPTION_ID, name: 'Production', state: 'Enabled' },
        { id: OTHER_SUBSCRIPTION_ID, name: 'Development', state: 'Enabled' },
      ],
    })

    const read = (await t.call('GET', `/api/azure/accounts/${account.id}`, { token })).json.data.account
    expect(read.status, read.last_error).toBe('ok')
    expect(read.failed_parts).toBe(0)
    expect(read.resources.total).toBeGreaterThanOrEqual(5)
    expect(read.cost_this_month).toMatchObject({ currency: 'EUR' })

    const services = (await page(token, account.id, 'services')).json.data
    const names = services.services.map((s: { service: string }) => s.service)
    expect(names).toEqual(expect.arrayContaining(['App Service', 'SQL Database', 'Storage', 'App Service plan']))
    expect(services.services.find((s: { service: string }) => s.service === 'App Service')).toMatchObject({
      total: 1,
      available: 1,
      unavailable: 0,
      degraded: 0,
    })
    // A type Resource Health does not cover counts as unknown.
    expect(services.services.find((s: { service: string }) => s.service === 'App Service plan')).toMatchObject({
      unknown: 1,
    })

    const sql = await t.call(
      'GET',
      `/api/azure/accounts/${account.id}/services/${encodeURIComponent('SQL Database')}`,
      {
        token,
      },
    )
    expect(sql.status, sql.text).toBe(200)
    expect(sql.json.data.resources).toEqual([
      expect.objectContaining({
        name: 'shop-sql/shop-db',
        resourceGroup: 'web-prod',
        location: 'westeurope',
        sku: { name: 'S0', tier: 'Standard', capacity: 10 },
        tags: { env: 'prod' },
        subscriptionId: SUBSCRIPTION_ID,
        availability: expect.objectContaining({ state: 'Available', summary: 'There are no known problems.' }),
      }),
    ])

    const billing = (await page(token, account.id, 'billing-summary')).json.data
    expect(billing.read_every_hours).toBe(6)
    const production = billing.subscriptions.find((s: { id: string }) => s.id === SUBSCRIPTION_ID)
    expect(production.read_at).toBe(new Date(NOW).toISOString())
    // 15 days of 2.5 + 1.25 + 0.1.
    expect(production.costs.monthToDate.total).toBeCloseTo(15 * 3.85, 5)
    expect(production.costs.monthToDate.byResourceGroup.map((g: { name: string }) => g.name)).toEqual([
      'web-prod',
      'shared',
    ])
    expect(production.costs.monthToDate.daily).toHaveLength(15)

    const details = (await page(token, account.id, 'subscription-details')).json.data
    expect(
      details.subscriptions.find((s: { subscriptionId: string }) => s.subscriptionId === SUBSCRIPTION_ID),
    ).toMatchObject({
      name: 'Production',
      state: 'Enabled',
      tenantId: TENANT_ID,
      offer: 'Pay-As-You-Go',
      spendingLimit: 'Off',
      resourceGroupCount: 2,
      locations: ['northeurope', 'westeurope'],
      tags: { owner: 'ops' },
    })
  })

  it('refuses a wrong secret with the identity platform’s reason, on the secret, and keeps nothing', async () => {
    const { token } = await pro()
    const res = await connect(token, { client_secret: 'Wrong~secret.value-000000000000000000' })
    expect(res.status).toBe(400)
    expect(res.json.errors.client_secret).toBe(res.json.message)
    expect(res.json.message).toContain('AADSTS7000215')
    expect(res.text).not.toContain('Wrong~secret')
    expect((await t.call('GET', '/api/azure/accounts', { token })).json.data.accounts).toEqual([])
  })

  it('refuses bad input with a message per field', async () => {
    const { token } = await pro()
    const missing = await connect(token, { tenant_id: undefined })
    expect(missing.status).toBe(400)
    expect(missing.json.errors.tenant_id).toBe('Tenant id is required.')
    const secretId = await connect(token, { client_secret: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d' })
    expect(secretId.status).toBe(400)
    expect(secretId.json.errors.client_secret).toMatch(/secret's ID/)
    const notJson = await t.call('POST', '/api/azure/accounts', { token, body: '[1]' })
    expect(notJson.status).toBe(400)
  })

  it('watches only the chosen subscriptions, and refuses one the app cannot read', async () => {
    const { token } = await pro()
    const unknown = '0f0e0d0c-0b0a-4909-8807-060504030201'
    const refused = await connect(token, { subscription_ids: [unknown] })
    expect(refused.status).toBe(400)
    expect(refused.json.errors.subscription_ids).toContain(unknown)
    // It names the subscriptions the app can read.
    expect(refused.json.message).toContain(`Production (${SUBSCRIPTION_ID})`)

    const res = await connect(token, { subscription_ids: [SUBSCRIPTION_ID.toUpperCase()] })
    expect(res.status, res.text).toBe(201)
    expect(res.json.data.account.subscriptions.map((s: { id: string }) => s.id)).toEqual([SUBSCRIPTION_ID])
    const details = (await page(token, res.json.data.account.id, 'subscription-details')).json.data
    expect(details.subscriptions.map((s: { subscriptionId: string }) => s.subscriptionId)).toEqual([SUBSCRIPTION_ID])
  })

  it('shows a resource going unavailable and back on the next reads', async () => {
    const { token } = await pro()
    const id = (await connect(token, { subscription_ids: [SUBSCRIPTION_ID] })).json.data.account.id
    const web = az.world.subscriptions[0]?.resources.find((r) => r.name === 'shop-web')
    if (!web?.health) throw new Error('the world has no shop-web')
    web.health = { state: 'Unavailable', summary: 'The app is not responding.', since: '2026-06-15T11:58:00Z' }
    await t.call('POST', `/api/azure/accounts/${id}/sync`, { token })
    const down = (await page(token, id, 'services')).json.data
    expect(down.account.resources).toMatchObject({ unavailable: 1 })
    // The most troubled service comes first.
    expect(down.services[0]).toMatchObject({ service: 'App Service', unavailable: 1 })
    const app = (await t.call('GET', `/api/azure/accounts/${id}/services/App%20Service`, { token })).json.data
    expect(app.resources[0].availability).toEqual({
      state: 'Unavailable',
      summary: 'The app is not responding.',
      since: Date.parse('2026-06-15T11:58:00Z'),
    })

    web.health = { state: 'Available', summary: 'There are no known problems.', since: '2026-06-15T12:05:00Z' }
    await t.call('POST', `/api/azure/accounts/${id}/sync`, { token })
    expect((await page(token, id, 'services')).json.data.account.resources).toMatchObject({ unavailable: 0 })
  })

  it('keeps what a refused part read before, and names the role to grant', async () => {
    const { token } = await pro()
    const id = (await connect(token, { subscription_ids: [SUBSCRIPTION_ID] })).json.data.account.id
    az.world.apps[0]?.deniedActions.push('Microsoft.Resources/subscriptions/resources/read')
    await t.call('POST', `/api/azure/accounts/${id}/sync`, { token })
    const services = (await page(token, id, 'services')).json.data
    expect(services.account.status).toBe('partial')
    const resources = services.parts.find((p: { area: string }) => p.area === 'resources')
    expect(resources).toMatchObject({
      ok: false,
      kind: 'denied',
      action: 'Reader',
      read_at: new Date(NOW).toISOString(),
    })
    expect(resources.message).toContain('assign the app the Reader role')
    expect(services.services.length).toBeGreaterThan(0)
  })

  it('changes the name and subscriptions, re-tests, and removes an account', async () => {
    const { token } = await pro()
    const id = (await connect(token)).json.data.account.id
    const renamed = await t.call('PATCH', `/api/azure/accounts/${id}`, {
      token,
      body: { name: 'Contoso prod', subscription_ids: [SUBSCRIPTION_ID] },
    })
    expect(renamed.status, renamed.text).toBe(200)
    expect(renamed.json.data.account).toMatchObject({ name: 'Contoso prod', subscriptions: [{ id: SUBSCRIPTION_ID }] })
    const refused = await t.call('PATCH', `/api/azure/accounts/${id}`, { token, body: { tenant_id: TENANT_ID } })
    expect(refused.status).toBe(400)

    const tested = await t.call('POST', `/api/azure/accounts/${id}/test`, { token })
    expect(tested.json.data).toMatchObject({ ok: true, message: 'Signed in: the app can read 2 subscriptions.' })
    az.world.apps[0]?.expiredSecrets.push(...(az.world.apps[0]?.secrets.splice(0) ?? []))
    const expired = await t.call('POST', `/api/azure/accounts/${id}/test`, { token })
    expect(expired.json.data.ok).toBe(false)
    expect(expired.json.data.account).toMatchObject({ status: 'error' })
    expect(expired.json.data.message).toContain('AADSTS7000222')

    const removed = await t.call('DELETE', `/api/azure/accounts/${id}`, { token })
    expect(removed.json.data.message).toBe('Azure account removed.')
    expect((await t.call('GET', `/api/azure/accounts/${id}`, { token })).status).toBe(404)
  })

  it("answers 404 for another user's account on every route, and changes nothing", async () => {
    const owner = await pro()
    const id = (await connect(owner.token)).json.data.account.id
    const other = await pro()
    for (const [method, path] of [
      ['GET', `/api/azure/accounts/${id}`],
      ['PATCH', `/api/azure/accounts/${id}`],
      ['DELETE', `/api/azure/accounts/${id}`],
      ['POST', `/api/azure/accounts/${id}/test`],
      ['POST', `/api/azure/accounts/${id}/sync`],
      ['GET', `/api/azure/accounts/${id}/services`],
      ['GET', `/api/azure/accounts/${id}/services/Storage`],
      ['GET', `/api/azure/accounts/${id}/billing-summary`],
      ['GET', `/api/azure/accounts/${id}/subscription-details`],
    ] as const) {
      const res = await t.call(method, path, {
        token: other.token,
        body: method === 'PATCH' ? { name: 'x' } : undefined,
      })
      expect(res.status, `${method} ${path}`).toBe(404)
    }
    expect((await t.call('GET', '/api/azure/accounts', { token: other.token })).json.data.accounts).toEqual([])
    expect((await t.call('GET', `/api/azure/accounts/${id}`, { token: owner.token })).json.data.account.name).toBe(
      'Contoso',
    )
  })
})
