import { API_CONTRACT, API_ROUTES_WITHOUT_JSON, type ApiRoute } from '@vigil/domain/api-contract'
import { AZURE_RESOURCE_KINDS } from '@vigil/domain/azure'
import sharp from 'sharp'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpCode } from '../../src/server/auth/totp.ts'
import { newId } from '../../src/server/ids.ts'
import { azureResource, CLIENT_ID, SUBSCRIPTION_ID, TENANT_ID } from '../fixtures/azure.ts'
import {
  createWorld,
  type LoopbackAzure,
  loopbackOptions,
  secretCredentials,
  startLoopbackAzure,
} from '../support/azure/index.ts'
import { type BillingWorld, payForPro, startBillingWorld } from './billing/billing-setup.ts'
import { startDnsServer, type TestDnsServer } from './checks/dns-server.ts'
import { CUSTOMER, startCustomerAws } from './cloud/aws/loopback.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb, testConfig } from './harness.ts'
import { confirmLinkToken, readMail, startSmtp, type TestSmtp } from './notify/smtp-server.ts'
import { insertCloudAccount } from './support/rows.ts'

// One contract (issue 36): the server never answers what its schema in src/domain/api-contract.ts would refuse. One
// app, seeded once, is asked every route of the contract with a signed-in user and rows of theirs; each answer is
// parsed by its route's schema. Every route the app mounts under /api is in the contract or named as answering no JSON,
// so a new route without a schema fails here. What needs an outside provider asks the loopback ones the other tests
// use: AWS, Azure and Microsoft Graph for the cloud accounts, a DNS server for the blacklist zones, and Stripe, for
// which a second app on the same database runs with BILLING=stripe (with it, Pro is bought, not chosen).

const routeOf = (method: string, path: string) => `${method} ${path}` as ApiRoute

