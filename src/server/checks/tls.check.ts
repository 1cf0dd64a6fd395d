import net from 'node:net'
import tls, { type PeerCertificate } from 'node:tls'
import type { CheckOutcome } from '@vigil/domain/check-result'
import { daysLeft } from '@vigil/domain/expiry'
import { seenCertificateText, type TlsTrust } from '@vigil/domain/tls-trust'
import { hostPort, networkProblem } from '../net/net-problems.ts'
import { addressProblem, policyLookup } from '../net/target-policy.ts'
import { caContext, seenCertificate } from '../net/tls-trust.ts'
import { CANCELLED, type CheckContext, type CheckTarget } from './context.ts'
import { daysText, dayText } from './dates.ts'

// SSL monitors: a TLS handshake (through the target policy) that accepts any certificate, so the one the
// server sends can be inspected and every fault named: an untrusted chain, another host name, expiry.
// `expiresAt` is its end of validity, from which the engine sends the warnings. The chain is judged by the monitor's
// trust: the public roots (and TLS_CA_FILE's), its CA alone, or its pin (then the certificate is that one, whatever
// its names); its dates count under each.

type SslMonitor = Extract<CheckTarget, { type: 'ssl' }>

// Building a context parses every root certificate: done once per extra CA, not per check.
let extraTrust: { pem: string; context: tls.SecureContext } | undefined
const secureContext = (tlsCa: string | undefined) => {
  if (!tlsCa) return undefined
  if (extraTrust?.pem !== tlsCa)
    extraTrust = { pem: tlsCa, context: tls.createSecureContext({ ca: [...tls.rootCertificates, tlsCa] }) }
  return extraTrust.context
}

// OpenSSL's verification codes in words.
const CHAIN_PROBLEMS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its chain ends in a self-signed certificate that is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its issuer cannot be verified (an intermediate certificate may be missing)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its issuer is not a trusted certificate authority',
  UNABLE_TO_GET_ISSUER_CERT: 'its issuer certificate cannot be found',
  CERT_REVOKED: 'it has been revoked',
  CERT_SIGNATURE_FAILURE: 'its signature is invalid',
  INVALID_CA: 'a certificate in its chain is not a valid certificate authority',
}
// Expiry is told from the dates themselves, and the host name by checkServerIdentity (Node reports a
// mismatch only when the chain is sound): neither is a fault of the chain.
const NOT_CHAIN_PROBLEMS = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'ERR_TLS_CERT_ALTNAME_INVALID'])
// Under a CA of the monitor's own, these say the certificate does not lead to it.
const NOT_FROM_CA = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
])

