import { createHmac, timingSafeEqual } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sendAlert } from '../../../src/server/notify/channels/index.ts'
import { alertEvent, context, EVIL_NAME, evilEvent } from './alerts.ts'
import { type ChatServers, startChatServers } from './chat-servers.ts'

// The generic webhook: the documented payload, its headers, and a signature a receiver can check.

const SECRET = 'whsec-0123456789abcdef-ü'

let chat: ChatServers
beforeAll(async () => {
  chat = await startChatServers()
})
afterAll(() => chat.close())
beforeEach(() => chat.reset())

/** What a receiver does: HMAC-SHA256 of the raw body with the shared secret, compared in constant time. */
const verify = (raw: Buffer, header: string | string[] | undefined, secret: string) => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`)
  const given = Buffer.from(String(header ?? ''))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const deliver = (event = alertEvent(), deliveryId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', secret = SECRET) =>
  sendAlert({ type: 'webhook', settings: { url: chat.webhookUrl, secret } }, event, deliveryId, context())

describe('webhook', () => {
  it('posts the alert as JSON with the delivery id', async () => {
    await deliver()
    const [seen] = chat.seen
    expect(JSON.parse(seen?.body ?? '')).toEqual({
      id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      kind: 'down',
      title: 'Shop is down',
      description: 'Shop has been unreachable since 02 Mar 2026, 10:00 UTC: Expected 200, got 500.',
      at: '2026-03-02T10:01:00.000Z',
      monitor: {
        id: 'mon_1',
        name: 'Shop',
        type: 'web',
        target: 'https://shop.example.com/health',
        url: 'https://app.vigil.test/monitors/web/mon_1',
      },
      since: '2026-03-02T10:00:00.000Z',
      last_error: 'Expected 200, got 500.',
    })
    expect(seen?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Vigil-Alerts/1.0',
      'x-vigil-event': 'down',
      'x-vigil-delivery': '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    })
  })

  it('signs the exact body bytes with the integration’s secret (X-Signature-256)', async () => {
    await deliver(evilEvent())
    const [seen] = chat.seen
    if (!seen) throw new Error('no request')
    expect(seen.headers['x-signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/)
    expect(verify(seen.raw, seen.headers['x-signature-256'], SECRET)).toBe(true)
    expect(verify(seen.raw, seen.headers['x-signature-256'], `${SECRET}x`)).toBe(false)
    // A body changed on the way no longer matches.
    const tampered = Buffer.from(seen.body.replace('down', 'up!!'))
    expect(verify(tampered, seen.headers['x-signature-256'], SECRET)).toBe(false)
    // JSON carries the name as it is: escaping is the receiver's business in its own format.
    expect(JSON.parse(seen.body).monitor.name).toBe(EVIL_NAME)
  })

  it('repeats the same body, id and signature on a retry, so a receiver can drop the repeat', async () => {
    chat.failNext({ status: 503 })
    await expect(deliver()).rejects.toMatchObject({ retryable: true })
    await deliver()
    const [first, retry] = chat.seen
    expect(retry?.body).toBe(first?.body)
    expect(retry?.headers['x-vigil-delivery']).toBe(first?.headers['x-vigil-delivery'])
    expect(retry?.headers['x-signature-256']).toBe(first?.headers['x-signature-256'])
  })

  it('names each kind in X-Vigil-Event', async () => {
    await deliver(alertEvent({ kind: 'up', title: 'Shop is back up' }))
    await deliver(alertEvent({ kind: 'test', monitor: null, since: null, last_error: null }))
    expect(chat.seen.map((s) => s.headers['x-vigil-event'])).toEqual(['up', 'test'])
    expect(JSON.parse(chat.seen[1]?.body ?? '').monitor).toBeNull()
  })

  it('goes out unsigned when the integration has no secret', async () => {
    await sendAlert({ type: 'webhook', settings: { url: chat.webhookUrl } }, alertEvent(), 'd2', context())
    expect(chat.seen[0]?.headers['x-vigil-delivery']).toBe('d2')
    expect(chat.seen[0]?.headers['x-signature-256']).toBeUndefined()
  })
})
