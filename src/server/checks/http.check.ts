import http, { type IncomingMessage } from 'node:http'
import net from 'node:net'
import tls from 'node:tls'
import zlib from 'node:zlib'
import { type Assertion, failedAssertion } from '../../domain/assertion.ts'
import type { CheckOutcome } from '../../domain/check-result.ts'
import { parseExpectedStatus, statusMatches } from '../../domain/expected-status.ts'
import type { CheckContext, CheckTarget } from './index.ts'
import { addressProblem, policyLookup } from './target-policy.ts'
import { CANCELLED, hostPort, networkProblem } from './tcp.check.ts'

// Web and API monitors over node:http. Each check opens its own connection (no agent, no keep-alive) with
// the policy's lookup, so the address checked is the address connected to, on every redirect hop too.
// node:http rather than undici: a socket we create ourselves (net/tls.connect) gives the lookup, SNI,
// verify_tls and the connect/TLS/headers/body phases for the timeout messages without a dispatcher
// per check, and no dependency.

type HttpMonitor = Extract<CheckTarget, { type: 'web' | 'api' }>
type Detail = NonNullable<CheckOutcome['detail']>

export const BODY_CAP = 1024 * 1024
export const MAX_REDIRECTS = 10
const USER_AGENT = 'Vigil-Monitor/1.0'
const REDIRECTS = new Set([301, 302, 303, 307, 308])
// Request headers that describe a body; dropped when a redirect turns the request into a GET.
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']
// Credentials that must not follow a redirect to another origin.
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization']

interface HopRequest {
  url: URL
  method: string
  headers: Record<string, string>
  body: string | undefined
  /** Whether the body is kept (keyword, JSON assertions) or only counted. */
  keepBody: boolean
  /** Whether a 3xx with a Location is returned at once, without its body. */
  followRedirects: boolean
  verifyTls: boolean
  deadline: number
  seconds: number
}

interface Response {
  status: number
  headers: Record<string, string>
  body: string
  truncated: boolean
  /** performance.now() when the response (headers and body) was complete. */
  endedAt: number
}

type HopResult = { response: Response; address: string | null } | { failure: string; address: string | null }

export const checkHttp = async (monitor: HttpMonitor, ctx: CheckContext): Promise<CheckOutcome> => {
  const started = performance.now()
  const ranges = parseExpectedStatus(monitor.expected_status)
  if (typeof ranges === 'string') return { ok: false, responseMs: null, message: ranges }
  const assertions: readonly Assertion[] = monitor.type === 'api' ? monitor.assertions : []
  const request: HopRequest = {
    url: new URL(monitor.url),
    method: monitor.method,
    headers: requestHeaders(monitor),
    body: monitor.type === 'api' && monitor.body !== '' ? monitor.body : undefined,
    keepBody: monitor.type === 'web' ? monitor.keyword !== '' : assertions.some((a) => a.type === 'json'),
    followRedirects: monitor.follow_redirects,
    verifyTls: monitor.verify_tls,
    deadline: started + monitor.timeout_seconds * 1000,
    seconds: monitor.timeout_seconds,
  }
  if (request.body !== undefined) request.headers['content-length'] = String(Buffer.byteLength(request.body))

  for (let redirects = 0; ; redirects++) {
    const hop = await fetchOnce(request, ctx)
    const detail: Detail = { final_url: request.url.href, redirects, address: hop.address }
    if ('failure' in hop) return { ok: false, responseMs: null, message: hop.failure, detail }
    const { response } = hop
    const location = response.headers.location
    if (request.followRedirects && REDIRECTS.has(response.status) && location !== undefined) {
      if (redirects === MAX_REDIRECTS)
        return { ok: false, responseMs: null, message: `Too many redirects (more than ${MAX_REDIRECTS}).`, detail }
      const problem = redirect(request, response.status, location)
      if (problem) return { ok: false, responseMs: null, message: problem, detail }
      continue
    }
    const responseMs = Math.round(response.endedAt - started)
    Object.assign(detail, { status_code: response.status, body_truncated: response.truncated })
    const failure = statusMatches(ranges, response.status)
      ? monitor.type === 'web'
        ? keywordProblem(monitor, response)
        : assertionProblem(assertions, response, responseMs)
      : `Expected status ${monitor.expected_status}, got ${response.status}.`
    if (failure) return { ok: false, responseMs, message: failure, detail }
    const reason = http.STATUS_CODES[response.status]
    return {
      ok: true,
      responseMs,
      message: `${response.status}${reason ? ` ${reason}` : ''} in ${responseMs} ms`,
      detail,
    }
  }
}

