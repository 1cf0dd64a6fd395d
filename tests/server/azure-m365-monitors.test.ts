import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { resourceId } from '../support/azure/arm-server.ts'
import {
  createWorld,
  graphIssue,
  type LoopbackAzure,
  loopbackOptions,
  SUBSCRIPTION_ID,
  secretCredentials,
  startLoopbackAzure,
} from '../support/azure/index.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestClock, type TestDb, testClock } from './harness.ts'

// Azure and Microsoft 365 monitors on the engine: an Azure resource held to Resource Health's availability, a
// subscription's cost to a budget, a Microsoft 365 service down while an incident keeps it from being operational
// (an advisory is a notification, not an outage). Judged on what the accounts' syncs read from a loopback Azure and
// Graph; going down and up opens and closes an incident, rings the bell and queues the alert on the channels.

const TODAY = '2026-03-10'
const NOW = Date.parse(`${TODAY}T12:00:00Z`)

describe.each(dialects)('Azure and Microsoft 365 monitors on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let az: LoopbackAzure
  let clock: TestClock
  beforeAll(async () => {
    db = await openTestDb(dialect)
    az = await startLoopbackAzure(createWorld(TODAY))
    const options = loopbackOptions(az)
    clock = testClock(NOW)
    t = buildTestApp(db.database, {
      clock,
      config: { allowPrivateTargets: true },
      cloud: { azure: options, m365: options },
    })
  })
  afterAll(async () => {
    await t.deps.cloudSync.stop()
    await az.close()
    await db.drop()
  })
  beforeEach(() => {
    Object.assign(az.world, createWorld(TODAY))
  })

  const subscription = () => {
    const found = az.world.subscriptions.find((s) => s.subscriptionId === SUBSCRIPTION_ID)
    if (!found) throw new Error('no subscription')
    return found
  }
  const shopWeb = () => {
    const found = subscription().resources.find((r) => r.name === 'shop-web')
    if (!found) throw new Error('no shop-web')
    return found
  }
  const m365 = () => {
    const tenant = az.world.tenants[0]
    if (!tenant) throw new Error('no tenant')
    return tenant.m365
  }

  /** A Pro user with a read account of the provider and a webhook channel. */
  const customer = async (api: 'azure' | 'microsoft365') => {
    const { token } = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const body = { name: 'Contoso', ...secretCredentials() }
    const res = await t.call('POST', `/api/${api}/accounts`, { token, body })
    expect(res.status, res.text).toBe(201)
    await t.deps.cloudSync.settled()
    const hook = await t.call('POST', '/api/integrations', {
      token,
      body: { type: 'webhook', name: 'Pager', url: 'http://127.0.0.1:9/hook' },
    })
    expect(hook.status, hook.text).toBe(201)
    return { token, accountId: res.json.data.account.id as string, hookId: hook.json.data.integration.id as string }
  }
  const create = (token: string, body: Record<string, unknown>) =>
    t.call('POST', '/api/monitors', { token, body: { interval_seconds: 300, retries: 0, ...body } })
  const check = (token: string, id: string) => t.call('POST', `/api/monitors/${id}/check`, { token })
  const sync = async (token: string, api: string, accountId: string) => {
    expect((await t.call('POST', `/api/${api}/accounts/${accountId}/sync`, { token })).status).toBe(200)
  }
  const bell = async (token: string, id: string) =>
    (await t.call('GET', '/api/user_notification?limit=100', { token })).json.data.notificationList.filter(
      (n: { target_id: string | null }) => n.target_id === id,
    )
  const deliveries = async (token: string, hookId: string) =>
    (await t.call('GET', `/api/integrations/${hookId}/deliveries`, { token })).json.data.deliveries.map(
      (d: { kind: string }) => d.kind,
    )

  it('Azure: a resource going unavailable is down with the bell, an alert and an incident; up again when available', async () => {
    const { token, accountId, hookId } = await customer('azure')
    const id = resourceId(SUBSCRIPTION_ID, shopWeb())
    const made = await create(token, {
      type: 'azure',
      name: 'Shop',
      account_id: accountId,
      // Any spelling of the id: Azure's are case-insensitive.
      rule: { kind: 'availability', resource_id: id.toUpperCase() },
    })
    expect(made.status, made.text).toBe(201)
    const monitor = made.json.data.monitor
    expect(monitor).toMatchObject({
      type: 'azure',
      account_id: accountId,
      rule: { kind: 'availability', resource_id: id.toLowerCase(), degraded_is_down: true },
    })
    const up = await check(token, monitor.id)
    expect(up.json.data.result).toMatchObject({
      ok: true,
      status: 'up',
      message: 'shop-web (App Service) is available.',
    })
    expect(up.json.data.result.detail).toMatchObject({ kind: 'availability', resource: { name: 'shop-web' } })

    shopWeb().health = { state: 'Unavailable', summary: 'The app is stopped.', since: '2026-03-10T11:50:00Z' }
    await sync(token, 'azure', accountId)
    const down = await check(token, monitor.id)
    expect(down.json.data.result).toMatchObject({
      ok: false,
      message: 'shop-web (App Service) is unavailable: The app is stopped.',
    })
    expect(down.json.data.monitor.status).toBe('down')
    const [alert] = await bell(token, monitor.id)
    expect(alert).toMatchObject({ notification_type: 'azure', notification_title: 'Shop is down' })
    expect(await deliveries(token, hookId)).toContain('down')
    const incidents = (await t.call('GET', `/api/incidents?monitor_id=${monitor.id}`, { token })).json.data
    expect(incidents.incidents[0]).toMatchObject({ resolved_at: null })

    shopWeb().health = { state: 'Available', summary: 'There are no known problems.', since: '2026-03-10T12:00:00Z' }
    await sync(token, 'azure', accountId)
    expect((await check(token, monitor.id)).json.data.monitor.status).toBe('up')
    const closed = (await t.call('GET', `/api/incidents?monitor_id=${monitor.id}`, { token })).json.data
    expect(closed.incidents[0].resolved_at).not.toBeNull()
    expect((await bell(token, monitor.id)).map((n: { notification_title: string }) => n.notification_title)).toEqual([
      'Shop is back up',
      'Shop is down',
    ])
  })

  it('Azure: degraded is down unless told otherwise; a resource gone or not covered by Resource Health says so', async () => {
    const { token, accountId } = await customer('azure')
    shopWeb().health = { state: 'Degraded', summary: 'Slow responses.', since: '2026-03-10T11:00:00Z' }
    await sync(token, 'azure', accountId)
    const id = resourceId(SUBSCRIPTION_ID, shopWeb())
    const strict = await create(token, {
      type: 'azure',
      name: 'Strict',
      account_id: accountId,
      rule: { kind: 'availability', resource_id: id },
    })
    expect((await check(token, strict.json.data.monitor.id)).json.data.result).toMatchObject({
      ok: false,
      message: 'shop-web (App Service) is degraded: Slow responses.',
    })
    const lenient = await create(token, {
      type: 'azure',
      name: 'Lenient',
      account_id: accountId,
      rule: { kind: 'availability', resource_id: id, degraded_is_down: false },
    })
    expect((await check(token, lenient.json.data.monitor.id)).json.data.result.ok).toBe(true)

    const plan = subscription().resources.find((r) => r.name === 'shop-plan')
    if (!plan) throw new Error('no plan')
    const uncovered = await create(token, {
      type: 'azure',
      name: 'Plan',
      account_id: accountId,
      rule: { kind: 'availability', resource_id: resourceId(SUBSCRIPTION_ID, plan) },
    })
    expect((await check(token, uncovered.json.data.monitor.id)).json.data.result).toMatchObject({
      ok: true,
      message: 'shop-plan (App Service plan) exists; Resource Health does not report on this type of resource.',
    })
    subscription().resources = subscription().resources.filter((r) => r.name !== 'shop-web')
    await sync(token, 'azure', accountId)
    const gone = await check(token, strict.json.data.monitor.id)
    expect(gone.json.data.result.message).toMatch(/^The resource shop-web was not found/)
  })

  it('Azure: a cost budget per subscription, down once the month passes it; a missing role names the role', async () => {
    const { token, accountId } = await customer('azure')
    // 10 days of 3.85 a day: 38.50 so far this month.
    const within = await create(token, {
      type: 'azure',
      name: 'Budget',
      account_id: accountId,
      rule: { kind: 'cost', subscription_id: SUBSCRIPTION_ID.toUpperCase(), amount: 100 },
    })
    expect(within.status, within.text).toBe(201)
    expect(within.json.data.monitor.rule).toMatchObject({ subscription_id: SUBSCRIPTION_ID, basis: 'month_to_date' })
    const ok = await check(token, within.json.data.monitor.id)
    expect(ok.json.data.result).toMatchObject({
      ok: true,
      message: 'The cost of this month so far is EUR 38.50, within EUR 100.00.',
    })
    const tight = await create(token, {
      type: 'azure',
      name: 'Tight',
      account_id: accountId,
      rule: { kind: 'cost', subscription_id: SUBSCRIPTION_ID, amount: 20 },
    })
    expect((await check(token, tight.json.data.monitor.id)).json.data.result).toMatchObject({
      ok: false,
      message: 'The cost of this month so far is EUR 38.50, above the budget of EUR 20.00.',
    })

    // The role to read costs taken away: the check says which role to grant.
    const app = az.world.apps[0]
    if (!app) throw new Error('no app')
    app.deniedActions = ['Microsoft.CostManagement/query/read']
    // Costs are read at most every 6 hours.
    clock.advance(7 * 3_600_000)
    await sync(token, 'azure', accountId)
    const denied = await check(token, within.json.data.monitor.id)
    expect(denied.json.data.result.ok).toBe(false)
    expect(denied.json.data.result.message).toMatch(
      /Give the app the Cost Management Reader role on the subscription\.$/,
    )
  })

  it('Azure: bad rules are a 400 at the field', async () => {
    const { token, accountId } = await customer('azure')
    const bad = await create(token, {
      type: 'azure',
      name: 'Bad',
      account_id: accountId,
      rule: { kind: 'availability', resource_id: 'shop-web' },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.errors['rule.resource_id']).toMatch(/A resource ID looks like/)
    const cost = await create(token, {
      type: 'azure',
      name: 'Bad',
      account_id: accountId,
      rule: { kind: 'cost', subscription_id: 'prod', amount: -1 },
    })
    expect(cost.status).toBe(400)
    expect(cost.json.errors['rule.subscription_id']).toMatch(/GUID/)
  })

  it('Microsoft 365: down while an incident keeps the service from being operational; an advisory is a notification', async () => {
    const { token, accountId, hookId } = await customer('microsoft365')
    const made = await create(token, {
      type: 'microsoft365',
      name: 'Exchange',
      account_id: accountId,
      service_id: 'Exchange',
      service_name: 'Exchange Online',
    })
    expect(made.status, made.text).toBe(201)
    const monitor = made.json.data.monitor
    expect((await check(token, monitor.id)).json.data.result).toMatchObject({
      ok: true,
      message: 'Exchange Online is operational.',
    })

    // An advisory: not an outage, but a notification of its own.
    m365().issues = [graphIssue('EX1001', { classification: 'advisory', title: 'Some users see delays in search' })]
    m365().health = m365().health.map((h) => (h.id === 'Exchange' ? { ...h, status: 'serviceDegradation' } : h))
    await sync(token, 'microsoft365', accountId)
    const advisory = await check(token, monitor.id)
    expect(advisory.json.data.result).toMatchObject({ ok: true })
    expect(advisory.json.data.result.message).toBe(
      'Exchange Online: Degraded, an advisory, not an outage: EX1001: Some users see delays in search.',
    )
    expect(advisory.json.data.monitor.status).toBe('up')
    const [posted] = await bell(token, monitor.id)
    expect(posted).toMatchObject({
      notification_type: 'microsoft365',
      notification_title: 'Exchange: Microsoft posted an advisory',
    })
    expect(posted.notification_description).toContain('EX1001: Some users see delays in search')
    expect(await deliveries(token, hookId)).toEqual(['change'])

    // An incident on the service: down, with the incident's id and title.
    m365().issues.push(graphIssue('EX226792'))
    await sync(token, 'microsoft365', accountId)
    const down = await check(token, monitor.id)
    expect(down.json.data.result).toMatchObject({
      ok: false,
      message: 'Exchange Online is not operational (Degraded): EX226792: Users may be unable to send or receive email.',
    })
    expect(down.json.data.result.detail.issues.map((i: { id: string }) => i.id)).toEqual(['EX1001', 'EX226792'])
    expect((await bell(token, monitor.id))[0]).toMatchObject({ notification_title: 'Exchange is down' })

    // On a status page like any other monitor: the component is in outage.
    const created = await t.call('POST', '/api/status_pages', {
      token,
      body: {
        name: 'Contoso status',
        slug: `contoso-${dialect}`,
        components: [{ monitor_id: monitor.id, display_name: 'Email' }],
      },
    })
    expect(created.status, created.text).toBe(201)
    const statusPage = created.json.data.status_page
    await t.call('PATCH', `/api/status_pages/${statusPage.id}`, { token, body: { published: true } })
    const shown = (await t.call('GET', `/api/public/status/contoso-${dialect}`)).json.data
    expect(shown.status).toEqual({ indicator: 'major_outage', description: 'Major outage' })

    // Resolved: operational again, the incident closes.
    m365().issues = [
      graphIssue('EX226792', { isResolved: true, status: 'serviceRestored', endDateTime: '2026-03-10T11:00:00Z' }),
    ]
    m365().health = m365().health.map((h) => (h.id === 'Exchange' ? { ...h, status: 'serviceOperational' } : h))
    await sync(token, 'microsoft365', accountId)
    expect((await check(token, monitor.id)).json.data.monitor.status).toBe('up')
    expect((await bell(token, monitor.id)).map((n: { notification_title: string }) => n.notification_title)).toEqual([
      'Exchange is back up',
      'Exchange is down',
      'Exchange: Microsoft posted an advisory',
    ])
    expect(await deliveries(token, hookId)).toEqual(expect.arrayContaining(['change', 'down', 'up']))
  })

  const monitorCount = async (token: string) =>
    (await t.call('GET', '/api/monitors', { token })).json.data.monitors.length as number
  /** The account as it is before its first read (the read is under way): nothing read, nothing known. */
  const unread = async (accountId: string) => {
    const { db: k } = db.database
    await k
      .updateTable('cloud_accounts')
      .set({ synced_at: null, status: 'pending' })
      .where('account_id', '=', accountId)
      .execute()
    await k.deleteFrom('cloud_parts').where('account_id', '=', accountId).execute()
    await k.deleteFrom('cloud_resources').where('account_id', '=', accountId).execute()
  }

  it('Microsoft 365: a service the tenant does not have is refused with those it has, on create and on change', async () => {
    const { token, accountId } = await customer('microsoft365')
    const before = await monitorCount(token)
    const named = await create(token, {
      type: 'microsoft365',
      name: 'Mail',
      account_id: accountId,
      service_id: 'Exchange Online',
    })
    expect(named.status, named.text).toBe(400)
    const message =
      'Microsoft 365 tenant Contoso has no service "Exchange Online". Choose one of: Exchange (Exchange Online), microsoftteams (Microsoft Teams), SharePoint (SharePoint Online).'
    expect(named.json).toEqual({ message, errors: { service_id: message } })
    expect(await monitorCount(token)).toBe(before)

    // A change to a service the tenant lacks is refused the same way, and the monitor stays as it was.
    const made = await create(token, {
      type: 'microsoft365',
      name: 'Mail',
      account_id: accountId,
      service_id: 'Exchange',
    })
    expect(made.status, made.text).toBe(201)
    expect(made.json.data.warning).toBeUndefined()
    const id = made.json.data.monitor.id as string
    const moved = await t.call('PATCH', `/api/monitors/${id}`, { token, body: { service_id: 'Yammer' } })
    expect(moved.status).toBe(400)
    expect(moved.json.errors.service_id).toMatch(
      /^Microsoft 365 tenant Contoso has no service "Yammer"\. Choose one of: /,
    )
    expect((await t.call('GET', `/api/monitors/${id}`, { token })).json.data.monitor.service_id).toBe('Exchange')

    // A service gone from the tenant since: the monitor says so when checked, and can still be renamed.
    m365().health = m365().health.filter((h) => h.id !== 'Exchange')
    await sync(token, 'microsoft365', accountId)
    expect((await check(token, id)).json.data.result.message).toBe(
      'Microsoft 365 reports no service Exchange for this tenant.',
    )
    const renamed = await t.call('PATCH', `/api/monitors/${id}`, { token, body: { name: 'Exchange mail' } })
    expect(renamed.status, renamed.text).toBe(200)
  })

  it('Microsoft 365: a tenant not read yet takes any service, with a warning in the answer', async () => {
    const { token, accountId } = await customer('microsoft365')
    await unread(accountId)
    const made = await create(token, {
      type: 'microsoft365',
      name: 'Mail',
      account_id: accountId,
      service_id: 'Exchange',
    })
    expect(made.status, made.text).toBe(201)
    expect(made.json.data.warning).toBe(
      'Saved without checking the service "Exchange": Microsoft 365 tenant Contoso has not been read yet. The monitor says so if its first read does not find it.',
    )
    const changed = await t.call('PATCH', `/api/monitors/${made.json.data.monitor.id}`, {
      token,
      body: { service_id: 'SharePoint' },
    })
    expect(changed.status, changed.text).toBe(200)
    expect(changed.json.data.warning).toMatch(/^Saved without checking the service "SharePoint"/)
  })

  it('Azure: a resource or subscription the account has not read is refused at its field, with the choices', async () => {
    const { token, accountId } = await customer('azure')
    const before = await monitorCount(token)
    const web = resourceId(SUBSCRIPTION_ID, shopWeb())
    const missing = web.replace(/shop-web$/, 'shop-www')
    const res = await create(token, {
      type: 'azure',
      name: 'Www',
      account_id: accountId,
      rule: { kind: 'availability', resource_id: missing },
    })
    expect(res.status, res.text).toBe(400)
    expect(res.json.message).toMatch(
      /^Azure account Contoso has no resource "shop-www" in subscription .+\. Choose one of: /,
    )
    expect(res.json.message).toContain(web.toLowerCase())
    expect(res.json.errors).toEqual({ 'rule.resource_id': res.json.message })

    const elsewhere = '00000000-0000-4000-8000-0000000000ff'
    const otherSub = await create(token, {
      type: 'azure',
      name: 'Elsewhere',
      account_id: accountId,
      rule: { kind: 'availability', resource_id: web.replace(SUBSCRIPTION_ID, elsewhere) },
    })
    expect(otherSub.status).toBe(400)
    expect(otherSub.json.errors['rule.resource_id']).toMatch(
      new RegExp(`^Azure account Contoso has no subscription ${elsewhere}\\. Choose one of: ${SUBSCRIPTION_ID} \\(`),
    )
    const cost = await create(token, {
      type: 'azure',
      name: 'Budget',
      account_id: accountId,
      rule: { kind: 'cost', subscription_id: elsewhere, amount: 10 },
    })
    expect(cost.status).toBe(400)
    expect(cost.json.errors['rule.subscription_id']).toMatch(/^Azure account Contoso has no subscription /)
    expect(await monitorCount(token)).toBe(before)

    const known = await create(token, {
      type: 'azure',
      name: 'Web',
      account_id: accountId,
      rule: { kind: 'availability', resource_id: web },
    })
    expect(known.status, known.text).toBe(201)
    const moved = await t.call('PATCH', `/api/monitors/${known.json.data.monitor.id}`, {
      token,
      body: { rule: { kind: 'availability', resource_id: missing } },
    })
    expect(moved.status).toBe(400)
    expect(Object.keys(moved.json.errors)).toEqual(['rule.resource_id'])
  })

  it('Microsoft 365: another user’s tenant is refused', async () => {
    const { accountId } = await customer('microsoft365')
    const other = await t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
    const stolen = await create(other.token, {
      type: 'microsoft365',
      name: 'Theirs',
      account_id: accountId,
      service_id: 'Exchange',
    })
    expect(stolen.status).toBe(400)
    expect(stolen.json.errors.account_id).toBe('Unknown account: choose one of your connected accounts.')
  })
})
