import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sendAlert } from '../../../src/server/notify/channels/index.ts'
import { alertEvent, context, failureOf, TELEGRAM_TOKEN } from './alerts.ts'
import { type ChatServers, startChatServers, type Trouble } from './chat-servers.ts'

// Telegram's failures: its { ok: false, error_code, description } answers, retry_after, and a bot token that
// never shows in an error message.

const SECRET_PART = TELEGRAM_TOKEN.slice(TELEGRAM_TOKEN.indexOf(':') + 1)

let chat: ChatServers
beforeAll(async () => {
  chat = await startChatServers()
})
afterAll(() => chat.close())
beforeEach(() => chat.reset())

const send = (settings: Record<string, unknown> = {}, timeoutMs = 5000) =>
  sendAlert(
    { type: 'telegram', settings: { bot_token: TELEGRAM_TOKEN, chat_id: '@vigil_alerts', ...settings } },
    alertEvent(),
    'd1',
    context({ telegramApiUrl: `${chat.telegramApiUrl}/`, timeoutMs }),
  )

const telegramError = (status: number, description: string, extra: object = {}): Trouble => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ok: false, error_code: status, description, ...extra }),
})

describe('Telegram', () => {
  it('puts Telegram’s description in the message; a wrong chat is not retryable', async () => {
    chat.failNext(telegramError(400, 'Bad Request: chat not found'))
    const err = await failureOf(send())
    expect(err.message).toBe('Telegram refused the message (400): Bad Request: chat not found.')
    expect(err.retryable).toBe(false)
  })

  it('a bot blocked by the user is not retryable', async () => {
    chat.failNext(telegramError(403, 'Forbidden: bot was blocked by the user'))
    const err = await failureOf(send())
    expect([err.message, err.retryable]).toEqual([
      'Telegram refused the message (403): Forbidden: bot was blocked by the user.',
      false,
    ])
  })

  it('429 is retryable after Telegram’s retry_after', async () => {
    chat.failNext(telegramError(429, 'Too Many Requests: retry after 5', { parameters: { retry_after: 5 } }))
    const err = await failureOf(send())
    expect([err.retryable, err.retryAfterMs]).toEqual([true, 5000])
  })

  it('a 5xx is retryable', async () => {
    chat.failNext(telegramError(502, 'Bad Gateway'))
    expect((await failureOf(send())).retryable).toBe(true)
    chat.failNext({ status: 500, body: 'oops' })
    const plain = await failureOf(send())
    expect([plain.message, plain.retryable]).toEqual(['Telegram answered 500 Internal Server Error: oops.', true])
  })

  it('a revoked token says to check it, without showing it', async () => {
    chat.failNext(telegramError(401, 'Unauthorized'))
    const err = await failureOf(send())
    expect(err.message).toBe(
      'Telegram refused the message (401): Unauthorized: the bot token is wrong or was revoked; check it with @BotFather.',
    )
    expect(err.retryable).toBe(false)
  })

  it('an answer that is not the Bot API’s is not retryable', async () => {
    chat.failNext({ status: 200, body: '<html>proxy login</html>' })
    const err = await failureOf(send())
    expect(err.message).toMatch(/not with the Bot API's \{ "ok": true \}: check TELEGRAM_API_URL/)
  })

  it('never shows the token in an error, whatever failed', async () => {
    const troubles: Trouble[] = [
      { redirect: `${chat.telegramApiUrl}/bot${TELEGRAM_TOKEN}/sendMessage?again=1` },
      { redirect: `https://example.test/bot${encodeURIComponent(TELEGRAM_TOKEN)}/x` },
      { status: 400, body: JSON.stringify({ ok: false, error_code: 400, description: `bad token ${TELEGRAM_TOKEN}` }) },
      { status: 502, body: `upstream said: /bot${TELEGRAM_TOKEN}/sendMessage failed` },
      'slow',
      'close',
    ]
    const messages: string[] = []
    for (const trouble of troubles) {
      chat.failNext(trouble)
      messages.push((await failureOf(send({}, 300))).message)
    }
    expect(messages).toHaveLength(troubles.length)
    for (const message of messages) expect(message).not.toContain(SECRET_PART)
    expect(messages[0]).toContain(`/bot123456789:…${SECRET_PART.slice(-4)}/sendMessage`)
  })

  it('without a chat id nothing is sent', async () => {
    const err = await failureOf(send({ chat_id: '' }))
    expect([err.message, err.retryable]).toEqual(['This integration has no chat id: edit it and add one.', false])
    expect(chat.seen).toHaveLength(0)
  })
})
