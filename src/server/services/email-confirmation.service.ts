import { confirmAddressMail } from '@vigil/domain/account-mail-texts'
import type { User } from '@vigil/domain/auth.schema'
import { ALREADY_CONFIRMED, confirmationSentMessage, EMAIL_CONFIRM_TTL_MS } from '@vigil/domain/email-confirmation'
import { hashToken, newToken } from '../auth/tokens.ts'
import { takeWriteLock } from '../db/database.ts'
import { type Repos, repos as reposOf } from '../db/repos/index.ts'
import type { EventClient } from '../db/repos/security-events.repo.ts'
import { toUser, type UserRow } from '../db/repos/users.repo.ts'
import { Failure } from '../errors.ts'
import { userOf } from './account-checks.ts'
import type { Deps } from './deps.ts'
import { NO_CLIENT, recordSecurityEvent } from './security-log.ts'

// Confirming an account's address (issue 35): a one-time link mailed at sign-up and again on request, or the
// operator's word from the shell (`npm run confirm-email`). Only a confirmed address makes its account an operator.

export const emailConfirmationService = (deps: Deps) => {
  const { database, repos, clock, config, mailer } = deps

  /** A new link for the user's current address, kept as its hash: made inside the caller's transaction. */
  const newLink = async (r: Repos, user: Pick<UserRow, 'user_id' | 'email'>, now: number) => {
    const token = newToken()
    await r.emailConfirmations.insert({
      token_hash: hashToken(token),
      user_id: user.user_id,
      email: user.email,
      created_at: now,
      expires_at: now + EMAIL_CONFIRM_TTL_MS,
    })
    return `${config.appUrl}/confirm-email?token=${token}`
  }

  /** Puts the mail in the outbox without waiting for the mail server; the link leaves the outbox once sent. */
  const mailLink = (user: Pick<UserRow, 'user_id' | 'name' | 'email'>, link: string) =>
    mailer.queue({
      userId: user.user_id,
      to: user.email,
      ...confirmAddressMail({ name: user.name, email: user.email, link }),
      secrets: [link],
    })

  /** Marks the address confirmed and ends the account's open links, in the caller's transaction. */
  const markConfirmed = async (r: Repos, userId: string, now: number, client: EventClient, detail?: string) => {
    await r.users.update(userId, { email_confirmed_at: now }, now)
    await r.emailConfirmations.closeAll(userId, now)
    await recordSecurityEvent(r, { userId, kind: 'email_confirmed', client, now, detail })
  }

  return {
    newLink,
    mailLink,

    /** "Send again": a new link (the older ones stop working); refused once the address is confirmed. */
    async resend(userId: string): Promise<{ message: string }> {
      const now = clock.now()
      const user = await userOf(repos, userId)
      if (user.email_confirmed_at !== null) throw new Failure('conflict', ALREADY_CONFIRMED)
      const link = await database.db.transaction().execute(async (trx) => {
        const r = reposOf(trx)
        await r.emailConfirmations.closeAll(userId, now)
        return newLink(r, user, now)
      })
      await mailLink(user, link)
      return { message: confirmationSentMessage(user.email) }
    },

    /**
     * The link from the mail: confirms the address it was sent to, once. Null when the token is no confirmation
     * link of ours (it may be a change of address's). A link for an address the account no longer has is refused.
     */
    async confirm(token: string, client: EventClient = NO_CLIENT): Promise<User | null> {
      const now = clock.now()
      const userId = await database.db.transaction().execute(async (trx) => {
        await takeWriteLock(trx, database.dialect)
        const r = reposOf(trx)
        const link = await r.emailConfirmations.usable(hashToken(token), now)
        if (!link) return null
        const user = await userOf(r, link.user_id)
        if (user.email !== link.email) {
          await r.emailConfirmations.closeAll(user.user_id, now)
          return null
        }
        await markConfirmed(r, user.user_id, now, client)
        return user.user_id
      })
      return userId === null ? null : toUser(await userOf(repos, userId))
    },

    /** A change of address opened from the new inbox proves the new address too (in the change's transaction). */
    confirmedByChange: (r: Repos, userId: string, now: number) =>
      Promise.all([
        r.users.update(userId, { email_confirmed_at: now }, now),
        r.emailConfirmations.closeAll(userId, now),
      ]),

    /**
     * The operator's confirmation from the shell, for a server without SMTP. Null when no account has the address;
     * `already` when it was confirmed before (nothing changes then).
     */
    async confirmAsOperator(email: string): Promise<{ user: UserRow; already: boolean } | null> {
      const user = await repos.users.findByEmail(email)
      if (!user) return null
      if (user.email_confirmed_at !== null) return { user, already: true }
      const now = clock.now()
      await database.db
        .transaction()
        .execute((trx) => markConfirmed(reposOf(trx), user.user_id, now, NO_CLIENT, 'by the operator'))
      return { user, already: false }
    },
  }
}
