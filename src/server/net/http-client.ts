import http, { type IncomingMessage } from 'node:http'
import net from 'node:net'
import tls from 'node:tls'
import zlib from 'node:zlib'
import { type SeenCertificate, seenCertificateText, type TlsTrust } from '@vigil/domain/tls-trust'
import { hostPort, networkProblem } from './net-problems.ts'
import { addressProblem, policyLookup, type TargetPolicy } from './target-policy.ts'
import { caContext, PIN_MISMATCH, seenCertificate, untrustedBecause } from './tls-trust.ts'

// The one outbound HTTP client of checks and alert channels. Each request opens its own connection (no agent,
// no keep-alive) with the target policy's lookup, so the address checked is the address connected to, on
// every redirect hop too; an IP literal is checked before any connection. One deadline covers the request,
// the body read is capped, and each failure is a sentence that names the phase it happened in.
// node:http over a socket we create (net/tls.connect) rather than fetch: it gives the lookup, SNI, verify_tls
// and the connect/TLS/headers/body phases without a dispatcher per request, and no dependency.

const REDIRECTS = new Set([301, 302, 303, 307, 308])
// Request headers that describe a body; dropped when a redirect turns the request into a GET.
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']
// Credentials that must not follow a redirect to another origin.
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization']

export interface HttpRequest {
  url: URL
  method: string
  /** Lower-case names. A body's content-length is set here. */
  headers: Record<string, string>
  body?: string
  /** null for an address the operator chose (a registry, Telegram's API): no policy applies. */
  policy: TargetPolicy | null
  /** Redirects to follow (each hop through the policy); 0: a redirect is the answer. */
  maxRedirects: number
  /** Most bytes of the body read (after decoding); the rest is cut. */
  bodyCap: number
  /** Whether the body is kept as text (and decoded), or only counted. */
  keepBody: boolean
  /** false: any certificate is accepted ("Ignore certificate errors"). */
  verifyTls: boolean
  /**
   * The certificates the first URL's host is trusted with (a pin, or a CA alone); that host's other URLs too, after a
   * redirect. Other hosts, and none given: the public roots.
   */
  trust?: TlsTrust
  /** performance.now() by which everything must be done (Infinity: the signal says); `seconds` for the messages. */
  deadline: number
  seconds: number
  signal?: AbortSignal
}

export interface HttpResponse {
  status: number
  headers: Record<string, string>
  body: string
  truncated: boolean
  /** performance.now() when the response (headers and body) was complete. */
  endedAt: number
}

/** Why there was no response: a sentence, and what kind of failure it was. */
export interface HttpFailure {
  failure: string
  /** Refused by the target policy. */
  refused: boolean
  cancelled: boolean
  timedOut: boolean
  /** The system's error code (ECONNREFUSED...), when there was one. */
  code?: string
  /** The certificate of the first URL's host, when it was refused for not being trusted. */
  certificate?: SeenCertificate
}

const failed = (failure: string, more: Partial<HttpFailure> = {}): HttpFailure => ({
  failure,
  refused: false,
  cancelled: false,
  timedOut: false,
  ...more,
})

/** What became of a request: the final response, or why there was none. */
export type HttpResult = { redirects: number; finalUrl: string; address: string | null } & (
  | { response: HttpResponse }
  | HttpFailure
)

export type Phase = 'resolve' | 'connect' | 'tls' | 'headers' | 'body'

export const CANCELLED_MESSAGE = 'The request was cancelled.'

/** Sends the request, following redirects as asked; never rejects. */
export const httpRequest = async (request: HttpRequest): Promise<HttpResult> => {
  const hop: HttpRequest = { ...request, headers: { ...request.headers } }
  if (hop.body !== undefined) hop.headers['content-length'] = String(Buffer.byteLength(hop.body))
  const trusted = request.url.hostname
  for (let redirects = 0; ; redirects++) {
    const result = await requestOnce(hop, hop.url.hostname === trusted ? request.trust : undefined)
    const base = { redirects, finalUrl: hop.url.href, address: result.address }
    if (!('response' in result)) return { ...base, ...result }
    const { response } = result
    const location = response.headers.location
    if (request.maxRedirects === 0 || !REDIRECTS.has(response.status) || location === undefined)
      return { ...base, response }
    if (redirects === request.maxRedirects)
      return { ...base, ...failed(`Too many redirects (more than ${request.maxRedirects}).`) }
    const problem = redirect(hop, response.status, location)
    if (problem) return { ...base, ...failed(problem) }
  }
}

