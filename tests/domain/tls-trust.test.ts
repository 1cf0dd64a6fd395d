import { rootCertificates } from 'node:tls'
import { fieldErrors } from '@vigil/domain/form-validation'
import { validateMonitor } from '@vigil/domain/monitor.schema'
import {
  CA_PEM_MAX,
  caPemProblem,
  fingerprintProblem,
  normalizeCaPem,
  normalizeFingerprint,
  untrustedCertificate,
} from '@vigil/domain/tls-trust'
import { describe, expect, it } from 'vitest'

const HEX = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90'
const PAIRS = 'A1:B2:C3:D4:E5:F6:07:18:29:3A:4B:5C:6D:7E:8F:90:A1:B2:C3:D4:E5:F6:07:18:29:3A:4B:5C:6D:7E:8F:90'
// Real certificates: two of the public roots Node carries.
const ROOT = rootCertificates[0] as string
const OTHER_ROOT = rootCertificates[1] as string
/** A certificate as it is stored: its base64 in lines of 64 characters. */
const stored = (pem: string) => {
  const base64 = pem.replace(/-----[A-Z ]+-----|\s/g, '')
  return ['-----BEGIN CERTIFICATE-----', ...(base64.match(/.{1,64}/g) ?? []), '-----END CERTIFICATE-----'].join('\n')
}

const errorsOf = (input: Record<string, unknown>) => {
  const result = validateMonitor({ name: 'Intranet', ...input })
  return result.success ? {} : fieldErrors(result.issues)
}
const parsed = (input: Record<string, unknown>) => {
  const result = validateMonitor({ name: 'Intranet', ...input })
  if (!result.success) throw new Error(JSON.stringify(fieldErrors(result.issues)))
  return result.output as unknown as Record<string, unknown>
}

describe('a SHA-256 fingerprint', () => {
  it.each([
    ['lower case without colons', HEX],
    ['with colons', PAIRS.toLowerCase()],
    ['with spaces', PAIRS.replace(/:/g, ' ')],
    ['as openssl prints it', `SHA256 Fingerprint=${PAIRS}`],
    ['with a sha256: prefix and around spaces', `  sha256:${HEX}  `],
  ])('is taken %s, and kept as upper-case pairs', (_, text) => {
    expect(fingerprintProblem(text)).toBeNull()
    expect(normalizeFingerprint(text)).toBe(PAIRS)
  })

  it.each([
    ['', 'Enter the SHA-256 fingerprint of the certificate to trust.'],
    ['zz:11', 'A fingerprint has only hexadecimal digits (0-9 and A-F), with or without colons.'],
    [HEX.slice(0, 40), 'That is a SHA-1 fingerprint: enter the SHA-256 one (64 hexadecimal digits).'],
    [HEX.slice(0, 62), 'A SHA-256 fingerprint has 64 hexadecimal digits; this one has 62.'],
  ])('refuses %j, saying why', (text, message) => expect(fingerprintProblem(text)).toBe(message))
})