/** Why the chain is not trusted under the monitor's trust, in words; null when it is. */
const chainProblem = (socket: tls.TLSSocket, cert: PeerCertificate, trust: TlsTrust): string | null => {
  if (trust.mode === 'pin') return cert.fingerprint256 === trust.fingerprint ? null : 'it is not the pinned certificate'
  const code = socket.authorized ? null : String(socket.authorizationError ?? 'UNKNOWN')
  if (code === null || NOT_CHAIN_PROBLEMS.has(code)) return null
  if (trust.mode === 'ca' && NOT_FROM_CA.has(code)) return "it is not issued by this monitor's CA certificate"
  return CHAIN_PROBLEMS[code] ?? code
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/** "DNS:a.test, IP Address:127.0.0.1, DNS:\"b,c.test\"" as its names; Node quotes entries with odd characters. */
export const altNames = (text: string | undefined): string[] =>
  (text?.match(/(?:[^,"]|"(?:[^"\\]|\\.)*")+/g) ?? [])
    .map((entry) => entry.trim().replace(/^(?:DNS|IP Address):/, ''))
    .map((name) => (name.startsWith('"') ? (JSON.parse(name) as string) : name))
    .filter((name) => name !== '')

const namesText = (names: string[], subject: string) => {
  if (names.length === 0) return subject || 'no host name'
  const shown = names.slice(0, 3).join(', ')
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown
}

const handshakeReason = (err: unknown) => {
  const e = err as NodeJS.ErrnoException
  // OpenSSL's text is "... error:0A00010B:SSL routines:ssl3_get_record:wrong version number:..."
  const reason = /SSL routines:[^:]*:([^:]+)/.exec(e?.message ?? '')?.[1] ?? (e?.message || e?.code || String(err))
  return reason.replace(/\.$/, '')
}

/** The outcome for the certificate a finished handshake brought. */
const inspect = (
  socket: tls.TLSSocket,
  host: string,
  where: string,
  responseMs: number,
  trust: TlsTrust,
): CheckOutcome => {
  const cert: PeerCertificate | undefined = socket.getPeerCertificate()
  if (!cert || Object.keys(cert).length === 0)
    return { ok: false, responseMs, message: `The server at ${where} sent no certificate.` }
  const now = Date.now()
  const validFrom = Date.parse(cert.valid_from)
  const validTo = Date.parse(cert.valid_to)
  const chainError = chainProblem(socket, cert, trust)
  const hostnameMatch = tls.checkServerIdentity(host, cert) === undefined
  const subject = first(cert.subject?.CN) ?? first(cert.subject?.O) ?? ''
  const issuer = first(cert.issuer?.CN) ?? first(cert.issuer?.O) ?? ''
  const names = altNames(cert.subjectaltname)
  const left = daysLeft(validTo, now)
  const cipher = socket.getCipher()
  const detail: NonNullable<CheckOutcome['detail']> = {
    address: socket.remoteAddress ?? null,
    subject,
    issuer,
    alt_names: names,
    valid_from: new Date(validFrom).toISOString(),
    valid_to: new Date(validTo).toISOString(),
    days_left: left,
    chain_valid: chainError === null,
    chain_error: chainError,
    hostname_match: hostnameMatch,
    protocol: socket.getProtocol() ?? null,
    cipher: cipher ? (cipher.standardName ?? cipher.name) : null,
    serial: cert.serialNumber,
    fingerprint256: cert.fingerprint256,
  }
  const dated =
    validTo < now
      ? `The certificate of ${host} expired on ${dayText(validTo)}.`
      : validFrom > now
        ? `The certificate of ${host} is not valid until ${dayText(validFrom)}.`
        : null
  // Refused for its chain: what was seen goes with it, for the user to trust it.
  if (dated === null && chainError !== null) {
    const seen = seenCertificate(cert)
    detail.untrusted_certificate = seen
    const message = `The certificate is not trusted: ${chainError}. ${seenCertificateText(seen)}`
    return { ok: false, responseMs, message, detail, expiresAt: validTo }
  }
  const problem =
    dated ??
    (!hostnameMatch && trust.mode !== 'pin'
      ? `The certificate is for ${namesText(names, subject)}, not ${host}.`
      : null)
  const message =
    problem ?? `Valid until ${dayText(validTo)} (${daysText(left)}), issued by ${issuer || 'an unnamed issuer'}`
  return { ok: problem === null, responseMs, message, detail, expiresAt: validTo }
}

export const checkTls = (monitor: SslMonitor, ctx: CheckContext): Promise<CheckOutcome> => {
  const { host, port, timeout_seconds: seconds, tls_trust: tlsTrust } = monitor
  const where = hostPort(host, port)
  const literal = net.isIP(host) !== 0
  const refused = literal ? addressProblem(host, ctx.policy) : null
  if (refused) return Promise.resolve({ ok: false, responseMs: null, message: refused })
  if (ctx.signal?.aborted) return Promise.resolve(CANCELLED)
  return new Promise((resolve) => {
    const started = performance.now()
    let phase: 'resolve' | 'connect' | 'tls' = literal ? 'connect' : 'resolve'
    let done = false
    const socket = tls.connect({
      host,
      port,
      lookup: policyLookup(ctx.policy),
      // SNI takes a name, never an address.
      servername: literal ? undefined : host,
      rejectUnauthorized: false,
      secureContext: tlsTrust.mode === 'ca' ? caContext(tlsTrust.ca_pem) : secureContext(ctx.network.tlsCa),
    })
    const finish = (outcome: CheckOutcome, handshaken = false) => {
      if (done) return
      done = true
      clearTimeout(timer)
      ctx.signal?.removeEventListener('abort', onAbort)
      if (handshaken) {
        // A close_notify after our Finished, so the server sees a completed handshake, not an aborted one;
        // the socket closes when the server answers it, or a moment later regardless.
        socket.end()
        setTimeout(() => socket.destroy(), 2000).unref()
      } else socket.destroy()
      resolve(outcome)
    }
    const onAbort = () => finish(CANCELLED)
    const timer = setTimeout(() => {
      const message =
        phase === 'resolve'
          ? `The host name ${host} did not resolve within ${seconds} s.`
          : phase === 'connect'
            ? `No connection to ${where} within ${seconds} s.`
            : `The TLS handshake with ${where} did not finish within ${seconds} s.`
      finish({ ok: false, responseMs: null, message })
    }, seconds * 1000)
    ctx.signal?.addEventListener('abort', onAbort, { once: true })
    socket.once('lookup', () => (phase = 'connect'))
    socket.once('connect', () => (phase = 'tls'))
    socket.once('secureConnect', () =>
      finish(inspect(socket, host, where, Math.round(performance.now() - started), tlsTrust), true),
    )
    // Kept for the socket's life: an 'error' without a listener would crash the process.
    socket.on('error', (err) => {
      const message =
        phase === 'tls'
          ? `The TLS handshake with ${where} failed: ${handshakeReason(err)}.`
          : networkProblem(err, host, port)
      finish({ ok: false, responseMs: null, message })
    })
    // A server that closes during the handshake without an alert.
    socket.once('close', () =>
      finish({
        ok: false,
        responseMs: null,
        message: `The server at ${where} closed the connection during the TLS handshake.`,
      }),
    )
  })
}
