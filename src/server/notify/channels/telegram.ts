import type { AlertEvent } from '@vigil/domain/alert'
import { telegramMessage } from '@vigil/domain/alert-templates'
import type { ChannelContext } from './context.ts'
import { DeliveryError, requiredSetting } from './delivery-error.ts'
import { type Answer, JSON_TYPE, jsonObjectOf, post, retryAfterMs, statusFailure } from './http-post.ts'

// Telegram's Bot API: sendMessage in HTML mode. The API base is the operator's choice (TELEGRAM_API_URL), so
// the target policy does not apply to it. The bot token is part of the URL: no message may carry it.

interface TelegramAnswer {
  ok?: unknown
  error_code?: unknown
  description?: unknown
  parameters?: { retry_after?: unknown }
}

export const sendTelegram = async (settings: Record<string, unknown>, event: AlertEvent, ctx: ChannelContext) => {
  const token = requiredSetting(settings, 'bot_token', 'bot token')
  const chatId = requiredSetting(settings, 'chat_id', 'chat id')
  try {
    const answer = await post({
      url: `${ctx.telegramApiUrl.replace(/\/+$/, '')}/bot${token}/sendMessage`,
      body: JSON.stringify(telegramMessage(event, chatId)),
      headers: JSON_TYPE,
      policy: null,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
    })
    const failure = telegramFailure(answer)
    if (failure) throw failure
  } catch (err) {
    throw masked(err, token)
  }
}

const telegramFailure = (answer: Answer): DeliveryError | null => {
  const parsed = jsonObjectOf<TelegramAnswer>(answer.body)
  if (answer.status >= 200 && answer.status < 300 && parsed?.ok === true) return null
  if (parsed?.ok !== false) {
    return (
      statusFailure(answer, 'Telegram') ??
      new DeliveryError('Telegram answered, but not with the Bot API\'s { "ok": true }: check TELEGRAM_API_URL.', false)
    )
  }
  const code = typeof parsed.error_code === 'number' ? parsed.error_code : answer.status
  const said = typeof parsed.description === 'string' ? parsed.description.slice(0, 300) : 'no reason given'
  const hint = code === 401 || code === 404 ? ': the bot token is wrong or was revoked; check it with @BotFather' : ''
  const retryable = code === 429 || code >= 500
  const wait = parsed.parameters?.retry_after
  return new DeliveryError(
    `Telegram refused the message (${code}): ${said.replace(/\.$/, '')}${hint}.`,
    retryable,
    retryable ? (typeof wait === 'number' ? wait * 1000 : retryAfterMs(answer.headers['retry-after'])) : undefined,
  )
}

/**
 * The error with the token's secret part masked wherever it appears (a redirect's Location or a proxy's text
 * may hold the URL); the bot's number before the colon is not a secret.
 */
const masked = (err: unknown, token: string): DeliveryError => {
  const error = err instanceof DeliveryError ? err : new DeliveryError(String(err), true)
  const secret = token.slice(token.indexOf(':') + 1)
  if (!error.message.includes(secret)) return error
  const message = error.message.split(secret).join(`…${secret.slice(-4)}`)
  return new DeliveryError(message, error.retryable, error.retryAfterMs)
}
