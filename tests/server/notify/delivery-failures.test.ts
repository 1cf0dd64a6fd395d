import net, { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { IntegrationType } from '@vigil/domain/integration.schema'
import { DeliveryError, sendAlert } from '../../../src/server/notify/channels/index.ts'
import { alertEvent, context, failureOf } from './alerts.ts'
import { type ChatServers, startChatServers } from './chat-servers.ts'

// How the webhook-style channels (Slack, Teams, Discord, the generic webhook) fail: which failures a later
// attempt may cure, the target policy before any connection, no redirect followed, the attempt's deadline.

let chat: ChatServers
beforeAll(async () => {
  chat = await startChatServers()
})
afterAll(() => chat.close())
beforeEach(() => chat.reset())

const CHANNELS: { type: IntegrationType; url: () => string; name: string }[] = [
  { type: 'slack', url: () => chat.slackUrl, name: 'Slack' },
  { type: 'teams', url: () => chat.teamsUrl, name: 'Microsoft Teams' },
  { type: 'discord', url: () => chat.discordUrl, name: 'Discord' },
  { type: 'webhook', url: () => chat.webhookUrl, name: 'The webhook' },
]

const send = (type: IntegrationType, url: string, ctx = context()) =>
  sendAlert({ type, settings: { url, secret: 'a-webhook-secret-of-some-length' } }, alertEvent(), 'd1', ctx)

describe.each(CHANNELS)('$type', ({ type, url, name }) => {
  it('resolves when the receiver accepts the message', async () => {
    await send(type, url())
    expect(chat.seen.map((s) => s.service)).toEqual([type])
  })

  it.each([
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [408, 'Request Timeout'],
  ])('%i is retryable', async (status, reason) => {
    chat.failNext({ status, body: 'upstream trouble', headers: { 'content-type': 'text/plain' } })
    const err = await failureOf(send(type, url()))
    expect(err).toBeInstanceOf(DeliveryError)
    expect(err.message).toBe(`${name} answered ${status} ${reason}: upstream trouble.`)
    expect(err.retryable).toBe(true)
  })

  it('429 is retryable and passes Retry-After back, in seconds or as a date', async () => {
    chat.failNext({ status: 429, headers: { 'retry-after': '7' }, body: '' })
    const seconds = await failureOf(send(type, url()))
    expect([seconds.retryable, seconds.retryAfterMs]).toEqual([true, 7000])
    expect(seconds.message).toBe(`${name} answered 429 Too Many Requests.`)

    chat.failNext({ status: 429, headers: { 'retry-after': new Date(Date.now() + 60_000).toUTCString() } })
    const date = await failureOf(send(type, url()))
    expect(date.retryAfterMs).toBeGreaterThan(55_000)
    expect(date.retryAfterMs).toBeLessThanOrEqual(60_000)
  })

  it.each([400, 401, 403, 404, 413])('%i is not retryable', async (status) => {
    chat.failNext({
      status,
      body: JSON.stringify({ message: 'Nope' }),
      headers: { 'content-type': 'application/json' },
    })
    const err = await failureOf(send(type, url()))
    expect(err.message).toMatch(new RegExp(`^${name} answered ${status} [A-Za-z ]+: Nope\\.$`))
    expect(err.retryable).toBe(false)
  })

  it('does not follow a redirect, and names where it pointed', async () => {
    chat.failNext({ redirect: `${chat.base}/webhook/elsewhere`, status: 307 })
    const err = await failureOf(send(type, url()))
    expect(err.message).toBe(
      `${name} answered 307, a redirect to ${chat.base}/webhook/elsewhere. Redirects are not followed: put the final URL in the integration.`,
    )
    expect(err.retryable).toBe(false)
    expect(chat.seen).toHaveLength(1)
  })

  it('gives up at the attempt’s deadline (retryable)', async () => {
    chat.failNext('slow')
    const started = performance.now()
    const err = await failureOf(send(type, url(), context({ timeoutMs: 300 })))
    expect(performance.now() - started).toBeLessThan(2000)
    expect(err.message).toBe('No response within 0.3 s.')
    expect(err.retryable).toBe(true)
  })

  it('a connection closed without an answer is retryable', async () => {
    chat.failNext('close')
    const err = await failureOf(send(type, url()))
    expect(err.message).toBe(`The server at 127.0.0.1:${chat.port} closed the connection without a response.`)
    expect(err.retryable).toBe(true)
  })

  it('refuses a private address when private targets are not allowed, before connecting', async () => {
    const before = chat.connections()
    const err = await failureOf(send(type, url(), context({ policy: { allowPrivate: false } })))
    expect(err.message).toBe(
      'Refused: 127.0.0.1 is a loopback address. Set ALLOW_PRIVATE_TARGETS=true to monitor private networks.',
    )
    expect(err.retryable).toBe(false)
    expect(chat.connections()).toBe(before)
  })

  it('refuses a cloud metadata address even when private targets are allowed', async () => {
    for (const metadata of ['http://169.254.169.254/latest/meta-data/', 'http://[::ffff:169.254.169.254]/']) {
      const err = await failureOf(send(type, metadata, context({ policy: { allowPrivate: true } })))
      expect(err.message).toMatch(/^Refused: .*a cloud metadata address, which is never monitored\.$/)
      expect(err.retryable).toBe(false)
    }
  })
})

describe('the connection', () => {
  it('checks a name’s resolved address when it connects (localhost resolves to loopback)', async () => {
    const before = chat.connections()
    const err = await failureOf(
      send('webhook', `http://localhost:${chat.port}/webhook/x`, context({ policy: { allowPrivate: false } })),
    )
    expect(err.message).toMatch(/^Refused: localhost resolves to (127\.0\.0\.1|::1), which is a loopback address\./)
    expect(err.retryable).toBe(false)
    expect(chat.connections()).toBe(before)
  })

  it('a refused connection is retryable', async () => {
    const closed = net.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const err = await failureOf(send('webhook', `http://127.0.0.1:${port}/webhook/x`))
    expect(err.message).toBe(`Connection refused by 127.0.0.1:${port}.`)
    expect(err.retryable).toBe(true)
  })

  it('reads at most 64 KB of an answer and does not wait for the rest', async () => {
    chat.failNext('huge')
    await send('webhook', chat.webhookUrl)
    expect(chat.hugeFinished()).toBe(false)
  })

  it('cuts a long error answer to a short excerpt and never quotes an HTML page', async () => {
    chat.failNext({ status: 500, body: 'x'.repeat(100_000), headers: { 'content-type': 'text/plain' } })
    const long = await failureOf(send('webhook', chat.webhookUrl))
    expect(long.message).toBe(`The webhook answered 500 Internal Server Error: ${'x'.repeat(200)}….`)
    chat.failNext({
      status: 502,
      body: '<html><body>Bad gateway</body></html>',
      headers: { 'content-type': 'text/html' },
    })
    const html = await failureOf(send('webhook', chat.webhookUrl))
    expect(html.message).toBe('The webhook answered 502 Bad Gateway.')
  })

  it('stops at once when the worker cancels, and says the alert is still owed', async () => {
    chat.failNext('slow')
    const controller = new AbortController()
    const sending = failureOf(send('webhook', chat.webhookUrl, context({ signal: controller.signal })))
    setTimeout(() => controller.abort(), 100)
    const err = await sending
    expect(err.message).toBe('The delivery was cancelled.')
    expect(err.retryable).toBe(true)
  })

  it('refuses a URL that is not http or https', async () => {
    const err = await failureOf(send('webhook', 'ftp://127.0.0.1/x'))
    expect(err.message).toBe('The URL of this integration is not an http or https URL.')
    expect(err.retryable).toBe(false)
  })
})

describe('Slack’s own answers', () => {
  it.each([404, 410])('%i no_service asks to reconnect Slack, not retryable', async (status) => {
    chat.failNext({ status, body: 'no_service', headers: { 'content-type': 'text/plain' } })
    const err = await failureOf(send('slack', chat.slackUrl))
    expect(err.message).toBe(`Slack no longer knows this webhook (${status} no_service): reconnect Slack.`)
    expect(err.retryable).toBe(false)
  })

  it('an archived channel is not retryable', async () => {
    chat.failNext({ status: 410, body: 'channel_is_archived' })
    const err = await failureOf(send('slack', chat.slackUrl))
    expect(err.message).toMatch(/archived \(410 channel_is_archived\): reconnect Slack/)
    expect(err.retryable).toBe(false)
  })
})

describe('Discord’s and Teams’ own answers', () => {
  it('Discord’s Unknown Webhook asks for a new webhook', async () => {
    chat.failNext({ status: 404, body: JSON.stringify({ message: 'Unknown Webhook', code: 10015 }) })
    const err = await failureOf(send('discord', chat.discordUrl))
    expect(err.message).toMatch(/^Discord no longer knows this webhook \(404 Unknown Webhook\)/)
    expect(err.retryable).toBe(false)
  })

  it('an old Teams connector’s failure inside a 200 is a failure, retryable when Teams was busy', async () => {
    const failed = 'Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error 429'
    chat.failNext({ status: 200, body: failed })
    const busy = await failureOf(send('teams', chat.teamsUrl))
    expect(busy.message).toBe(`Microsoft Teams did not deliver the message: ${failed}`)
    expect(busy.retryable).toBe(true)
    chat.failNext({ status: 200, body: 'Webhook message delivery failed with error: ConnectorConfiguration not found' })
    expect((await failureOf(send('teams', chat.teamsUrl))).retryable).toBe(false)
    chat.failNext({ status: 200, body: '1' })
    await send('teams', chat.teamsUrl)
  })
})

describe('sendAlert', () => {
  it('an integration without its URL is not retryable', async () => {
    const err = await failureOf(sendAlert({ type: 'discord', settings: {} }, alertEvent(), 'd1', context()))
    expect(err.message).toBe('This integration has no webhook URL: edit it and add one.')
    expect(err.retryable).toBe(false)
  })

  it('an unknown type is not retryable', async () => {
    const err = await failureOf(
      sendAlert({ type: 'pager' as IntegrationType, settings: {} }, alertEvent(), 'd1', context()),
    )
    expect(err.message).toBe('Alerts cannot be sent to integrations of type pager.')
    expect(err.retryable).toBe(false)
  })

  it('sends nothing once cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    const err = await failureOf(send('slack', chat.slackUrl, context({ signal: controller.signal })))
    expect([err.message, err.retryable]).toEqual(['The delivery was cancelled.', true])
    expect(chat.seen).toHaveLength(0)
  })
})