const requestHeaders = (monitor: HttpMonitor): Record<string, string> => {
  const headers: Record<string, string> = {}
  if (monitor.type === 'api')
    for (const [name, value] of Object.entries(monitor.headers)) headers[name.toLowerCase()] = value
  headers['user-agent'] ??= USER_AGENT
  headers.accept ??= '*/*'
  // Plain bodies keep keywords and JSON readable; a server that compresses anyway is decoded below.
  headers['accept-encoding'] ??= 'identity'
  delete headers['content-length']
  if (monitor.type === 'api' && monitor.body !== '' && headers['content-type'] === undefined && isJson(monitor.body))
    headers['content-type'] = 'application/json'
  return headers
}

const isJson = (text: string) => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Points `request` at the redirect target, or says why it cannot be followed. */
const redirect = (request: HopRequest, status: number, location: string): string | null => {
  let next: URL
  try {
    next = new URL(location, request.url)
  } catch {
    return `The server redirected to an invalid URL: ${location.slice(0, 200)}.`
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:')
    return `The server redirected to ${next.href.slice(0, 200)}, which is not an http or https URL.`
  if (next.origin !== request.url.origin) for (const name of CREDENTIAL_HEADERS) delete request.headers[name]
  // 301/302/303 turn the request into a GET without its body (HEAD stays HEAD); 307/308 repeat it.
  if (status <= 303 && request.method !== 'GET' && request.method !== 'HEAD') {
    request.method = 'GET'
    request.body = undefined
    for (const name of BODY_HEADERS) delete request.headers[name]
  }
  request.url = next
  return null
}

const keywordProblem = (monitor: Extract<HttpMonitor, { type: 'web' }>, response: Response): string | null => {
  const { keyword } = monitor
  if (keyword === '') return null
  const found = response.body.includes(keyword)
  if (monitor.keyword_absent) return found ? `The keyword "${keyword}" was found in the page.` : null
  if (found) return null
  return response.truncated
    ? `The keyword "${keyword}" was not found in the first 1 MiB of the page.`
    : `The keyword "${keyword}" was not found in the page.`
}

const assertionProblem = (assertions: readonly Assertion[], response: Response, responseMs: number) => {
  let parsed: { value?: unknown; error?: unknown } | undefined
  const json = () => {
    parsed ??= parseJson(response.body)
    if ('error' in parsed) throw parsed.error
    return parsed.value
  }
  const facts = { status: response.status, headers: response.headers, body: response.body, responseMs }
  for (const assertion of assertions) {
    const problem = failedAssertion(assertion, facts, json)
    if (problem === null) continue
    return assertion.type === 'json' && response.truncated
      ? `${problem} The response body is larger than 1 MiB and was cut there.`
      : problem
  }
  return null
}

const parseJson = (text: string): { value?: unknown; error?: unknown } => {
  try {
    return { value: JSON.parse(text) }
  } catch (error) {
    return { error }
  }
}

export type Phase = 'resolve' | 'connect' | 'tls' | 'headers' | 'body'

export const timeoutMessage = (phase: Phase, host: string, where: string, seconds: number, status: number) => {
  switch (phase) {
    case 'resolve':
      return `The host name ${host} did not resolve within ${seconds} s.`
    case 'connect':
      return `No connection to ${where} within ${seconds} s.`
    case 'tls':
      return `The TLS handshake with ${where} did not finish within ${seconds} s.`
    case 'headers':
      return `No response within ${seconds} s.`
    case 'body':
      return `The server answered ${status} but the body did not finish within ${seconds} s.`
  }
}

const CERTIFICATE_PROBLEMS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its chain ends in a self-signed certificate that is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its issuer cannot be verified (an intermediate certificate may be missing)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its issuer is not a trusted certificate authority',
  UNABLE_TO_GET_ISSUER_CERT: 'its issuer certificate cannot be found',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  CERT_REVOKED: 'it has been revoked',
  CERT_SIGNATURE_FAILURE: 'its signature is invalid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it is not issued for this host name',
}

/** The sentence for an error on the socket or the request, given the phase it happened in. */
export const failureMessage = (err: unknown, phase: Phase, host: string, port: number): string => {
  const e = err as NodeJS.ErrnoException & { reason?: string }
  const code = e?.code ?? ''
  const where = hostPort(host, port)
  if (code === 'EDECODE') return `The response body could not be decoded: ${e.message.replace(/\.$/, '')}.`
  const certificate = CERTIFICATE_PROBLEMS[code]
  if (certificate) {
    const reason = code === 'ERR_TLS_CERT_ALTNAME_INVALID' && e.reason ? ` (${e.reason})` : ` (${code})`
    return `The TLS certificate of ${host} is not trusted: ${certificate}${reason}.`
  }
  if (code.startsWith('HPE_')) return `The server at ${where} sent an invalid HTTP response (${code}).`
  if (phase === 'tls') {
    // OpenSSL's text is "write EPROTO 80..:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:..."
    const reason = /SSL routines:[^:]*:([^:]+)/.exec(e?.message ?? '')?.[1] ?? (e?.message || code)
    return `The TLS handshake with ${where} failed: ${reason.replace(/\.$/, '')}.`
  }
  if (phase === 'headers' && (code === 'ECONNRESET' || code === 'EPIPE'))
    return `The server at ${where} closed the connection without a response.`
  if (phase === 'body') return `The connection to ${where} closed before the response body was complete.`
  return networkProblem(err, host, port)
}

