import * as v from 'valibot'
import { AuthResult } from './auth.schema.ts'

// Two-factor sign-in with an authenticator app (TOTP, RFC 6238: six digits, a 30-second step) and ten
// single-use recovery codes. The rules of what may be typed, and what the server answers.

export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
export const RECOVERY_CODE_COUNT = 10
/** How long the second step of a sign-in may wait after the password, and how many codes it may try. */
export const CHALLENGE_TTL_MS = 5 * 60_000
export const CHALLENGE_MAX_ATTEMPTS = 5

export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.'
export const CODE_FORMAT = 'The code is 6 digits.'
export const CODE_WRONG = 'That code is not right. Check the time on your device and try the newest code.'
/** A code of the app that was right but is spent: each code signs in or proves once (it could have been seen). */
export const CODE_USED =
  'That code has already been used. Wait for the next code in your app (a new one every 30 seconds) and enter it.'
export const RECOVERY_REQUIRED = 'Enter one of your recovery codes.'
export const RECOVERY_WRONG = 'That recovery code is not right or has been used.'
export const CODE_OR_RECOVERY_WRONG = 'That code is not right. Enter the newest code from your app or a recovery code.'
export const CHALLENGE_EXPIRED = 'This sign-in has expired. Enter your email and password again.'

/** Spaces and dashes people type between groups are dropped before the check. */
const compact = (text: string) => text.replace(/[\s-]/g, '')

export const TotpCode = v.pipe(
  v.string(CODE_REQUIRED),
  v.transform(compact),
  v.nonEmpty(CODE_REQUIRED),
  v.regex(/^\d{6}$/, CODE_FORMAT),
)

/** A recovery code: ten letters and digits, shown as two groups of five. */
export const RecoveryCode = v.pipe(
  v.string(RECOVERY_REQUIRED),
  v.transform((text) => compact(text).toLowerCase()),
  v.nonEmpty(RECOVERY_REQUIRED),
  v.regex(/^[a-z2-7]{10}$/, 'A recovery code is 10 letters and digits, like abcde-23456.'),
)

/** A TOTP code or a recovery code, told apart by their shape (turning two-factor sign-in off takes either). */
export const CodeOrRecovery = v.pipe(
  v.string(CODE_REQUIRED),
  v.transform((text) => compact(text).toLowerCase()),
  v.nonEmpty(CODE_REQUIRED),
  v.regex(/^(\d{6}|[a-z2-7]{10})$/, 'Enter the 6-digit code from your app or a recovery code.'),
)
export const isTotpShape = (code: string) => /^\d{6}$/.test(code)

const Password = v.pipe(v.string('Password is required.'), v.nonEmpty('Password is required.'), v.maxLength(128))

export const TwoFactorEnableInput = v.object({ code: TotpCode, password: Password })
export const TwoFactorDisableInput = v.object({ code: CodeOrRecovery, password: Password })
/** New recovery codes (the old ones stop working) take the same proof as turning it off. */
export const RecoveryCodesInput = TwoFactorDisableInput

const Challenge = v.pipe(v.string(CHALLENGE_EXPIRED), v.nonEmpty(CHALLENGE_EXPIRED), v.maxLength(200))
export const TwoFactorLoginInput = v.variant('method', [
  v.object({ method: v.literal('code'), challenge: Challenge, code: TotpCode }),
  v.object({ method: v.literal('recovery'), challenge: Challenge, code: RecoveryCode }),
])
export type TwoFactorLoginInput = v.InferOutput<typeof TwoFactorLoginInput>

/** The form of the second step, without the challenge (the page holds it). */
export const SecondStepCodeForm = v.object({ code: TotpCode })
export const SecondStepRecoveryForm = v.object({ code: RecoveryCode })

/** The answer of POST /api/auth/login: signed in, or asked for the second step. */
export const TwoFactorChallenge = v.object({
  two_factor_required: v.literal(true),
  challenge: v.string(),
  expires_at: v.string(),
})
export type TwoFactorChallenge = v.InferOutput<typeof TwoFactorChallenge>
export const LoginOutcome = v.union([AuthResult, TwoFactorChallenge])
export type LoginOutcome = v.InferOutput<typeof LoginOutcome>
export const needsSecondStep = (outcome: LoginOutcome): outcome is TwoFactorChallenge =>
  'two_factor_required' in outcome

export const TwoFactorStatus = v.object({
  enabled: v.boolean(),
  enabled_at: v.nullable(v.string()),
  recovery_codes_left: v.number(),
})
export type TwoFactorStatus = v.InferOutput<typeof TwoFactorStatus>

/**
 * A new secret, shown once while setting up: the secret to type, its URI, and the URI's QR code as one SVG path
 * over a `size` × `size` grid.
 */
export const TwoFactorSetup = v.object({
  secret: v.string(),
  uri: v.string(),
  qr: v.object({ size: v.number(), path: v.pipe(v.string(), v.regex(/^[Mhvz0-9 -]*$/)) }),
})
export type TwoFactorSetup = v.InferOutput<typeof TwoFactorSetup>

/** Two-factor sign-in turned on, or its recovery codes renewed: the new codes, shown once, and the status. */
export const RecoveryCodesIssued = v.object({ recovery_codes: v.array(v.string()), status: TwoFactorStatus })
export type RecoveryCodesIssued = v.InferOutput<typeof RecoveryCodesIssued>

/** The secret as people type it: groups of four letters. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

/** The text file of recovery codes offered for download. */
export const recoveryCodesFile = (email: string, codes: readonly string[], at: string) =>
  [
    `Recovery codes for ${email}`,
    `Made ${at}. Each code signs in once, in place of the code from your authenticator app.`,
    'Keep them somewhere safe; anyone who has them and your password can sign in.',
    '',
    ...codes,
    '',
  ].join('\n')
