import { passwordChangedMail, passwordResetMail } from '@vigil/domain/account-mail-texts'
import type { LoginInput, RegisterInput, User } from '@vigil/domain/auth.schema'
import { PASSWORD_MESSAGES } from '@vigil/domain/password-policy'
import type { TwoFactorChallenge, TwoFactorLoginInput } from '@vigil/domain/two-factor'
import { hashPassword, verifyPassword } from '../auth/password-hash.ts'
import { hashToken, newToken } from '../auth/tokens.ts'
import { repos as reposOf } from '../db/repos/index.ts'
import type { EventClient } from '../db/repos/security-events.repo.ts'
import { toUser } from '../db/repos/users.repo.ts'
import { Failure } from '../errors.ts'
import { newId } from '../ids.ts'
import { publishUnread } from '../live/notices.ts'
import type { Deps } from './deps.ts'
import { emailConfirmationService } from './email-confirmation.service.ts'
import { NO_CLIENT, recordSecurityEvent } from './security-log.ts'
import { passwordHashOf, setPassword } from './set-password.ts'
import { newSubscriptionRow } from './subscriptions.service.ts'
import { twoFactorService } from './two-factor.service.ts'

/** Where a sign-in comes from, kept with its session for the user's list of sessions and in the security log. */
export type SessionClient = EventClient

const DAY_MS = 86_400_000

export interface SignedIn {
  token: string
  user: User
  expiresAt: number
}

// Compared against when the email is unknown, so a login takes as long whether or not the account exists.
let decoyHash: Promise<string> | undefined

