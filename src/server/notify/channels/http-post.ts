import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { failureMessage, type Phase, timeoutMessage } from '../../checks/http.check.ts'
import { addressProblem, policyLookup, type TargetPolicy } from '../../checks/target-policy.ts'
import { hostPort } from '../../checks/tcp.check.ts'
import { cancelled, DeliveryError } from './delivery-error.ts'

// One POST per attempt for the alert channels, on a fresh connection made through the target policy's
// lookup (so the address checked is the address connected to, as in the checks), with one deadline for the
// whole attempt, no redirect followed (a redirect could lead to an address the URL's check never saw) and
// at most ANSWER_CAP bytes of the answer read.

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
export const post = (request: PostRequest): Promise<Answer> => {
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    return Promise.reject(new DeliveryError('The URL of this integration is not valid.', false))
  }
  const secure = url.protocol === 'https:'
  if (!secure && url.protocol !== 'http:')
    return Promise.reject(new DeliveryError('The URL of this integration is not an http or https URL.', false))
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
  const port = Number(url.port) || (secure ? 443 : 80)
  // Node skips `lookup` for an IP literal, so a literal is checked here, before any connection.
  const refused = request.policy && net.isIP(host) !== 0 ? addressProblem(host, request.policy) : null
  if (refused) return Promise.reject(new DeliveryError(refused, false))
  if (request.signal?.aborted) return Promise.reject(cancelled())

  return new Promise((resolve, reject) => {
    let phase: Phase = net.isIP(host) ? 'connect' : 'resolve'
    let status = 0
    let settled = false
    const finish = (outcome: { answer: Answer } | { error: DeliveryError }) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      request.signal?.removeEventListener('abort', onAbort)
      req.destroy()
      if ('answer' in outcome) resolve(outcome.answer)
      else reject(outcome.error)
    }
    const fail = (err: unknown) => {
      const refusal = (err as NodeJS.ErrnoException)?.code === 'ETARGETREFUSED'
      finish({ error: new DeliveryError(failureMessage(err, phase, host, port), !refusal) })
    }
    const onAbort = () => finish({ error: cancelled() })
    const seconds = request.timeoutMs / 1000
    const timer = setTimeout(
      () =>
        finish({ error: new DeliveryError(timeoutMessage(phase, host, hostPort(host, port), seconds, status), true) }),
      request.timeoutMs,
    )
    request.signal?.addEventListener('abort', onAbort, { once: true })

    const req = (secure ? https : http).request({
      method: 'POST',
      host,
      port,
      path: `${url.pathname}${url.search}`,
      headers: {
        'user-agent': USER_AGENT,
        accept: '*/*',
        'accept-encoding': 'identity',
        ...request.headers,
        'content-length': String(Buffer.byteLength(request.body)),
      },
      // A connection of its own each time: no pooled socket skips the lookup.
      agent: false,
      ...(request.policy ? { lookup: policyLookup(request.policy) } : {}),
    })
    req.on('socket', (socket) => {
      socket.once('lookup', () => (phase = 'connect'))
      socket.once('connect', () => (phase = secure ? 'tls' : 'headers'))
      if (secure) socket.once('secureConnect', () => (phase = 'headers'))
    })
    req.on('error', fail)
    req.on('response', (res: IncomingMessage) => {
      phase = 'body'
      status = res.statusCode ?? 0
      const headers = flatHeaders(res)
      res.on('error', fail)
      if (status >= 300 && status < 400) {
        finish({ answer: { status, headers, body: '' } })
        return
      }
      readCapped(res, fail, (body) => finish({ answer: { status, headers, body } }))
    })
    req.end(request.body)
  })
}

const flatHeaders = (res: IncomingMessage): Record<string, string> => {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(res.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  return headers
}

/** Reads the answer up to ANSWER_CAP bytes; a longer one is cut there (its end is never needed). */
const readCapped = (res: IncomingMessage, fail: (err: unknown) => void, done: (body: string) => void) => {
  const chunks: Buffer[] = []
  let size = 0
  let finished = false
  const end = () => {
    if (finished) return
    finished = true
    done(Buffer.concat(chunks, size).toString())
  }
  res.on('data', (chunk: Buffer) => {
    if (finished) return
    const room = ANSWER_CAP - size
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk)
    size += Math.min(chunk.length, room)
    if (size === ANSWER_CAP) end()
  })
  res.on('end', end)
  res.on('close', () => {
    if (!res.complete && !finished) fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
  })
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
export const retryAfterMs = (value: string | undefined, now = Date.now()): number | undefined => {
  if (value === undefined) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** What the receiver said, short: a JSON error's message, or the text itself (never an HTML page). */
export const answerExcerpt = (answer: Answer): string => {
  const type = answer.headers['content-type'] ?? ''
  if (type.includes('html')) return ''
  let text = answer.body
  try {
    const json = JSON.parse(text) as Record<string, unknown>
    const said = [json.message, json.description, json.error].find((x) => typeof x === 'string')
    if (typeof said === 'string') text = said
  } catch {
    // not JSON: the text as it is
  }
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
