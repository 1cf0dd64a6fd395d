import { randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { encode } from 'uqr'
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@vigil/domain/two-factor'
import { hashToken } from './tokens.ts'

// TOTP (RFC 6238) by otpauth: SHA-1, six digits, 30 seconds, which every authenticator app reads. A code is good
// for its step and the one either side (clock drift); which step matched is returned so it is taken only once.

const ISSUER = 'Vigil'

/** A new 160-bit secret in base32 (RFC 4226's recommended length). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  })

/** The otpauth:// URI an app reads from the QR code. */
export const totpUri = (secret: string, accountEmail: string) => totpOf(secret, accountEmail).toString()

/**
 * The QR code of the URI as one SVG path over a `size` × `size` grid (a quiet zone of 2 included): the page draws
 * it inline, so no image URL is needed (the app's CSP allows images from our origin only, not data: URLs).
 */
export const qrCode = (text: string): { size: number; path: string } => {
  const { size, data } = encode(text, { border: 2 })
  const runs: string[] = []
  data.forEach((row, y) => {
    for (let x = 0; x < size; ) {
      if (!row[x]) {
        x += 1
        continue
      }
      let run = 1
      while (row[x + run]) run += 1
      runs.push(`M${x} ${y}h${run}v1h-${run}z`)
      x += run
    }
  })
  return { size, path: runs.join('') }
}

/** The 30-second step a code matched at `now` (one step of drift either way), or null. */
export const matchTotp = (secret: string, code: string, now: number): number | null => {
  const totp = totpOf(secret)
  const delta = totp.validate({ token: code, timestamp: now, window: 1 })
  return delta === null ? null : totp.counter({ timestamp: now }) + delta
}

/** The code of `now`: for tests and the benchmark, which play the authenticator app. */
export const totpCode = (secret: string, now: number) => totpOf(secret).generate({ timestamp: now })

// Recovery codes: 50 random bits each in base32 (letters and 2-7, no 0/1/8/9 to misread), shown as two groups of
// five. Only their SHA-256 is stored; 50 bits is past guessing within the sign-in's rate limit.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'

export const newRecoveryCode = (): string => {
  const bytes = randomBytes(10)
  const chars = [...bytes].map((b) => ALPHABET[b & 31]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}

/** The stored form of a recovery code as typed (any case, with or without its dash). */
export const hashRecoveryCode = (code: string) => hashToken(code.replace(/[\s-]/g, '').toLowerCase())
