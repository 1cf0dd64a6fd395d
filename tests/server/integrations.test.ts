import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { channelContext, createDeliveryWorker } from '../../src/server/notify/delivery-worker.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'
import { type ChatServers, SLACK_APP, startChatServers } from './notify/chat-servers.ts'
import { startSmtp, type TestSmtp } from './notify/smtp-server.ts'
import { startHttpTarget } from './support/targets.ts'

// Alert channels through the API, and the outbox from a monitor's outage to what each channel received:
// once on the way down, once on the way up, after a retry, across a restart and with two workers.

describe.each(dialects)('integrations and alert delivery on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let chat: ChatServers
  let smtp: TestSmtp
  let web: Awaited<ReturnType<typeof startHttpTarget>>

  beforeAll(async () => {
    db = await openTestDb(dialect)
    chat = await startChatServers()
    smtp = await startSmtp()
    web = await startHttpTarget()
    t = buildTestApp(db.database, {
      config: {
        allowPrivateTargets: true,
        smtp: smtp.settings,
        alerts: {
          slack: {
            clientId: SLACK_APP.clientId,
            clientSecret: SLACK_APP.clientSecret,
            apiUrl: chat.slackApiUrl,
            oauthUrl: `${chat.base}/slack/oauth/authorize`,
          },
          telegramApiUrl: chat.telegramApiUrl,
          timeoutMs: 2000,
        },
      },
    })
  })
  beforeEach(() => chat.reset())
  afterAll(async () => {
    await chat.close()
    await smtp.close()
    await web.close()
    await db.drop()
  })

  const pro = () => t.register({ plan: 'Pro', billing_frequency: 'Monthly' })
  const addIntegration = async (token: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/integrations', { token, body })
    expect(res.status, res.text).toBe(201)
    return res.json.data as { integration: { id: string; settings: Record<string, unknown> }; webhook_secret?: string }
  }
  const webhooks = () => chat.seen.filter((s) => s.service === 'webhook')
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address))
  const worker = () =>
    createDeliveryWorker({
      database: db.database,
      logger: t.deps.logger,
      channels: () => channelContext(t.deps.config),
      clock: t.clock,
    })

  describe('managing integrations', () => {
    it('adds each type, masks secrets, and gives a webhook its signing secret once', async () => {
      const { token } = await pro()
      const slack = await addIntegration(token, { type: 'slack', name: 'Ops', url: chat.slackUrl })
      expect(slack.integration.settings.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/…\w{4}$/)
      const hook = await addIntegration(token, { type: 'webhook', name: 'Pager', url: `${chat.webhookUrl}a` })
      expect(hook.webhook_secret).toMatch(/^[\w-]{32}$/)
      expect(hook.integration.settings.secret).toBe('••••••••')
      const mail = await addIntegration(token, { type: 'email', name: 'On call', email: 'Oncall@Example.com' })
      expect(mail.integration.settings.email).toBe('oncall@example.com')
      await addIntegration(token, {
        type: 'telegram',
        name: 'TG',
        bot_token: '123456789:AAEabcdefghijklmnopqrstuvwxyz012345',
        chat_id: '-1001234567890',
      })
      const list = await t.call('GET', '/api/integrations', { token })
      expect(list.json.data.slack_install_available).toBe(true)
      expect(list.json.data.integrations.map((i: { type: string }) => i.type)).toEqual([
        'slack',
        'webhook',
        'email',
        'telegram',
      ])
      expect(JSON.stringify(list.json.data)).not.toContain('AAEabcdefghijklmnopqrstuvwxyz012345')
      expect(JSON.stringify(list.json.data)).not.toContain(hook.webhook_secret)

      // A change keeps the secret it does not mention.
      const renamed = await t.call('PATCH', `/api/integrations/${hook.integration.id}`, {
        token,
        body: { name: 'Pager duty', enabled: false },
      })
      expect(renamed.json.data.integration).toMatchObject({ name: 'Pager duty', enabled: false })
      const stored = await db.database.db
        .selectFrom('integrations')
        .select('settings')
        .where('integration_id', '=', hook.integration.id)
        .executeTakeFirstOrThrow()
      expect(JSON.parse(stored.settings).secret).toBe(hook.webhook_secret)
    })

    it.each([
      [{ type: 'pager' }, 'type', 'Type must be one of slack, email, webhook, teams, discord, telegram.'],
      [
        { type: 'slack', name: 'x', url: 'hooks.slack.com/services/x' },
        'url',
        'URL must start with http:// or https://.',
      ],
      [{ type: 'email', name: 'x', email: 'not-an-address' }, 'email', 'Enter a valid email address.'],
      [
        { type: 'webhook', name: 'x', url: 'https://example.com', secret: 'short' },
        'secret',
        'The secret must be at least 16 characters.',
      ],
      [
        { type: 'telegram', name: 'x', bot_token: 'abc', chat_id: '1' },
        'bot_token',
        'A bot token looks like 123456789:AAE..., as @BotFather gives it.',
      ],
      [
        { type: 'telegram', name: 'x', bot_token: '123456789:AAEabcdefghijklmnopqrstuvwxyz012345', chat_id: 'x y' },
        'chat_id',
        'A chat id is a number (such as -1001234567890) or @channelname.',
      ],
      [{ type: 'discord', name: '', url: 'https://discord.com/api/webhooks/1/x' }, 'name', 'Name is required.'],
    ])('refuses %j with 400', async (body, field, message) => {
      const { token } = await pro()
      const res = await t.call('POST', '/api/integrations', { token, body })
      expect(res.status).toBe(400)
      expect(res.json.errors[field]).toBe(message)
    })

    it('takes a removed integration off the monitors that chose it', async () => {
      const { token } = await pro()
      const a = await addIntegration(token, { type: 'email', name: 'A', email: 'a@example.com' })
      const b = await addIntegration(token, { type: 'email', name: 'B', email: 'b@example.com' })
      const monitor = (
        await t.call('POST', '/api/monitors', {
          token,
          body: {
            type: 'web',
            name: 'Site',
            url: web.url,
            interval_seconds: 60,
            integration_ids: [a.integration.id, b.integration.id],
          },
        })
      ).json.data.monitor
      expect((await t.call('DELETE', `/api/integrations/${a.integration.id}`, { token })).status).toBe(200)
      const after = await t.call('GET', `/api/monitors/${monitor.id}`, { token })
      expect(after.json.data.monitor.integration_ids).toEqual([b.integration.id])
      // Its choice can be saved again as it is.
      const saved = await t.call('PATCH', `/api/monitors/${monitor.id}`, {
        token,
        body: { integration_ids: after.json.data.monitor.integration_ids },
      })
      expect(saved.status).toBe(200)
    })

    it('refuses a change of type or a field of another type', async () => {
      const { token } = await pro()
      const { integration } = await addIntegration(token, { type: 'email', name: 'x', email: 'a@example.com' })
      const res = await t.call('PATCH', `/api/integrations/${integration.id}`, {
        token,
        body: { type: 'slack', url: 'https://x.test' },
      })
      expect(res.status).toBe(400)
      expect(res.json.errors).toMatchObject({
        type: 'The type of an integration cannot change; add a new one instead.',
        url: 'This field is not part of this type of integration.',
      })
    })

    it("keeps users apart: every route answers 404 for another user's integration, and a monitor cannot pick it", async () => {
      const a = await pro()
      const b = await pro()
      const { integration } = await addIntegration(a.token, { type: 'email', name: 'A', email: 'a@example.com' })
      for (const [method, path, body] of [
        ['PATCH', `/api/integrations/${integration.id}`, { name: 'B' }],
        ['DELETE', `/api/integrations/${integration.id}`],
        ['POST', `/api/integrations/${integration.id}/test`],
        ['GET', `/api/integrations/${integration.id}/deliveries`],
      ] as [string, string, unknown?][]) {
        const res = await t.call(method, path, { token: b.token, body })
        expect(res.status, `${method} ${path}`).toBe(404)
        expect(res.json.message).toBe('Integration not found.')
      }
      expect((await t.call('GET', '/api/integrations', { token: b.token })).json.data.integrations).toEqual([])
      const monitor = await t.call('POST', '/api/monitors', {
        token: b.token,
        body: { type: 'web', name: 'B site', url: web.url, interval_seconds: 60, integration_ids: [integration.id] },
      })
      expect(monitor.status).toBe(400)
      expect(monitor.json.errors.integration_ids).toBe(
        `Unknown integration: ${integration.id}. Choose among your integrations.`,
      )
      expect((await t.call('GET', '/api/integrations', { token: a.token })).json.data.integrations).toHaveLength(1)
    })
  })

  describe('test messages', () => {
    it('sends a signed test to a webhook and a mail to an address, and records the deliveries', async () => {
      const { token } = await pro()
      const hook = await addIntegration(token, { type: 'webhook', name: 'Pager', url: `${chat.webhookUrl}test` })
      const res = await t.call('POST', `/api/integrations/${hook.integration.id}/test`, { token })
      expect(res.json.data.delivery).toMatchObject({ kind: 'test', status: 'delivered', attempts: 1, last_error: null })
      const [received] = webhooks()
      expect(received?.headers['x-vigil-event']).toBe('test')
      const signature = createHmac('sha256', hook.webhook_secret as string)
        .update(received?.raw as Buffer)
        .digest('hex')
      expect(received?.headers['x-signature-256']).toBe(`sha256=${signature}`)
      expect(JSON.parse(received?.body as string)).toMatchObject({
        id: res.json.data.delivery.id,
        kind: 'test',
        monitor: null,
      })

      const mail = await addIntegration(token, { type: 'email', name: 'Me', email: 'me@example.com' })
      const sent = await t.call('POST', `/api/integrations/${mail.integration.id}/test`, { token })
      expect(sent.json.data.delivery.status).toBe('delivered')
      expect(mailsTo('me@example.com')[0]?.raw).toContain('Subject: [Vigil] Test message from Vigil')

      const deliveries = await t.call('GET', `/api/integrations/${hook.integration.id}/deliveries`, { token })
      expect(deliveries.json.data.pagination.total).toBe(1)
      expect(
        (await t.call('GET', '/api/integrations', { token })).json.data.integrations[0].last_delivery,
      ).toMatchObject({ status: 'delivered', error: null })
    })

    it('says why a test failed, without trying it again later', async () => {
      const { token } = await pro()
      const hook = await addIntegration(token, { type: 'webhook', name: 'Down', url: `${chat.webhookUrl}down` })
      chat.failNext({ status: 503, body: 'maintenance' })
      const res = await t.call('POST', `/api/integrations/${hook.integration.id}/test`, { token })
      expect(res.json.data.delivery).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null })
      expect(res.json.data.delivery.last_error).toMatch(/503/)
    })
  })

  describe('alerts of an outage', () => {
    const outage = async () => {
      const { token } = await pro()
      const hook = await addIntegration(token, { type: 'webhook', name: 'Pager', url: `${chat.webhookUrl}outage` })
      await addIntegration(token, { type: 'email', name: 'Me', email: `me-${hook.integration.id}@example.com` })
      const monitor = (
        await t.call('POST', '/api/monitors', {
          token,
          body: { type: 'web', name: 'Storefront', url: web.url, interval_seconds: 60 },
        })
      ).json.data.monitor
      const check = () => t.call('POST', `/api/monitors/${monitor.id}/check`, { token })
      return { token, hook, email: `me-${hook.integration.id}@example.com`, monitor, check }
    }

    it('queues one delivery per channel in the outbox and sends each once, down and up, across a restart', async () => {
      const o = await outage()
      await o.check()
      await web.down()
      try {
        await o.check()
        await o.check()
      } finally {
        await web.up()
      }
      // Written with the incident, not sent yet.
      expect(webhooks()).toEqual([])
      const queued = await t.call('GET', `/api/integrations/${o.hook.integration.id}/deliveries`, { token: o.token })
      expect(queued.json.data.deliveries).toMatchObject([
        { kind: 'down', status: 'pending', title: 'Storefront is down' },
      ])

      await worker().runOnce()
      expect(webhooks()).toHaveLength(1)
      const down = JSON.parse(webhooks()[0]?.body as string)
      expect(down).toMatchObject({
        kind: 'down',
        title: 'Storefront is down',
        monitor: {
          id: o.monitor.id,
          name: 'Storefront',
          type: 'web',
          target: web.url,
          url: `http://app.test/web_monitorings/${o.monitor.id}`,
        },
      })
      expect(down.since).toBeTruthy()
      expect(down.last_error).toMatch(/refused/i)
      expect(mailsTo(o.email)).toHaveLength(1)

      // A restart: a new worker finds nothing left to send.
      await worker().runOnce()
      expect(webhooks()).toHaveLength(1)

      await o.check()
      await worker().runOnce()
      expect(webhooks().map((s) => JSON.parse(s.body).kind)).toEqual(['down', 'up'])
      expect(mailsTo(o.email).map((m) => /Subject: \[Vigil\] (.*)/.exec(m.raw)?.[1])).toEqual([
        'Storefront is down',
        'Storefront is back up',
      ])
    })

    it('retries a channel that is down with backoff, and two workers never send one delivery twice', async () => {
      const o = await outage()
      await web.down()
      try {
        await o.check()
        await o.check()
      } finally {
        await web.up()
      }
      chat.failNext({ status: 500 })
      await worker().runOnce()
      const first = (await t.call('GET', `/api/integrations/${o.hook.integration.id}/deliveries`, { token: o.token }))
        .json.data.deliveries[0]
      expect(first).toMatchObject({ status: 'pending', attempts: 1 })
      expect(Date.parse(first.next_attempt_at) - t.clock.now()).toBe(30_000)
      // Not due yet: nothing happens.
      await worker().runOnce()
      expect(webhooks()).toHaveLength(1)
      t.clock.advance(30_000)
      await Promise.all([worker().runOnce(), worker().runOnce()])
      expect(webhooks()).toHaveLength(2)
      const settled = (await t.call('GET', `/api/integrations/${o.hook.integration.id}/deliveries`, { token: o.token }))
        .json.data.deliveries[0]
      expect(settled).toMatchObject({ status: 'delivered', attempts: 2, last_error: null })
    })

    it('gives up on a failure retrying cannot help, and leaves switched-off channels out', async () => {
      const o = await outage()
      await t.call('PATCH', `/api/integrations/${o.hook.integration.id}`, {
        token: o.token,
        body: { url: `${chat.base}/nowhere/404` },
      })
      chat.failNext({ status: 404, body: 'no such hook' })
      await web.down()
      try {
        await o.check()
        await o.check()
      } finally {
        await web.up()
      }
      await worker().runOnce()
      const failed = (await t.call('GET', `/api/integrations/${o.hook.integration.id}/deliveries`, { token: o.token }))
        .json.data.deliveries[0]
      expect(failed).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null })
      expect(failed.last_error).toMatch(/404/)

      await t.call('PATCH', `/api/integrations/${o.hook.integration.id}`, { token: o.token, body: { enabled: false } })
      await o.check()
      const after = (await t.call('GET', `/api/integrations/${o.hook.integration.id}/deliveries`, { token: o.token }))
        .json.data.pagination.total
      expect(after).toBe(1)
    })

    it('alerts only the channels a monitor chose, and reminds them while it stays down', async () => {
      const { token } = await pro()
      const chosen = await addIntegration(token, { type: 'webhook', name: 'Chosen', url: `${chat.webhookUrl}chosen` })
      const other = await addIntegration(token, { type: 'webhook', name: 'Other', url: `${chat.webhookUrl}other` })
      const monitor = (
        await t.call('POST', '/api/monitors', {
          token,
          body: {
            type: 'web',
            name: 'Shop',
            url: web.url,
            interval_seconds: 60,
            integration_ids: [chosen.integration.id],
            reminder_minutes: 15,
            retries: 0,
          },
        })
      ).json.data.monitor
      expect(monitor).toMatchObject({ integration_ids: [chosen.integration.id], reminder_minutes: 15 })
      await web.down()
      try {
        await t.call('POST', `/api/monitors/${monitor.id}/check`, { token })
        t.clock.advance(10 * 60_000)
        await t.call('POST', `/api/monitors/${monitor.id}/check`, { token })
        t.clock.advance(5 * 60_000)
        await t.call('POST', `/api/monitors/${monitor.id}/check`, { token })
      } finally {
        await web.up()
      }
      await worker().runOnce()
      const kinds = webhooks().map((s) => ({
        path: s.path.replace(/^\/webhook\/vigil/, ''),
        kind: JSON.parse(s.body).kind,
        title: JSON.parse(s.body).title,
      }))
      expect(kinds).toEqual([
        { path: 'chosen', kind: 'down', title: 'Shop is down' },
        { path: 'chosen', kind: 'reminder', title: 'Shop is down (still, for 15 minutes)' },
      ])
      expect(
        (await t.call('GET', `/api/integrations/${other.integration.id}/deliveries`, { token })).json.data.pagination
          .total,
      ).toBe(0)
      // The bell told it once.
      const bell = (await t.call('GET', '/api/user_notification?limit=100', { token })).json.data.notificationList
      expect(bell.filter((n: { target_id: string }) => n.target_id === monitor.id)).toHaveLength(1)
    })
  })

  describe('Add to Slack', () => {
    const location = (res: { headers: Headers }) => new URL(res.headers.get('location') ?? '', 'http://app.test')

    it('sends the user to Slack with a state, and makes the integration from the code Slack gives back', async () => {
      const { token } = await pro()
      const cookie = `token=${token}`
      const install = await t.call('GET', '/api/integrations/slack/install', { cookie })
      expect(install.status).toBe(302)
      const to = location(install)
      expect(to.pathname).toBe('/slack/oauth/authorize')
      expect(to.searchParams.get('client_id')).toBe(SLACK_APP.clientId)
      expect(to.searchParams.get('scope')).toBe('incoming-webhook')
      expect(to.searchParams.get('redirect_uri')).toBe('http://app.test/api/integrations/slack/callback')
      const state = to.searchParams.get('state') as string

      const back = await t.call('GET', `/api/integrations/slack/callback?code=${SLACK_APP.code}&state=${state}`, {
        cookie,
      })
      const done = location(back)
      expect(done.pathname).toBe('/slack-connected')
      const id = done.searchParams.get('integration') as string
      const list = (await t.call('GET', '/api/integrations', { token })).json.data.integrations
      expect(list).toEqual([expect.objectContaining({ id, type: 'slack', name: 'Slack Acme #alerts' })])
      expect(chat.seen.find((s) => s.service === 'slack-oauth')?.body).toContain(
        `client_secret=${SLACK_APP.clientSecret}`,
      )

      // The state works once.
      const replay = await t.call('GET', `/api/integrations/slack/callback?code=${SLACK_APP.code}&state=${state}`, {
        cookie,
      })
      expect(location(replay).searchParams.get('error')).toMatch(
        /not started from your account here, or it has expired/,
      )
    })

    it("refuses a wrong state, another user's state, and a code Slack refuses", async () => {
      const a = await pro()
      const b = await pro()
      const wrong = await t.call('GET', `/api/integrations/slack/callback?code=${SLACK_APP.code}&state=forged`, {
        cookie: `token=${a.token}`,
      })
      expect(location(wrong).searchParams.get('error')).toMatch(/Try Add to Slack again/)
      const started = location(await t.call('GET', '/api/integrations/slack/install', { cookie: `token=${a.token}` }))
      const stolen = await t.call(
        'GET',
        `/api/integrations/slack/callback?code=${SLACK_APP.code}&state=${started.searchParams.get('state')}`,
        { cookie: `token=${b.token}` },
      )
      expect(location(stolen).searchParams.get('error')).toMatch(/not started from your account here/)
      const again = location(await t.call('GET', '/api/integrations/slack/install', { cookie: `token=${a.token}` }))
      const refused = await t.call(
        'GET',
        `/api/integrations/slack/callback?code=bad-code&state=${again.searchParams.get('state')}`,
        { cookie: `token=${a.token}` },
      )
      expect(location(refused).searchParams.get('error')).toMatch(/^Slack refused the installation: invalid_code\.$/)
      expect((await t.call('GET', '/api/integrations', { token: a.token })).json.data.integrations).toEqual([])
      expect((await t.call('GET', '/api/integrations', { token: b.token })).json.data.integrations).toEqual([])
      // Not signed in: to the login page.
      expect(location(await t.call('GET', '/api/integrations/slack/install')).pathname).toBe('/login')
    })
  })
})