describe.each(dialects)('the API contract on %s', (dialect) => {
  let db: TestDb
  let smtp: TestSmtp
  let t: TestApp
  let dns: TestDnsServer
  let az: LoopbackAzure
  let customerAws: Awaited<ReturnType<typeof startCustomerAws>>
  let billing: BillingWorld
  /** Each route's answers, as asked below. */
  const answers = new Map<ApiRoute, { path: string; status: number; json: unknown }[]>()

  /**
   * Asks a route of the contract (at `path` when it has parameters) of the app, or of `on`, and keeps the answer; a
   * failure fails here.
   */
  const ask = async (
    route: ApiRoute,
    opts: { path?: string; token?: string; body?: unknown; headers?: Record<string, string>; on?: TestApp } = {},
  ) => {
    expect(API_CONTRACT, route).toHaveProperty([route])
    const [method, pattern] = route.split(' ') as [string, string]
    const path = opts.path ?? pattern
    const res = await (opts.on ?? t).call(method, path, opts)
    if (res.status >= 300) throw new Error(`${route} (${path}) answered ${res.status}: ${res.text}`)
    answers.set(route, [...(answers.get(route) ?? []), { path, status: res.status, json: res.json }])
    return res.json.data
  }

  /** The latest mail to `to` whose subject matches, read. */
  const mailTo = async (to: string, subject: RegExp) => {
    for (let waited = 0; waited < 5_000; waited += 20) {
      const mail = smtp.received
        .filter((m) => m.to.includes(to))
        .map((m) => readMail(m.raw))
        .filter((m) => subject.test(m.subject))
        .at(-1)
      if (mail) return mail
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error(`no mail to ${to}`)
  }

  let email = 0
  const register = async (plan: 'Basic' | 'Pro' = 'Pro') => {
    const body = {
      name: 'Ada',
      email: `ada${++email}-${newId().slice(-6)}@example.com`,
      password: 'correct horse',
      plan,
      ...(plan === 'Pro' ? { billing_frequency: 'Monthly' } : {}),
    }
    const data = await ask('POST /api/auth/register', { body })
    return {
      token: data.token as string,
      userId: data.user.user_id as string,
      email: body.email,
      password: body.password,
    }
  }
  const login = async (user: { email: string; password: string }) =>
    (await ask('POST /api/auth/login', { body: { email: user.email, password: user.password } })).token as string

  beforeAll(async () => {
    db = await openTestDb(dialect)
    smtp = await startSmtp()
    dns = await startDnsServer()
    // The loopback Azure's costs are of the test clock's days.
    az = await startLoopbackAzure(createWorld('2026-11-22'))
    // AWS through its SDK's own setting (AWS_ENDPOINT_URL), with costs of this month and the last.
    customerAws = await startCustomerAws()
    customerAws.aws.world
      .account(CUSTOMER)
      .costs.push(
        { date: '2026-10-12', service: 'Amazon Elastic Compute Cloud - Compute', amount: 30 },
        { date: '2026-11-03', service: 'Amazon Relational Database Service', amount: 7.5 },
      )
    const network = { ...testConfig().network, dnsServers: [dns.address], dnsblZones: ['bl.test', 'refusing.test'] }
    t = buildTestApp(db.database, {
      config: { smtp: smtp.settings, allowPrivateTargets: true, network },
      cloud: {
        aws: { maxAttempts: 2, retryBaseMs: 1, timeoutMs: 5000 },
        azure: loopbackOptions(az),
        m365: loopbackOptions(az),
      },
    })

    await ask('GET /api/health')
    await ask('GET /api/plans')
    const owner = await register()
    const token = owner.token
    await login(owner)
    await ask('GET /api/auth/verify', { token })

    // The account.
    await ask('GET /api/profile', { token })
    await ask('PATCH /api/profile', { token, body: { name: 'Ada Lovelace' } })
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer()
    // The picture's bytes are the body, which `ask` does not send.
    const picture = await t.app.request('/api/profile/picture', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png', 'x-forwarded-for': '127.8.0.1' },
      body: png,
    })
    expect(picture.status).toBe(200)
    answers.set('PUT /api/profile/picture', [{ path: '/api/profile/picture', status: 200, json: await picture.json() }])
    await ask('DELETE /api/profile/picture', { token })
    await ask('POST /api/profile/email/confirmation', { token })
    const newEmail = `ada-new-${newId().slice(-6)}@example.com`
    await ask('POST /api/profile/email', { token, body: { email: newEmail, password: owner.password } })
    const changeToken = await confirmLinkToken(smtp, newEmail, /Confirm your new email address/)
    await ask('POST /api/profile/email/confirm', { body: { token: changeToken } })

    // Sessions: one ended by its id, then the others at once.
    await login({ email: newEmail, password: owner.password })
    const sessions = await ask('GET /api/sessions', { token })
    const other = (sessions.sessions as { id: string; current: boolean }[]).find((s) => !s.current)
    await ask('DELETE /api/sessions/:id', { token, path: `/api/sessions/${other?.id}` })
    await login({ email: newEmail, password: owner.password })
    await ask('DELETE /api/sessions/others', { token })

    // Two-factor sign-in, on another account: set up, turned on, asked at sign-in, codes renewed, turned off.
    const guarded = await register('Basic')
    const setup = await ask('POST /api/security/two_factor/setup', { token: guarded.token })
    const code = () => totpCode(setup.secret, t.clock.now())
    await ask('POST /api/security/two_factor', {
      token: guarded.token,
      body: { code: code(), password: guarded.password },
    })
    await ask('GET /api/security/two_factor', { token: guarded.token })
    t.clock.advance(30_000)
    await ask('POST /api/security/two_factor/recovery_codes', {
      token: guarded.token,
      body: { code: code(), password: guarded.password },
    })
    const challenge = await ask('POST /api/auth/login', {
      body: { email: guarded.email, password: guarded.password },
    })
    t.clock.advance(30_000)
    await ask('POST /api/auth/login/two_factor', {
      body: { challenge: challenge.challenge, method: 'code', code: code() },
    })
    t.clock.advance(30_000)
    await ask('DELETE /api/security/two_factor', {
      token: guarded.token,
      body: { code: code(), password: guarded.password },
    })
    await ask('GET /api/security/events', { token: guarded.token })

    // A password changed, one forgotten and reset, a session ended, an account deleted: each on an account of its own.
    const changer = await register('Basic')
    await ask('PUT /api/user/user_password_change/:userId', {
      token: changer.token,
      path: `/api/user/user_password_change/${changer.userId}`,
      body: { current_password: changer.password, new_password: 'another horse' },
    })
    const forgetful = await register('Basic')
    await ask('POST /api/auth/forgot_password', { body: { email: forgetful.email } })
    const reset = await mailTo(forgetful.email, /Reset your password/)
    const resetToken = decodeURIComponent(/\/forgot-password\?token=([\w%.-]+)/.exec(reset.text)?.[1] ?? '')
    await ask('POST /api/auth/reset_password', { body: { token: resetToken, password: 'brand new horse' } })
    const leaving = await register('Basic')
    await ask('POST /api/auth/logout', { token: await login(leaving) })
    await ask('DELETE /api/profile', {
      token: leaving.token,
      body: { password: leaving.password, confirmation: 'DELETE' },
    })

    // The plan.
    await ask('GET /api/user_subscription', { token })
    await ask('PUT /api/user_subscription', { token, body: { plan: 'Pro', billing_frequency: 'Yearly' } })
    await ask('GET /api/billing', { token })

    // Paying for Pro at the loopback Stripe, on the app with BILLING=stripe: a checkout, a card, the plan's page with
    // the paid subscription and its invoice, Stripe's portal, monthly to yearly, a cancel taken back, then Basic.
    billing = await startBillingWorld(db)
    const buyer = await billing.t.register({ plan: 'Basic' })
    const paying = { on: billing.t, token: buyer.token }
    await ask('GET /api/plans', { on: billing.t })
    await ask('POST /api/billing/checkout', { ...paying, body: { billing_frequency: 'Monthly' } })
    const paid = await payForPro(billing, buyer.token, 'Monthly')
    expect(paid.headers.get('location')).toBe('http://app.test/upgrade_to_pro?checkout=done')
    await ask('GET /api/billing', paying)
    await ask('POST /api/billing/portal', paying)
    await ask('POST /api/billing/frequency', { ...paying, body: { billing_frequency: 'Yearly' } })
    for (const cancel_at_period_end of [true, false])
      await ask('POST /api/billing/cancel', { ...paying, body: { cancel_at_period_end } })
    await ask('POST /api/billing/downgrade', paying)
    await billing.stripe.world.webhooksSettled()

    // The bell: the welcome notification.
    const bell = await ask('GET /api/user_notification', { token })
    await ask('PATCH /api/user_notification', {
      token,
      body: { notification_id: bell.notificationList[0].notification_id },
    })
    await ask('POST /api/user_notification/read_all', { token })

    // Monitors and their tags; one is checked now (its port refuses) and has an incident.
    const created = await ask('POST /api/monitors', {
      token,
      body: { type: 'web', name: 'Shop', url: 'http://127.0.0.1:9/', interval_seconds: 300 },
    })
    const monitorId = created.monitor.id as string
    const path = (rest = '') => `/api/monitors/${monitorId}${rest}`
    const other2 = await ask('POST /api/monitors', {
      token,
      body: { type: 'port', name: 'Database', host: '127.0.0.1', port: 9, interval_seconds: 300 },
    })
    const tag = await ask('POST /api/tags', { token, body: { name: 'production', color: 'green' } })
    await ask('PATCH /api/tags/:id', { token, path: `/api/tags/${tag.tag.id}`, body: { name: 'prod' } })
    await ask('GET /api/tags', { token })
    await ask('PUT /api/monitors/:id/tags', { token, path: path('/tags'), body: { tag_ids: [tag.tag.id] } })
    await ask('PATCH /api/monitors/:id', { token, path: path(), body: { name: 'Web shop' } })
    await ask('POST /api/monitors/:id/check', { token, path: path('/check') })
    await ask('POST /api/monitors/:id/pause', { token, path: path('/pause') })
    await ask('POST /api/monitors/:id/resume', { token, path: path('/resume') })
    await ask('GET /api/monitors/:id', { token, path: path() })
    await ask('GET /api/monitors/:id/results', { token, path: `${path('/results')}?page=1&limit=20` })
    for (const window of ['24h', '90d'])
      await ask('GET /api/monitors/:id/stats', { token, path: `${path('/stats')}?window=${window}` })
    // The list paged (the list page) and whole (the dashboard, the type pages).
    await ask('GET /api/monitors', { token, path: '/api/monitors?page=1&limit=50&sort=-uptime' })
    await ask('GET /api/monitors', { token, path: `/api/monitors?page=1&limit=50&q=shop&tag=${tag.tag.id}` })
    await ask('GET /api/monitors', { token })
    await ask('POST /api/monitors/bulk', {
      token,
      body: { action: 'pause', monitor_ids: [other2.monitor.id] },
    })
    // A blacklist check asks the loopback DNS server's zones: 127.0.0.2 is listed on one, the other refuses.
    await ask('POST /api/blacklist/check', { token, body: { target: '127.0.0.2' } })

    const incidentId = newId()
    await t.repos.incidents.insert({
      incident_id: incidentId,
      user_id: owner.userId,
      monitor_id: monitorId,
      started_at: t.clock.now() - 120_000,
      resolved_at: null,
      cause: 'connect ECONNREFUSED 127.0.0.1:9',
    })
    await ask('GET /api/incidents', { token })
    await ask('GET /api/incidents', { token, path: `/api/incidents?monitor_id=${monitorId}&open=true&limit=10` })
    await ask('POST /api/incidents/:id/comments', {
      token,
      path: `/api/incidents/${incidentId}/comments`,
      body: { body: 'Looking into it.' },
    })
    await ask('POST /api/incidents/:id/acknowledge', { token, path: `/api/incidents/${incidentId}/acknowledge` })
    await ask('GET /api/incidents/:id', { token, path: `/api/incidents/${incidentId}` })

    // Alert channels.
    const channel = await ask('POST /api/integrations', {
      token,
      body: { type: 'email', name: 'Ops', email: 'ops@example.com' },
    })
    const channelPath = (rest = '') => `/api/integrations/${channel.integration.id}${rest}`
    await ask('PATCH /api/integrations/:id', { token, path: channelPath(), body: { name: 'Operations' } })
    await ask('POST /api/integrations/:id/test', { token, path: channelPath('/test') })
    await ask('GET /api/integrations/:id/deliveries', { token, path: `${channelPath('/deliveries')}?page=1&limit=10` })
    await ask('GET /api/integrations', { token })
    await ask('DELETE /api/integrations/:id', { token, path: channelPath() })

    // A status page over the monitor, with an incident and maintenance, read by anyone.
    const page = await ask('POST /api/status_pages', {
      token,
      body: {
        name: 'Acme status',
        slug: `acme-${newId().slice(-12)}`,
        published: true,
        components: [{ monitor_id: monitorId, display_name: 'Website' }],
      },
    })
    const pageId = page.status_page.id as string
    const pagePath = (rest = '') => `/api/status_pages/${pageId}${rest}`
    const componentId = page.status_page.components[0].id
    await ask('PATCH /api/status_pages/:id', { token, path: pagePath(), body: { description: 'All of Acme.' } })
    await ask('GET /api/status_pages/:id', { token, path: pagePath() })
    await ask('GET /api/status_pages', { token })
    const posted = await ask('POST /api/status_pages/:id/incidents', {
      token,
      path: pagePath('/incidents'),
      body: { title: 'Slow', message: 'Looking into it.', component_ids: [componentId] },
    })
    await ask('POST /api/status_pages/:id/incidents/:incidentId/updates', {
      token,
      path: pagePath(`/incidents/${posted.incident.id}/updates`),
      body: { status: 'identified', message: 'Found it.' },
    })
    await ask('GET /api/status_pages/:id/incidents', { token, path: pagePath('/incidents') })
    await ask('POST /api/status_pages/:id/preview', { token, path: pagePath('/preview'), body: { markdown: '**Up**' } })
    const maintenance = await ask('POST /api/status_pages/:id/maintenance', {
      token,
      path: pagePath('/maintenance'),
      body: {
        title: 'Upgrade',
        starts_at: new Date(t.clock.now() + 3_600_000).toISOString(),
        ends_at: new Date(t.clock.now() + 7_200_000).toISOString(),
        component_ids: [componentId],
      },
    })
    await ask('GET /api/status_pages/:id/maintenance', { token, path: pagePath('/maintenance') })
    await ask('GET /api/public/status/:slug', { path: `/api/public/status/${page.status_page.slug}` })
    await ask('DELETE /api/status_pages/:id/maintenance/:maintenanceId', {
      token,
      path: pagePath(`/maintenance/${maintenance.maintenance.id}`),
    })
    await ask('DELETE /api/status_pages/:id/incidents/:incidentId', {
      token,
      path: pagePath(`/incidents/${posted.incident.id}`),
    })

    // Reports and their schedules.
    const period = { from: '2026-11-01T00:00:00Z', to: '2026-11-22T00:00:00Z' }
    await ask('GET /api/reports', { token, path: `/api/reports?from=${period.from}&to=${period.to}` })
    await ask('POST /api/reports', { token, body: { monitor_ids: [monitorId], ...period } })
    const schedule = await ask('POST /api/reports/schedules', {
      token,
      body: {
        name: 'Weekly',
        frequency: 'weekly',
        recipients: ['team@example.com'],
        selection: { kind: 'all' },
        time_zone: 'UTC',
      },
    })
    const schedulePath = (rest = '') => `/api/reports/schedules/${schedule.schedule.id}${rest}`
    await ask('PATCH /api/reports/schedules/:id', { token, path: schedulePath(), body: { name: 'Every week' } })
    await ask('POST /api/reports/schedules/:id/send', { token, path: schedulePath('/send') })
    await ask('GET /api/reports/schedules/:id/sends', { token, path: schedulePath('/sends') })
    await ask('GET /api/reports/schedules', { token })

    // Support.
    const ticket = await ask('POST /api/support/tickets', {
      token,
      body: { subject: 'My card was charged twice', category: 'billing', message: 'Please look at my invoices.' },
    })
    const ticketPath = (rest = '') => `/api/support/tickets/${ticket.ticket.id}${rest}`
    await ask('POST /api/support/tickets/:id/messages', {
      token,
      path: ticketPath('/messages'),
      body: { message: 'Any news?' },
    })
    await ask('GET /api/support/tickets/:id', { token, path: ticketPath() })
    await ask('GET /api/support/tickets', { token })
    await ask('POST /api/support/tickets/:id/close', { token, path: ticketPath('/close') })

    // Cloud accounts: one connected at the loopback provider, tested and read again; one written as a read left it,
    // with a part that failed. Their pages.
    await ask('GET /api/aws/setup', { token })
    const connections = {
      aws: { name: 'Production', ...customerAws.aws.world.addUser(CUSTOMER, 'reader') },
      azure: { name: 'Contoso', ...secretCredentials() },
      m365: { name: 'Contoso', ...secretCredentials() },
    }
    for (const [root, provider, pages] of [
      ['aws', 'aws', ['billing-summary', 'ec2', 'rds', 'amplify', 'lightsail', 'services']],
      ['azure', 'azure', ['services', 'billing-summary', 'subscription-details', 'services/App Service']],
      ['microsoft365', 'm365', ['health']],
    ] as const) {
      const app = { auth: 'secret', tenant_id: TENANT_ID, client_id: CLIENT_ID, client_secret: 'a secret' }
      const id = await insertCloudAccount(t, owner.userId, provider, {
        credentials:
          provider === 'aws'
            ? { auth: 'keys', access_key_id: 'AKIAIOSFODNN7EXAMPLE', secret_access_key: 'a secret' }
            : app,
        identity:
          provider === 'aws'
            ? { aws_account_id: '123456789012', arn: 'arn:aws:iam::123456789012:user/reader' }
            : provider === 'azure'
              ? { subscriptions: [{ id: SUBSCRIPTION_ID, name: 'Contoso Prod', state: 'Enabled' }] }
              : {},
      })
      // A part that failed, and for Azure a resource of the service asked below.
      const { subscriptionId, ...resource } = azureResource()
      const part = { area: 'resources', scope: subscriptionId, ok: false, kind: 'denied', message: 'No access.' }
      await t.repos.cloudData.write(
        id,
        {
          parts: [{ ...part, action: 'Reader', checked_at: t.clock.now() }],
          sets:
            provider === 'azure'
              ? [
                  {
                    kind: AZURE_RESOURCE_KINDS.resource,
                    scope: subscriptionId,
                    resources: [{ resource_id: resource.id, name: resource.name, state: 'Available', data: resource }],
                  },
                ]
              : [],
          costs: [],
        },
        t.clock.now(),
      )
      const connected = await ask(`POST /api/${root}/accounts`, { token, body: connections[provider] })
      await t.deps.cloudSync.settled()
      const connectedId = connected.account.id as string
      await ask(`POST /api/${root}/accounts/:id/test`, { token, path: `/api/${root}/accounts/${connectedId}/test` })
      await ask(`POST /api/${root}/accounts/:id/sync`, { token, path: `/api/${root}/accounts/${connectedId}/sync` })
      await ask(`GET /api/${root}/accounts`, { token })
      for (const accountId of [connectedId, id]) {
        const account = (rest = '') => `/api/${root}/accounts/${accountId}${rest}`
        await ask(`GET /api/${root}/accounts/:id`, { token, path: account() })
        await ask(`PATCH /api/${root}/accounts/:id`, { token, path: account(), body: { name: 'Renamed' } })
        for (const name of pages) {
          const route = (
            name.startsWith('services/')
              ? `GET /api/${root}/accounts/:id/services/:service`
              : `GET /api/${root}/accounts/:id/${name}`
          ) as ApiRoute
          await ask(route, { token, path: account(`/${encodeURI(name)}`) })
        }
        await ask(`DELETE /api/${root}/accounts/:id`, { token, path: account() })
      }
    }

    // Last, what removes the rows above.
    await ask('DELETE /api/status_pages/:id', { token, path: pagePath() })
    await ask('DELETE /api/monitors/:id', { token, path: path() })
  })
  afterAll(async () => {
    await t?.deps.cloudSync.stop()
    await billing?.close()
    await customerAws?.close()
    await az?.close()
    await dns?.close()
    await smtp?.close()
    await db?.drop()
  })

  it('mounts every route of the contract, and every route under /api is in it or answers no JSON', () => {
    const mounted = new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
        .map((r) => routeOf(r.method, r.path)),
    )
    const listed = [...Object.keys(API_CONTRACT), ...Object.keys(API_ROUTES_WITHOUT_JSON)] as ApiRoute[]
    expect([...mounted].filter((route) => !listed.includes(route))).toEqual([])
    expect(listed.filter((route) => !mounted.has(route))).toEqual([])
  })

  it('asks every route of the contract', () => {
    expect(Object.keys(API_CONTRACT).filter((route) => !answers.has(route as ApiRoute))).toEqual([])
  })

  it.each(Object.keys(API_CONTRACT))('%s answers what its schema takes', (route) => {
    const schema = API_CONTRACT[route as ApiRoute] as v.GenericSchema
    for (const { path, json } of answers.get(route as ApiRoute) ?? []) {
      const parsed = v.safeParse(schema, json)
      expect(parsed.success ? [] : parsed.issues.map((i) => `${v.getDotPath(i)}: ${i.message}`), path).toEqual([])
    }
  })
})
