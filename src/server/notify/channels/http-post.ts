import http from 'node:http'
import { httpRequest } from '../../net/http-client.ts'
import type { TargetPolicy } from '../../net/target-policy.ts'
import type { ChannelContext } from './context.ts'
import { cancelled, DeliveryError, requiredSetting } from './delivery-error.ts'

// One POST per attempt for the alert channels, through the one HTTP client (net/http-client.ts, as the checks):
// the target policy at connect time, one deadline for the whole attempt, no redirect followed (a redirect
// could lead to an address the URL's check never saw) and at most ANSWER_CAP bytes of the answer read.

export const ANSWER_CAP = 64 * 1024
const USER_AGENT = 'Vigil-Alerts/1.0'

export interface PostRequest {
  url: string
  body: string
  /** Lower-case names; content-type included. */
  headers: Record<string, string>
  /** null for an API base the operator chose (Telegram's, Slack's token endpoint): no policy applies. */
  policy: TargetPolicy | null
  timeoutMs: number
  signal?: AbortSignal
}

export interface Answer {
  status: number
  headers: Record<string, string>
  /** At most ANSWER_CAP bytes, as text; empty for a redirect. */
  body: string
}

/** Resolves with any HTTP answer; rejects with a DeliveryError when there was none. */
export const post = async (request: PostRequest): Promise<Answer> => {
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    throw new DeliveryError('The URL of this integration is not valid.', false)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new DeliveryError('The URL of this integration is not an http or https URL.', false)
  const result = await httpRequest({
    url,
    method: 'POST',
    headers: { 'user-agent': USER_AGENT, accept: '*/*', 'accept-encoding': 'identity', ...request.headers },
    body: request.body,
    policy: request.policy,
    maxRedirects: 0,
    bodyCap: ANSWER_CAP,
    keepBody: true,
    verifyTls: true,
    deadline: performance.now() + request.timeoutMs,
    seconds: request.timeoutMs / 1000,
    signal: request.signal,
  })
  if ('response' in result) {
    const { status, headers, body } = result.response
    return { status, headers, body: status >= 300 && status < 400 ? '' : body }
  }
  if (result.cancelled) throw cancelled()
  // A refusal by the target policy cannot heal by retrying; a network failure may.
  throw new DeliveryError(result.failure, !result.refused)
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
export const retryAfterMs = (value: string | undefined, now = Date.now()): number | undefined => {
  if (value === undefined) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/**
 * An answer's body as the JSON object it should be, its fields to be read with care; null when it is not JSON or
 * not an object.
 */
export const jsonObjectOf = <T extends object>(body: string): T | null => {
  try {
    const value: unknown = JSON.parse(body)
    return typeof value === 'object' && value !== null ? (value as T) : null
  } catch {
    return null
  }
}

/** What the receiver said, short: a JSON error's message, or the text itself (never an HTML page). */
export const answerExcerpt = (answer: Answer): string => {
  const type = answer.headers['content-type'] ?? ''
  if (type.includes('html')) return ''
  const json = jsonObjectOf<Record<string, unknown>>(answer.body)
  const said = json && [json.message, json.description, json.error].find((x) => typeof x === 'string')
  // Not JSON, or nothing said in it: the text as it is.
  const text = typeof said === 'string' ? said : answer.body
  const short = text.replace(/\s+/g, ' ').trim().replace(/\.$/, '')
  return short.length > 200 ? `${short.slice(0, 200)}…` : short
}

/**
 * null for a 2xx answer, else the DeliveryError for it: a redirect names its Location and is not followed;
 * 408, 429 and 5xx may pass (retryable, with Retry-After); any other 4xx will not.
 */
export const statusFailure = (answer: Answer, service: string): DeliveryError | null => {
  const { status } = answer
  if (status >= 200 && status < 300) return null
  if (status >= 300 && status < 400) {
    const location = (answer.headers.location ?? '').slice(0, 200)
    const where = location ? ` to ${location}` : ''
    return new DeliveryError(
      `${service} answered ${status}, a redirect${where}. Redirects are not followed: put the final URL in the integration.`,
      false,
    )
  }
  const reason = http.STATUS_CODES[status]
  const excerpt = answerExcerpt(answer)
  const message = `${service} answered ${status}${reason ? ` ${reason}` : ''}${excerpt ? `: ${excerpt}` : ''}.`
  const retryable = status === 408 || status === 429 || status >= 500
  return new DeliveryError(message, retryable, retryable ? retryAfterMs(answer.headers['retry-after']) : undefined)
}

export const JSON_TYPE = { 'content-type': 'application/json' }

/** A chat service's webhook post: `message` as JSON to the channel's `url` setting, within the attempt's limits. */
export const postToWebhook = (settings: Record<string, unknown>, message: unknown, ctx: ChannelContext) =>
  post({
    url: requiredSetting(settings, 'url', 'webhook URL'),
    body: JSON.stringify(message),
    headers: JSON_TYPE,
    policy: ctx.policy,
    timeoutMs: ctx.timeoutMs,
    signal: ctx.signal,
  })