export const accountsService = (deps: Deps) => {
  const { database, repos, clock, config, mailer, logger } = deps
  const twoFactor = twoFactorService(deps)
  const confirmation = emailConfirmationService(deps)

  const startSession = async (
    userId: string,
    client: SessionClient,
    db = repos,
  ): Promise<{ token: string; expiresAt: number }> => {
    const token = newToken()
    const now = clock.now()
    const expiresAt = now + config.sessionTtlDays * DAY_MS
    await db.sessions.insert({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: expiresAt,
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 512) ?? null,
    })
    return { token, expiresAt }
  }

  const signIn = async (
    user: Parameters<typeof toUser>[0],
    client: SessionClient,
    kind: 'sign_in' | 'recovery_code_used' = 'sign_in',
  ): Promise<SignedIn> => {
    const session = await startSession(user.user_id, client)
    await recordSecurityEvent(repos, { userId: user.user_id, kind, client, now: clock.now() })
    return { ...session, user: toUser(user) }
  }

  return {
    /**
     * Creates the user, their subscription, a welcome notification, a link to confirm the address and a session in
     * one transaction; the link is mailed after it, without waiting for the mail server.
     */
    async register(input: RegisterInput, client: SessionClient = NO_CLIENT): Promise<SignedIn> {
      if (await repos.users.findByEmail(input.email))
        throw new Failure('conflict', 'An account with this email already exists. Sign in or reset your password.', {
          email: 'This email is already registered.',
        })
      const passwordHash = await passwordHashOf(deps, input.password)
      const plans = await repos.plans.list()
      const now = clock.now()
      const userId = newId()
      const row = {
        user_id: userId,
        name: input.name,
        email: input.email,
        password_hash: passwordHash,
        image: null,
        created_at: now,
        updated_at: now,
        email_confirmed_at: null,
      }
      // With BILLING=stripe a paid Pro starts once Stripe has the payment: the account starts on Basic and the
      // sign-up page goes on to the checkout.
      const paysLater = deps.stripe !== null && input.plan === 'Pro' && !input.is_free_trial
      const plan = paysLater ? 'Basic' : input.plan
      const subscription = newSubscriptionRow(
        plans,
        userId,
        { title: plan, billing_frequency: input.billing_frequency, is_free_trial: input.is_free_trial },
        now,
      )
      let signedIn: SignedIn & { link: string }
      try {
        signedIn = await database.db.transaction().execute(async (trx) => {
          const tx = reposOf(trx)
          await tx.users.insert(row)
          await tx.subscriptions.insert(subscription)
          await tx.notifications.insertAccountNotice(
            userId,
            {
              title: 'Welcome aboard',
              description: `Your ${plan}${input.is_free_trial ? ' free trial' : ''} plan is active. Add your first monitor from the dashboard.`,
            },
            now,
          )
          const link = await confirmation.newLink(tx, row, now)
          const session = await startSession(userId, client, tx)
          await recordSecurityEvent(tx, { userId, kind: 'sign_in', client, now })
          return { ...session, user: toUser(row), link }
        })
      } catch (err) {
        // Two sign-ups with one email at once: the unique index lets one through.
        if (await repos.users.findByEmail(input.email))
          throw new Failure('conflict', 'An account with this email already exists. Sign in or reset your password.', {
            email: 'This email is already registered.',
          })
        throw err
      }
      const { link, ...result } = signedIn
      await confirmation.mailLink(row, link)
      return result
    },

    /** The password step: signed in, or (with two-factor sign-in on) a challenge for the code. */
    async login(input: LoginInput, client: SessionClient = NO_CLIENT): Promise<SignedIn | TwoFactorChallenge> {
      const user = await repos.users.findByEmail(input.email)
      decoyHash ??= hashPassword('decoy-password', config.passwordHashCost)
      const ok = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash))
      if (user && !ok)
        await recordSecurityEvent(repos, { userId: user.user_id, kind: 'sign_in_failed', client, now: clock.now() })
      if (!user || !ok) throw new Failure('unauthenticated', 'The email or password is incorrect.')
      if (await twoFactor.isOn(user.user_id)) return twoFactor.challenge(user.user_id)
      return signIn(user, client)
    },

    /** The second step of a sign-in with two-factor sign-in on: the challenge and a code make the session. */
    async completeTwoFactor(
      input: TwoFactorLoginInput,
      client: SessionClient,
      limit: (userId: string) => Promise<void>,
    ): Promise<SignedIn> {
      const user = await twoFactor.complete(input, client, limit)
      return signIn(user, client, input.method === 'recovery' ? 'recovery_code_used' : 'sign_in')
    },

    logout: (tokenHash: string) => repos.sessions.delete(tokenHash),

    /** The signed-in user as the app shows them; an account deleted meanwhile has no session to verify. */
    async verify(userId: string): Promise<User> {
      const user = await repos.users.findById(userId)
      if (!user) throw new Failure('unauthenticated', 'Your session has ended. Please sign in again.')
      return toUser(user)
    },

    async forgotPassword(email: string): Promise<void> {
      const user = await repos.users.findByEmail(email)
      // Not logged with the address: the log must not collect who tried which email.
      if (!user) {
        logger.info('password reset asked for an unknown email')
        return
      }
      const token = newToken()
      const now = clock.now()
      await repos.passwordResets.insert({
        token_hash: hashToken(token),
        user_id: user.user_id,
        created_at: now,
        expires_at: now + config.resetTokenTtlMinutes * 60_000,
      })
      const link = `${config.appUrl}/forgot-password?token=${encodeURIComponent(token)}`
      await mailer.send({
        userId: user.user_id,
        to: user.email,
        ...passwordResetMail({ name: user.name, link, ttlMinutes: config.resetTokenTtlMinutes }),
        secrets: [link],
      })
    },

    /** Sets a new password from a reset link; every session of the user ends. */
    async resetPassword(token: string, password: string, client: SessionClient = NO_CLIENT): Promise<void> {
      const reset = await repos.passwordResets.findUsable(hashToken(token), clock.now())
      if (!reset)
        throw new Failure('invalid', 'This reset link is invalid or has expired. Ask for a new one.', {
          token: 'Invalid or expired reset link.',
        })
      await setPassword(deps, {
        userId: reset.user_id,
        password,
        event: { kind: 'password_reset', detail: 'from an emailed link', client },
      })
    },

    /**
     * The operator's reset (`npm run reset-password`): sets the password of the account with this email, uses up
     * its reset links and ends every session, as a reset link would. It also turns two-factor sign-in off: the
     * operator is the way back for someone who lost both the phone and the recovery codes, and has checked who
     * they are. Null when no account has the email.
     */
    async setPasswordAsOperator(email: string, password: string): Promise<{ twoFactorOff: boolean } | null> {
      const user = await repos.users.findByEmail(email)
      if (!user) return null
      const twoFactorOff = await twoFactor.isOn(user.user_id)
      await setPassword(deps, {
        userId: user.user_id,
        password,
        event: { kind: 'password_reset', detail: 'by the operator', client: NO_CLIENT },
        alsoIn: async (tx, now) => {
          if (!twoFactorOff) return
          await tx.twoFactor.remove(user.user_id)
          await recordSecurityEvent(tx, { userId: user.user_id, kind: 'two_factor_off', client: NO_CLIENT, now })
        },
        notice: {
          title: 'Password reset by the operator',
          description: `The operator of this server set a new password for your account${twoFactorOff ? ', turned two-factor sign-in off' : ''} and signed out every session.`,
        },
      })
      return { twoFactorOff }
    },

    /** The spec's password change: checks the current password and ends the user's other sessions. */
    async changePassword(
      userId: string,
      keepTokenHash: string,
      current: string,
      next: string,
      client: SessionClient = NO_CLIENT,
    ): Promise<void> {
      const user = await repos.users.findById(userId)
      if (!user) throw new Failure('not_found', 'User not found.')
      if (!(await verifyPassword(current, user.password_hash)))
        throw new Failure('invalid', 'Current password is incorrect.', {
          current_password: 'Current password is incorrect.',
        })
      if (current === next)
        throw new Failure('invalid', PASSWORD_MESSAGES.same, { new_password: PASSWORD_MESSAGES.same })
      await setPassword(deps, {
        userId,
        password: next,
        keepSession: keepTokenHash,
        event: { kind: 'password_changed', client },
        notice: {
          title: 'Password changed',
          description: 'Your password was changed and your other sessions were signed out.',
        },
      })
      // The tab that changed it stays signed in. (Registering and the operator's reset publish nothing: no page of
      // the user is open then, or every session has just ended.)
      await publishUnread(deps, [userId])
      await mailer.send({
        userId: user.user_id,
        to: user.email,
        ...passwordChangedMail({ name: user.name, appUrl: config.appUrl }),
      })
    },
  }
}
