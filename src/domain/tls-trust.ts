import * as v from 'valibot'

// Which certificates an HTTPS or SSL monitor trusts: the public roots (the default), one certificate pinned by its
// SHA-256 fingerprint, or the certificate authority the user pasted as PEM. A check that refuses a certificate
// reports what it saw (`untrusted_certificate` in its result's detail), so the page can offer to pin it.

export const TLS_TRUST_MODES = ['public', 'pin', 'ca'] as const
export type TlsTrustMode = (typeof TLS_TRUST_MODES)[number]

/** The most characters of a pasted CA certificate: room for a root and an intermediate or two. */
export const CA_PEM_MAX = 10_000

const FINGERPRINT_PREFIX = /^sha-?256(?:\s+fingerprint)?\s*[=:]\s*/i

/** Why `text` is not a SHA-256 fingerprint (hex, with or without colons or spaces), or null when it is one. */
export const fingerprintProblem = (text: string): string | null => {
  const hex = text.trim().replace(FINGERPRINT_PREFIX, '').replace(/[\s:]/g, '')
  if (hex === '') return 'Enter the SHA-256 fingerprint of the certificate to trust.'
  if (!/^[0-9a-f]+$/i.test(hex))
    return 'A fingerprint has only hexadecimal digits (0-9 and A-F), with or without colons.'
  if (hex.length === 40) return 'That is a SHA-1 fingerprint: enter the SHA-256 one (64 hexadecimal digits).'
  if (hex.length !== 64) return `A SHA-256 fingerprint has 64 hexadecimal digits; this one has ${hex.length}.`
  return null
}

/** `AB:CD:...`: upper case, in pairs joined by colons, as browsers and Node show it. */
export const normalizeFingerprint = (text: string): string =>
  (text.trim().replace(FINGERPRINT_PREFIX, '').replace(/[\s:]/g, '').toUpperCase().match(/../g) ?? []).join(':')

export const Fingerprint = v.pipe(
  v.string('Fingerprint must be text.'),
  v.check(
    (s) => fingerprintProblem(s) === null,
    (issue) => fingerprintProblem(String(issue.input)) ?? 'Enter a SHA-256 fingerprint.',
  ),
  v.transform(normalizeFingerprint),
)

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g

/** The length a DER value's header says it has, with the header's own bytes; null when the header is broken. */
const derLength = (bytes: Uint8Array): number | null => {
  if (bytes.length < 2 || bytes[0] !== 0x30) return null
  const first = bytes[1] as number
  if (first < 0x80) return 2 + first
  const count = first & 0x7f
  if (count === 0 || count > 3 || bytes.length < 2 + count) return null
  let length = 0
  for (let i = 0; i < count; i++) length = length * 256 + (bytes[2 + i] as number)
  return 2 + count + length
}

/** Whether a PEM block's body is base64 of one DER sequence, as a certificate is. */
const isCertificateBody = (body: string): boolean => {
  const text = body.replace(/\s/g, '')
  if (text === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return false
  try {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
    return derLength(bytes) === bytes.length
  } catch {
    return false
  }
}

const blocksOf = (text: string) => [...text.matchAll(BLOCK)].map((m) => ({ label: m[1] ?? '', body: m[2] ?? '' }))

/** Why `text` is not one or more PEM certificates, or null when it is. Text around the blocks is ignored. */
export const caPemProblem = (text: string): string | null => {
  if (text.trim() === '')
    return 'Paste the CA certificate in PEM form, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.'
  if (text.length > CA_PEM_MAX)
    return `The CA certificate must be at most ${CA_PEM_MAX.toLocaleString('en')} characters.`
  const blocks = blocksOf(text)
  if (blocks.some((b) => b.label.includes('PRIVATE KEY')))
    return 'That is a private key. Paste the CA certificate alone, and keep the key secret.'
  const certificates = blocks.filter((b) => b.label === 'CERTIFICATE')
  if (certificates.length === 0)
    return blocks.length > 0
      ? `That is a ${blocks[0]?.label.toLowerCase()}, not a certificate. Paste the block that begins -----BEGIN CERTIFICATE-----.`
      : 'No certificate found: paste the text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.'
  const broken = certificates.findIndex((b) => !isCertificateBody(b.body))
  if (broken >= 0)
    return certificates.length === 1
      ? 'The certificate is damaged: its text between BEGIN and END is not a whole certificate.'
      : `Certificate ${broken + 1} is damaged: its text between BEGIN and END is not a whole certificate.`
  return null
}

/** The certificates alone, each in 64-character lines, one after the other. */
export const normalizeCaPem = (text: string): string =>
  blocksOf(text)
    .filter((b) => b.label === 'CERTIFICATE')
    .map((b) => {
      const lines = b.body.replace(/\s/g, '').match(/.{1,64}/g) ?? []
      return ['-----BEGIN CERTIFICATE-----', ...lines, '-----END CERTIFICATE-----'].join('\n')
    })
    .join('\n')

export const CaPem = v.pipe(
  v.string('CA certificate must be text.'),
  v.check(
    (s) => caPemProblem(s) === null,
    (issue) => caPemProblem(String(issue.input)) ?? 'Paste a CA certificate in PEM form.',
  ),
  v.transform(normalizeCaPem),
)

const MODE_MESSAGE = 'Certificate trust must be public, pin or ca.'

/** The trust of a monitor's certificates; `{ mode: 'public' }` when not given. */
export const TlsTrust = v.optional(
  v.variant(
    'mode',
    [
      v.object({ mode: v.literal('public') }),
      // Missing values default to '' so the message is the field's own, not "is required".
      v.object({ mode: v.literal('pin'), fingerprint: v.optional(Fingerprint, '') }),
      v.object({ mode: v.literal('ca'), ca_pem: v.optional(CaPem, '') }),
    ],
    MODE_MESSAGE,
  ),
  { mode: 'public' } as const,
)
export type TlsTrust = v.InferOutput<typeof TlsTrust>

/** The certificate a check saw and did not trust: enough for the user to decide to trust it. */
export const SeenCertificate = v.object({
  subject: v.string(),
  issuer: v.string(),
  /** ISO 8601. */
  valid_to: v.string(),
  /** `AB:CD:...`, as `normalizeFingerprint` writes it. */
  fingerprint256: v.string(),
})
export type SeenCertificate = v.InferOutput<typeof SeenCertificate>

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * The certificate seen, as a check's message says it after why it was refused: `Seen: intranet.test, expires
 * 5 Jan 2027, SHA-256 AB:CD:...`. The day is in UTC, as the checks' messages write days.
 */
export const seenCertificateText = (seen: SeenCertificate): string => {
  const d = new Date(seen.valid_to)
  const day = Number.isNaN(d.getTime())
    ? seen.valid_to
    : `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`
  return `Seen: ${seen.subject || 'no subject name'}, expires ${day}, SHA-256 ${seen.fingerprint256}.`
}

/** The untrusted certificate a result's detail reports, or null when it reports none. */
export const untrustedCertificate = (detail: unknown): SeenCertificate | null => {
  const seen = (detail as { untrusted_certificate?: unknown } | null)?.untrusted_certificate
  const parsed = v.safeParse(SeenCertificate, seen)
  return parsed.success ? parsed.output : null
}

/** Whether a monitor's settings choose which certificates it trusts (HTTP(S) and SSL monitors). */
export const hasTlsTrust = (monitor: object): monitor is { tls_trust: TlsTrust } => 'tls_trust' in monitor
