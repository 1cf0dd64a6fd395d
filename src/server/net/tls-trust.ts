import { X509Certificate } from 'node:crypto'
import tls, { type PeerCertificate } from 'node:tls'
import type { SeenCertificate, TlsTrust } from '@vigil/domain/tls-trust'

// The certificate trust a monitor chose (domain/tls-trust.ts) applied to a TLS connection: the secure context that
// holds a pasted CA, the verdict on the certificate a handshake brought, and what the check reports of it.

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/** A certificate's subject or issuer in one name: its common name, else its organisation. */
export const nameOf = (name: PeerCertificate['subject'] | undefined): string => first(name?.CN) ?? first(name?.O) ?? ''

/** What a check reports of a certificate it did not trust, for the user to decide to trust it. */
export const seenCertificate = (cert: PeerCertificate): SeenCertificate => ({
  subject: nameOf(cert.subject),
  issuer: nameOf(cert.issuer),
  valid_to: new Date(Date.parse(cert.valid_to)).toISOString(),
  fingerprint256: cert.fingerprint256,
})

// Building a context parses its certificates: kept per CA, so the checks of its monitors share one.
const caContexts = new Map<string, tls.SecureContext>()
const CA_CONTEXTS_KEPT = 200

/** The secure context that trusts `pem` alone (not the public roots). */
export const caContext = (pem: string): tls.SecureContext => {
  const kept = caContexts.get(pem)
  if (kept) return kept
  const context = tls.createSecureContext({ ca: pem })
  if (caContexts.size >= CA_CONTEXTS_KEPT) caContexts.delete(caContexts.keys().next().value as string)
  caContexts.set(pem, context)
  return context
}

const reasonOf = (err: unknown) =>
  ((err as Error)?.message ?? String(err))
    .replace(/^error:[0-9A-F]+:[^:]*:[^:]*:/i, '')
    .replace(/\.$/, '')
    .slice(0, 200)

/** Why the CA a monitor was given cannot be used (the domain checked its form; Node reads it here), or null. */
export const caUseProblem = (pem: string): string | null => {
  try {
    for (const block of pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [])
      new X509Certificate(block)
    caContext(pem)
    return null
  } catch (err) {
    return `The CA certificate could not be read: ${reasonOf(err)}.`
  }
}

/** Not one of OpenSSL's codes: the certificate is not the one pinned. */
export const PIN_MISMATCH = 'PIN_MISMATCH'

/**
 * Why the certificate of a finished handshake is not trusted under `trust`, as OpenSSL's verification code (or
 * PIN_MISMATCH, or ERR_TLS_CERT_ALTNAME_INVALID with Node's reason), or null when it is trusted. A pinned certificate
 * is that certificate whatever its names; its dates still count. Under the public roots or a CA, the chain (dates
 * included) and the host name.
 */
export const untrustedBecause = (
  socket: tls.TLSSocket,
  host: string,
  trust: TlsTrust,
  now: number,
): { code: string; reason?: string } | null => {
  const cert = socket.getPeerCertificate()
  if (trust.mode === 'pin') {
    if (cert.fingerprint256 !== trust.fingerprint) return { code: PIN_MISMATCH }
    if (Date.parse(cert.valid_to) < now) return { code: 'CERT_HAS_EXPIRED' }
    if (Date.parse(cert.valid_from) > now) return { code: 'CERT_NOT_YET_VALID' }
    return null
  }
  if (!socket.authorized) return { code: String(socket.authorizationError ?? 'UNKNOWN') }
  const mismatch = tls.checkServerIdentity(host, cert) as (Error & { reason?: string }) | undefined
  return mismatch ? { code: 'ERR_TLS_CERT_ALTNAME_INVALID', reason: mismatch.reason } : null
}