/** Points `request` at the redirect target, or says why it cannot be followed. */
const redirect = (request: HttpRequest, status: number, location: string): string | null => {
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

const PUBLIC: TlsTrust = { mode: 'public' }

/** Why a certificate the handshake brought is refused, with the certificate seen (subject, expiry, fingerprint). */
const untrustedMessage = (problem: { code: string; reason?: string }, host: string, seen: SeenCertificate) => {
  const why =
    problem.code === PIN_MISMATCH
      ? `The TLS certificate of ${host} is not the pinned one: its SHA-256 fingerprint is another.`
      : failureMessage(Object.assign(new Error(problem.code), problem), 'tls', host, 0)
  return `${why} ${seenCertificateText(seen)}`
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

type HopResult = ({ response: HttpResponse } | HttpFailure) & { address: string | null }

/**
 * One request on a fresh connection; never rejects. Over TLS the request is sent once the certificate is trusted
 * (under `trust`, else the public roots), so a refused server never sees its headers or body.
 */
const requestOnce = (request: HttpRequest, trust: TlsTrust | undefined): Promise<HopResult> => {
  const { url, policy, signal } = request
  const secure = url.protocol === 'https:'
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
  const port = Number(url.port) || (secure ? 443 : 80)
  const where = hostPort(host, port)
  const literal = net.isIP(host) !== 0
  const refused = policy && literal ? addressProblem(host, policy) : null
  if (refused) return Promise.resolve({ ...failed(refused, { refused: true }), address: null })
  if (signal?.aborted) return Promise.resolve({ ...failed(CANCELLED_MESSAGE, { cancelled: true }), address: null })

  return new Promise((resolve) => {
    let phase: Phase = literal ? 'connect' : 'resolve'
    let status = 0
    let address: string | null = null
    let done = false
    const lookup = policy ? policyLookup(policy) : undefined
    const socket = secure
      ? tls.connect({
          host,
          port,
          lookup,
          servername: literal ? undefined : host,
          // Judged on 'secureConnect' below, under the monitor's trust.
          rejectUnauthorized: false,
          ...(request.verifyTls && trust?.mode === 'ca' ? { secureContext: caContext(trust.ca_pem) } : {}),
          ALPNProtocols: ['http/1.1'],
        })
      : net.connect({ host, port, lookup })
    const finish = (result: { response: HttpResponse } | HttpFailure) => {
      if (done) return
      done = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      req?.destroy()
      socket.destroy()
      resolve({ ...result, address })
    }
    const fail = (err: unknown) => {
      const code = (err as NodeJS.ErrnoException)?.code
      finish(failed(failureMessage(err, phase, host, port), { refused: code === 'ETARGETREFUSED', code }))
    }
    const onAbort = () => finish(failed(CANCELLED_MESSAGE, { cancelled: true }))
    // An endless deadline leaves the time limit to the caller's signal.
    const timer = Number.isFinite(request.deadline)
      ? setTimeout(
          () => finish(failed(timeoutMessage(phase, host, where, request.seconds, status), { timedOut: true })),
          Math.max(0, request.deadline - performance.now()),
        )
      : undefined
    signal?.addEventListener('abort', onAbort, { once: true })
    socket.once('lookup', () => (phase = 'connect'))
    socket.once('connect', () => {
      address = socket.remoteAddress ?? null
      phase = secure ? 'tls' : 'headers'
    })
    // Listeners stay for the socket's life: an 'error' event without one would crash the process.
    socket.on('error', fail)
    let req: http.ClientRequest | undefined
    const send = () => {
      req = http.request({
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
        // The body of a redirect to follow is not needed: the next hop has its own connection.
        if (request.maxRedirects > 0 && REDIRECTS.has(status) && headers.location !== undefined) {
          finish({ response: { status, headers, body: '', truncated: false, endedAt: performance.now() } })
          return
        }
        readBody(res, headers, request, fail, (body, truncated) =>
          finish({ response: { status, headers, body, truncated, endedAt: performance.now() } }),
        )
      })
      req.end(request.body)
    }
    if (!secure) return send()
    socket.once('secureConnect', () => {
      phase = 'headers'
      const tlsSocket = socket as tls.TLSSocket
      const problem = request.verifyTls ? untrustedBecause(tlsSocket, host, trust ?? PUBLIC, Date.now()) : null
      if (problem === null) return send()
      const seen = seenCertificate(tlsSocket.getPeerCertificate())
      const failure = failed(untrustedMessage(problem, host, seen), { code: problem.code })
      finish(trust ? { ...failure, certificate: seen } : failure)
    })
  })
}

const flatHeaders = (res: IncomingMessage): Record<string, string> => {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(res.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  return headers
}

/** Reads up to the cap (decoded), then stops; `done` is called once, `fail` on a stream error. */
const readBody = (
  res: IncomingMessage,
  headers: Record<string, string>,
  request: Pick<HttpRequest, 'keepBody' | 'bodyCap'>,
  fail: (err: unknown) => void,
  done: (body: string, truncated: boolean) => void,
) => {
  const { keepBody: keep, bodyCap: cap } = request
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
    const room = cap - size
    if (chunk.length > room) {
      if (keep) chunks.push(chunk.subarray(0, room))
      size = cap
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