describe('a CA certificate in PEM form', () => {
  it('takes one or more certificates, dropping the text around them and keeping 64-character lines', () => {
    const pasted = `subject=CN = Root\r\n${ROOT.replace(/\n/g, '\r\n')}\r\n\r\nissuer=...\n${OTHER_ROOT}\n`
    expect(caPemProblem(pasted)).toBeNull()
    expect(normalizeCaPem(pasted)).toBe(`${stored(ROOT)}\n${stored(OTHER_ROOT)}`)
  })

  it.each([
    [
      'nothing',
      '   ',
      'Paste the CA certificate in PEM form, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
    ],
    [
      'no block',
      'MIIB...',
      'No certificate found: paste the text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
    ],
    [
      'a private key',
      `${ROOT}\n-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----`,
      'That is a private key. Paste the CA certificate alone, and keep the key secret.',
    ],
    [
      'a request',
      '-----BEGIN CERTIFICATE REQUEST-----\nMIIB\n-----END CERTIFICATE REQUEST-----',
      'That is a certificate request, not a certificate. Paste the block that begins -----BEGIN CERTIFICATE-----.',
    ],
    [
      'base64 that is not',
      '-----BEGIN CERTIFICATE-----\nnot base64 at all!\n-----END CERTIFICATE-----',
      'The certificate is damaged: its text between BEGIN and END is not a whole certificate.',
    ],
    [
      'a certificate cut short',
      ROOT.replace(/\n[A-Za-z0-9+/=]+\n-----END/, '\n-----END'),
      'The certificate is damaged: its text between BEGIN and END is not a whole certificate.',
    ],
    [
      'a second one damaged',
      `${ROOT}\n${OTHER_ROOT.replace(/\n[A-Za-z0-9+/=]+\n-----END/, '\nAAAA\n-----END')}`,
      'Certificate 2 is damaged: its text between BEGIN and END is not a whole certificate.',
    ],
    ['too much text', ROOT + ' '.repeat(CA_PEM_MAX), 'The CA certificate must be at most 10,000 characters.'],
  ])('refuses %s, saying why', (_, text, message) => expect(caPemProblem(text)).toBe(message))
})

describe('the certificate trust of a monitor', () => {
  it('is the public roots by default, for website, API and SSL monitors', () => {
    expect(parsed({ type: 'web', url: 'https://intranet.test' }).tls_trust).toEqual({ mode: 'public' })
    expect(parsed({ type: 'api', url: 'https://intranet.test' }).tls_trust).toEqual({ mode: 'public' })
    expect(parsed({ type: 'ssl', host: 'intranet.test' }).tls_trust).toEqual({ mode: 'public' })
  })

  it('stores a pin and a CA normalised', () => {
    expect(
      parsed({ type: 'web', url: 'https://i.test', tls_trust: { mode: 'pin', fingerprint: HEX } }).tls_trust,
    ).toEqual({
      mode: 'pin',
      fingerprint: PAIRS,
    })
    expect(
      parsed({ type: 'ssl', host: 'i.test', tls_trust: { mode: 'ca', ca_pem: `x\r\n${ROOT}` } }).tls_trust,
    ).toEqual({ mode: 'ca', ca_pem: stored(ROOT) })
    // What another choice would need is dropped.
    expect(parsed({ type: 'ssl', host: 'i.test', tls_trust: { mode: 'public', fingerprint: HEX } }).tls_trust).toEqual({
      mode: 'public',
    })
  })

  it('says at the field what is missing or wrong', () => {
    expect(errorsOf({ type: 'web', url: 'https://i.test', tls_trust: { mode: 'pin' } })).toEqual({
      'tls_trust.fingerprint': 'Enter the SHA-256 fingerprint of the certificate to trust.',
    })
    expect(errorsOf({ type: 'ssl', host: 'i.test', tls_trust: { mode: 'ca', ca_pem: 'hello' } })).toEqual({
      'tls_trust.ca_pem':
        'No certificate found: paste the text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
    })
    expect(errorsOf({ type: 'api', url: 'https://i.test', tls_trust: { mode: 'any' } })).toEqual({
      'tls_trust.mode': 'Certificate trust must be public, pin or ca.',
    })
    expect(errorsOf({ type: 'ssl', host: 'i.test', tls_trust: 'pin' })).toEqual({
      tls_trust: 'Certificate trust must be public, pin or ca.',
    })
  })
})

describe('the untrusted certificate of a result', () => {
  const seen = { subject: 'intranet', issuer: 'intranet', valid_to: '2027-01-05T00:00:00.000Z', fingerprint256: PAIRS }

  it('is read from the detail that reports one', () => {
    expect(untrustedCertificate({ final_url: 'https://i.test/', untrusted_certificate: seen })).toEqual(seen)
  })

  it('is null for a detail without one, or with a broken one', () => {
    expect(untrustedCertificate(null)).toBeNull()
    expect(untrustedCertificate({ subject: 'x' })).toBeNull()
    expect(untrustedCertificate({ untrusted_certificate: { subject: 'x' } })).toBeNull()
  })
})
