import { type TwoFactorChange, twoFactorMail } from '@vigil/domain/account-mail-texts'
import {
  CHALLENGE_EXPIRED,
  CHALLENGE_MAX_ATTEMPTS,
  CHALLENGE_TTL_MS,
  CODE_OR_RECOVERY_WRONG,
  CODE_USED,
  CODE_WRONG,
  isTotpShape,
  RECOVERY_CODE_COUNT,
  RECOVERY_WRONG,
  type TwoFactorChallenge,
  type TwoFactorLoginInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@vigil/domain/two-factor'
import { hashToken, newToken } from '../auth/tokens.ts'
import { hashRecoveryCode, matchTotp, newRecoveryCode, newTotpSecret, qrCode, totpUri } from '../auth/totp.ts'
import { repos as reposOf } from '../db/repos/index.ts'
import type { EventClient } from '../db/repos/security-events.repo.ts'
import type { UserRow } from '../db/repos/users.repo.ts'
import { Failure } from '../errors.ts'
import { publishUnread } from '../live/notices.ts'
import { checkPassword, userOf } from './account-checks.ts'
import type { Deps } from './deps.ts'
import { recordSecurityEvent } from './security-log.ts'

// Two-factor sign-in: set up (a new secret shown as a QR code and as text), turned on by a first code with the
// password (ten recovery codes shown once), turned off by the password and a code, and the second step of a
// sign-in, which trades a challenge from the password step and a code for a session.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export const twoFactorService = (deps: Deps) => {
  const { repos, database, clock, secrets, mailer, config } = deps

  /**
   * Takes a TOTP code once: the step it matched must be newer than the last one used. Null when it is taken, else
   * why not: not a code of the secret now (wrong, or the device's clock is off), or one already used (or older
   * than the one used last), which waiting for the app's next code mends.
   */
  const takeCode = async (userId: string, sealedSecret: string, code: string, now = clock.now()) => {
    const step = matchTotp(secrets.open(sealedSecret), code, now)
    if (step === null) return CODE_WRONG
    return (await repos.twoFactor.acceptStep(userId, step)) ? null : CODE_USED
  }

  /** Null when a recovery code is taken (once), else why not. */
  const takeRecoveryCode = async (userId: string, code: string) =>
    (await repos.twoFactor.spendRecoveryCode(userId, hashRecoveryCode(code), clock.now())) ? null : RECOVERY_WRONG

  /** The password and a code from the app or a recovery code, while two-factor sign-in is on. */
  const proveItIsYou = async (userId: string, code: string, password: string, whenOff: string) => {
    const user = await checkPassword(repos, userId, password)
    const row = await repos.twoFactor.of(userId)
    if (row?.enabled_at == null) throw new Failure('conflict', whenOff)
    // A spent code of the app says so; any other refusal does not tell a code from a recovery code.
    const refused = isTotpShape(code) ? await takeCode(userId, row.secret, code) : await takeRecoveryCode(userId, code)
    if (refused) {
      const message = refused === CODE_USED ? CODE_USED : CODE_OR_RECOVERY_WRONG
      throw new Failure('invalid', message, { code: message })
    }
    return user
  }

  // Told by mail without waiting for the mail server: the answer (a sign-in above all) must not wait on it.
  const tell = (user: { user_id: string; email: string; name: string }, change: TwoFactorChange) =>
    mailer.queue({
      userId: user.user_id,
      to: user.email,
      ...twoFactorMail({ name: user.name, appUrl: config.appUrl }, change),
    })

  return {
    async status(userId: string): Promise<TwoFactorStatus> {
      const row = await repos.twoFactor.of(userId)
      const enabled = row?.enabled_at != null
      return {
        enabled,
        enabled_at: iso(row?.enabled_at ?? null),
        recovery_codes_left: enabled ? await repos.twoFactor.recoveryCodesLeft(userId) : 0,
      }
    },

    /** A new secret to set up; refused while two-factor sign-in is on (turn it off first). */
    async setup(userId: string): Promise<TwoFactorSetup> {
      const user = await userOf(repos, userId)
      if ((await repos.twoFactor.of(userId))?.enabled_at != null)
        throw new Failure('conflict', 'Two-factor sign-in is already on. Turn it off first to use a new app.')
      const secret = newTotpSecret()
      await repos.twoFactor.putPending(userId, secrets.seal(secret), clock.now())
      const uri = totpUri(secret, user.email)
      return { secret, uri, qr: qrCode(uri) }
    },

    /** Turns two-factor sign-in on with the first code of the new secret; answers the ten recovery codes. */
    async enable(userId: string, code: string, password: string, client: EventClient): Promise<string[]> {
      const user = await checkPassword(repos, userId, password)
      const row = await repos.twoFactor.of(userId)
      if (!row) throw new Failure('invalid', 'Set up two-factor sign-in first: scan the QR code, then enter its code.')
      if (row.enabled_at != null) throw new Failure('conflict', 'Two-factor sign-in is already on.')
      const refused = await takeCode(userId, row.secret, code)
      if (refused) throw new Failure('invalid', refused, { code: refused })
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
      const now = clock.now()
      await database.db.transaction().execute(async (trx) => {
        const tx = reposOf(trx)
        await tx.twoFactor.enable(userId, now)
        await tx.twoFactor.putRecoveryCodes(userId, codes.map(hashRecoveryCode))
        await recordSecurityEvent(tx, { userId, kind: 'two_factor_on', client, now })
        await tx.notifications.insertAccountNotice(
          userId,
          {
            title: 'Two-factor sign-in is on',
            description: 'Signing in now asks for a code from your authenticator app after the password.',
          },
          now,
        )
      })
      await publishUnread(deps, [userId])
      await tell(user, { kind: 'on' })
      return codes
    },

    /** Turns it off with the password and a code from the app or a recovery code. */
    async disable(userId: string, code: string, password: string, client: EventClient): Promise<void> {
      const user = await proveItIsYou(userId, code, password, 'Two-factor sign-in is already off.')
      const now = clock.now()
      await database.db.transaction().execute(async (trx) => {
        const tx = reposOf(trx)
        await tx.twoFactor.remove(userId)
        await recordSecurityEvent(tx, { userId, kind: 'two_factor_off', client, now })
        await tx.notifications.insertAccountNotice(
          userId,
          { title: 'Two-factor sign-in is off', description: 'Signing in now asks only for your password.' },
          now,
        )
      })
      await publishUnread(deps, [userId])
      await tell(user, { kind: 'off' })
    },

    /** Ten new recovery codes in place of the old ones (used or not), with the same proof as turning it off. */
    async renewRecoveryCodes(userId: string, code: string, password: string, client: EventClient): Promise<string[]> {
      const user = await proveItIsYou(userId, code, password, 'Turn on two-factor sign-in first.')
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
      const now = clock.now()
      await database.db.transaction().execute(async (trx) => {
        const tx = reposOf(trx)
        await tx.twoFactor.putRecoveryCodes(userId, codes.map(hashRecoveryCode))
        await recordSecurityEvent(tx, { userId, kind: 'recovery_codes_renewed', client, now })
      })
      await tell(user, { kind: 'recovery_codes_renewed' })
      return codes
    },

    /** Whether a sign-in of this user needs its second step. */
    isOn: async (userId: string) => (await repos.twoFactor.of(userId))?.enabled_at != null,

    /** The password was right: a challenge for the second step, good for five minutes and five tries. */
    async challenge(userId: string): Promise<TwoFactorChallenge> {
      const token = newToken()
      const now = clock.now()
      await repos.twoFactor.insertChallenge({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: now,
        expires_at: now + CHALLENGE_TTL_MS,
      })
      return { two_factor_required: true, challenge: token, expires_at: new Date(now + CHALLENGE_TTL_MS).toISOString() }
    },

    /**
     * The second step: the user of the challenge when the code is right (the challenge is then spent). A wrong
     * code is logged and counted against the challenge's tries.
     */
    async complete(
      input: TwoFactorLoginInput,
      client: EventClient,
      /** The account's own rate limit, counted once the challenge has told whose sign-in this is. */
      limit: (userId: string) => Promise<void>,
    ): Promise<UserRow> {
      const tokenHash = hashToken(input.challenge)
      const now = clock.now()
      const challenge = await repos.twoFactor.tryChallenge(tokenHash, now, CHALLENGE_MAX_ATTEMPTS)
      if (!challenge) throw new Failure('unauthenticated', CHALLENGE_EXPIRED)
      const userId = challenge.user_id
      await limit(userId)
      const row = await repos.twoFactor.of(userId)
      // Turned off between the two steps: the password alone now signs in.
      const refused =
        row?.enabled_at == null
          ? null
          : input.method === 'code'
            ? await takeCode(userId, row.secret, input.code)
            : await takeRecoveryCode(userId, input.code)
      // A spent code is a failure too (whoever saw it may be trying it), counted and logged like a wrong one.
      if (refused) {
        await recordSecurityEvent(repos, { userId, kind: 'two_factor_failed', client, now })
        throw new Failure('invalid', refused, { code: refused })
      }
      await repos.twoFactor.deleteChallenge(tokenHash)
      const user = await userOf(repos, userId)
      if (input.method === 'recovery') {
        const left = await repos.twoFactor.recoveryCodesLeft(userId)
        await tell(user, { kind: 'recovery_code_used', left })
      }
      return user
    },
  }
}
