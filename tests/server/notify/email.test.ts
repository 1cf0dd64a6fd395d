import net, { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sendAlert } from '../../../src/server/notify/channels/index.ts'
import { alertEvent, context, EVIL_NAME, evilEvent, failureOf } from './alerts.ts'
import { readMail, startSmtp, type TestSmtp } from './smtp-server.ts'

// Alert mail through a real SMTP server on loopback: what arrives, and which refusals a later attempt may cure.

let smtp: TestSmtp
beforeAll(async () => {
  smtp = await startSmtp()
})
afterAll(() => smtp.close())
beforeEach(() => {
  smtp.received.length = 0
})

const send = (event = alertEvent(), email = 'ops@example.com', ctx = context({ smtp: smtp.settings })) =>
  sendAlert({ type: 'email', settings: { email } }, event, 'd1', ctx)

describe('email', () => {
  it('sends the subject, a text body and the same in HTML from SMTP_FROM to the integration’s address', async () => {
    await send()
    const [mail] = smtp.received
    expect(mail?.from).toBe('alerts@vigil.test')
    expect(mail?.to).toEqual(['ops@example.com'])
    const parsed = readMail(mail?.raw ?? '')
    expect(parsed.headers.from).toBe('Vigil <alerts@vigil.test>')
    expect(parsed.subject).toBe('[Vigil] Shop is down')
    expect(parsed.text.split(/\r?\n/)).toEqual([
      'Shop has been unreachable since 02 Mar 2026, 10:00 UTC: Expected 200, got 500.',
      '',
      'Monitor: Shop',
      'Target: https://shop.example.com/health',
      'Since: 02 Mar 2026, 10:00 UTC',
      'Last error: Expected 200, got 500.',
      '',
      'Open the monitor: https://app.vigil.test/monitors/web/mon_1',
    ])
    expect(parsed.html).toContain('<h2 style="color:#dc2626;margin:0 0 8px">Shop is down</h2>')
    expect(parsed.html).toContain('<a href="https://app.vigil.test/monitors/web/mon_1">Open the monitor</a>')
  })

  it('escapes a hostile name in the HTML and keeps it as written in the text', async () => {
    await send(evilEvent())
    const parsed = readMail(smtp.received[0]?.raw ?? '')
    expect(parsed.subject).toBe(`[Vigil] ${EVIL_NAME} is down`)
    expect(parsed.text).toContain(`Monitor: ${EVIL_NAME}`)
    expect(parsed.html).not.toContain('<script')
    expect(parsed.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &lt;!channel&gt;')
    // The only tags are the template's own.
    const tags = new Set(parsed.html.match(/<\/?[a-z0-9]+/g))
    expect([...tags].sort()).toEqual([
      '</a',
      '</h2',
      '</p',
      '</table',
      '</td',
      '</th',
      '</tr',
      '<a',
      '<h2',
      '<p',
      '<table',
      '<td',
      '<th',
      '<tr',
    ])
  })

  it('cannot be steered by a name with line breaks: one subject line, no extra recipient', async () => {
    const name = 'Shop\r\nBcc: thief@evil.test\r\n\r\n<b>x</b>'
    await send(alertEvent({}, name))
    const [mail] = smtp.received
    expect(mail?.to).toEqual(['ops@example.com'])
    const parsed = readMail(mail?.raw ?? '')
    expect(parsed.headers.bcc).toBeUndefined()
    expect(parsed.subject).not.toMatch(/[\r\n]/)
    expect(parsed.subject).toContain('Bcc: thief@evil.test')
  })

  it('without SMTP settings fails at once, not retryable', async () => {
    const err = await failureOf(send(alertEvent(), 'ops@example.com', context()))
    expect(err.message).toBe('Email cannot be sent: this server has no SMTP settings (SMTP_HOST).')
    expect(err.retryable).toBe(false)
  })

  it('a temporary refusal (451) is retryable', async () => {
    smtp.refuseNext({ at: 'data', code: 451, message: '4.3.0 Mailbox busy, try again later' })
    const err = await failureOf(send())
    expect(err.message).toBe('The mail server asked to try again later: 451 4.3.0 Mailbox busy, try again later.')
    expect(err.retryable).toBe(true)
    await send()
    expect(smtp.received).toHaveLength(1)
  })

  it('a permanent refusal (550) is not retryable', async () => {
    smtp.refuseNext({ at: 'rcpt', code: 550, message: '5.1.1 No such user here' })
    const err = await failureOf(send(alertEvent(), 'nobody@example.com'))
    expect(err.message).toMatch(/^The mail server refused the message: .*550 5\.1\.1 No such user here/)
    expect(err.retryable).toBe(false)
    expect(smtp.received).toHaveLength(0)
  })

  it('a mail server that cannot be reached is retryable', async () => {
    const closed = net.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const down = { ...smtp.settings, port }
    const err = await failureOf(send(alertEvent(), 'ops@example.com', context({ smtp: down })))
    expect(err.message).toMatch(new RegExp(`^Could not reach the mail server 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`))
    expect(err.retryable).toBe(true)
  })

  it('a mail server that never greets is given up at the deadline (retryable)', async () => {
    const sockets: net.Socket[] = []
    const silent = net.createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as AddressInfo
    try {
      const started = performance.now()
      const ctx = context({ smtp: { ...smtp.settings, port }, timeoutMs: 300 })
      const err = await failureOf(send(alertEvent(), 'ops@example.com', ctx))
      expect(performance.now() - started).toBeLessThan(2000)
      expect(err.retryable).toBe(true)
      expect(err.message).toBe('The mail server did not take the message within 0.3 s.')
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })
})