const DECODERS: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
}

/** One request on a fresh connection; never rejects. */
const fetchOnce = (request: HopRequest, ctx: CheckContext): Promise<HopResult> => {
  const { url } = request
  const secure = url.protocol === 'https:'
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
  const port = Number(url.port) || (secure ? 443 : 80)
  const where = hostPort(host, port)
  const literal = net.isIP(host) !== 0
  const refused = literal ? addressProblem(host, ctx.policy) : null
  if (refused) return Promise.resolve({ failure: refused, address: null })
  if (ctx.signal?.aborted) return Promise.resolve({ failure: CANCELLED.message, address: null })

  return new Promise((resolve) => {
    let phase: Phase = literal ? 'connect' : 'resolve'
    let status = 0
    let address: string | null = null
    let done = false
    const lookup = policyLookup(ctx.policy)
    const socket = secure
      ? tls.connect({
          host,
          port,
          lookup,
          servername: literal ? undefined : host,
          rejectUnauthorized: request.verifyTls,
          ALPNProtocols: ['http/1.1'],
        })
      : net.connect({ host, port, lookup })
    const finish = (result: { response: Response } | { failure: string }) => {
      if (done) return
      done = true
      clearTimeout(timer)
      ctx.signal?.removeEventListener('abort', onAbort)
      req.destroy()
      socket.destroy()
      resolve({ ...result, address })
    }
    const fail = (err: unknown) => finish({ failure: failureMessage(err, phase, host, port) })
    const onAbort = () => finish({ failure: CANCELLED.message })
    const timer = setTimeout(
      () => finish({ failure: timeoutMessage(phase, host, where, request.seconds, status) }),
      Math.max(0, request.deadline - performance.now()),
    )
    ctx.signal?.addEventListener('abort', onAbort, { once: true })
    socket.once('lookup', () => (phase = 'connect'))
    socket.once('connect', () => {
      address = socket.remoteAddress ?? null
      phase = secure ? 'tls' : 'headers'
    })
    if (secure) socket.once('secureConnect', () => (phase = 'headers'))
    // Listeners stay for the socket's life: an 'error' event without one would crash the process.
    socket.on('error', fail)

    const req = http.request({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers: { host: url.host, ...request.headers },
      setHost: false,
      createConnection: () => socket,
    })
    req.on('error', fail)
    req.on('response', (res: IncomingMessage) => {
      phase = 'body'
      status = res.statusCode ?? 0
      const headers = flatHeaders(res)
      res.on('error', fail)
      if (request.followRedirects && REDIRECTS.has(status) && headers.location !== undefined) {
        // The body of a redirect is not needed: the next hop has its own connection.
        finish({ response: { status, headers, body: '', truncated: false, endedAt: performance.now() } })
        return
      }
      readBody(res, headers, request.keepBody, fail, (body, truncated) =>
        finish({ response: { status, headers, body, truncated, endedAt: performance.now() } }),
      )
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

/** Reads up to BODY_CAP bytes (decoded), then stops; `done` is called once, `fail` on a stream error. */
const readBody = (
  res: IncomingMessage,
  headers: Record<string, string>,
  keep: boolean,
  fail: (err: unknown) => void,
  done: (body: string, truncated: boolean) => void,
) => {
  const decoder = keep ? DECODERS[(headers['content-encoding'] ?? '').trim().toLowerCase()]?.() : undefined
  const source = decoder ? res.pipe(decoder) : res
  if (decoder) decoder.on('error', (err) => fail(Object.assign(err, { code: 'EDECODE' })))
  const chunks: Buffer[] = []
  let size = 0
  let finished = false
  const end = (truncated: boolean) => {
    if (finished) return
    finished = true
    decoder?.destroy()
    const body = keep ? (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size)).toString() : ''
    done(body, truncated)
  }
  source.on('data', (chunk: Buffer) => {
    if (finished) return
    const room = BODY_CAP - size
    if (chunk.length > room) {
      if (keep) chunks.push(chunk.subarray(0, room))
      size = BODY_CAP
      end(true)
      return
    }
    if (keep) chunks.push(chunk)
    size += chunk.length
  })
  source.on('end', () => end(false))
  // A close before 'end' is a body cut short (the socket's error, if any, arrives through `fail` first).
  res.on('close', () => {
    if (!res.complete && !finished) fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
  })
}
