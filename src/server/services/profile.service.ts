import { addressChangeAskedMail, addressChangedMail, confirmNewAddressMail } from '@vigil/domain/account-mail-texts'
import type { User } from '@vigil/domain/auth.schema'
import { isLiveStatus } from '@vigil/domain/billing'
import { LINK_NOT_USABLE } from '@vigil/domain/email-confirmation'
import { type AccountRemoved, EMAIL_CHANGE_TTL_MS } from '@vigil/domain/profile'
import { hashToken, newToken } from '../auth/tokens.ts'
import { takeWriteLock } from '../db/database.ts'
import { repos as reposOf } from '../db/repos/index.ts'
import type { EventClient } from '../db/repos/security-events.repo.ts'
import { toUser } from '../db/repos/users.repo.ts'
import { Failure, notFound } from '../errors.ts'
import { publishUnread } from '../live/notices.ts'
import { checkPassword, userOf } from './account-checks.ts'
import type { Deps } from './deps.ts'
import { emailConfirmationService } from './email-confirmation.service.ts'
import { reencodePicture } from './profile-picture.ts'
import { NO_CLIENT, recordSecurityEvent } from './security-log.ts'

// The profile's flows: the name, the picture (re-encoded here, served from our origin), a change of email address
// confirmed from the new inbox (the old one is told), and deleting the account with everything in it.

const EMAIL_TAKEN = 'This email is already used by another account.'

/** The picture's address: ours, with its version so that a new picture is not served from a cache. */
const pictureUrl = (updatedAt: number) => `/api/profile/picture?v=${updatedAt}`

export const profileService = (deps: Deps) => {
  const { repos, database, clock, mailer, config } = deps
  const confirmation = emailConfirmationService(deps)

  return {
    async view(userId: string): Promise<{ user: User; pending_email: string | null }> {
      const user = await userOf(repos, userId)
      return { user: toUser(user), pending_email: await repos.profile.pendingEmailOf(userId, clock.now()) }
    },

    async rename(userId: string, name: string): Promise<User> {
      await repos.users.update(userId, { name }, clock.now())
      return toUser(await userOf(repos, userId))
    },

    async setPicture(userId: string, bytes: Buffer): Promise<User> {
      const picture = await reencodePicture(bytes)
      const now = clock.now()
      await database.db.transaction().execute(async (trx) => {
        const r = reposOf(trx)
        await r.profile.putImage(userId, picture.contentType, picture.bytes, now)
        await r.users.update(userId, { image: pictureUrl(now) }, now)
      })
      return toUser(await userOf(repos, userId))
    },

    async removePicture(userId: string): Promise<User> {
      const now = clock.now()
      await database.db.transaction().execute(async (trx) => {
        const r = reposOf(trx)
        await r.profile.deleteImage(userId)
        await r.users.update(userId, { image: null }, now)
      })
      return toUser(await userOf(repos, userId))
    },

    async picture(userId: string) {
      const picture = await repos.profile.imageOf(userId)
      if (!picture) throw notFound('Picture')
      return picture
    },

    /** Mails a link to the new address; the email changes when it is opened. The old address is told. */
    async requestEmailChange(userId: string, email: string, password: string) {
      const user = await checkPassword(repos, userId, password)
      if (email === user.email)
        throw new Failure('invalid', 'This is already your email address.', { email: 'This is your address now.' })
      if (await repos.users.findByEmail(email)) throw new Failure('conflict', EMAIL_TAKEN, { email: EMAIL_TAKEN })
      const token = newToken()
      const now = clock.now()
      await database.db.transaction().execute(async (trx) => {
        const r = reposOf(trx)
        // One open link at a time: the latest request is the one that counts.
        await r.profile.closeEmailChanges(userId, now)
        await r.profile.insertEmailChange({
          token_hash: hashToken(token),
          user_id: userId,
          new_email: email,
          created_at: now,
          expires_at: now + EMAIL_CHANGE_TTL_MS,
        })
      })
      const link = `${config.appUrl}/confirm-email?token=${token}`
      await mailer.send({
        userId,
        to: email,
        ...confirmNewAddressMail({ name: user.name, email, link }),
        secrets: [link],
      })
      await mailer.send({
        userId,
        to: user.email,
        ...addressChangeAskedMail({ name: user.name, email, appUrl: config.appUrl }),
      })
      return { pending_email: email }
    },

    /**
     * A link from a mail: the one that confirms the account's address (sent at sign-up), or the one from a new
     * inbox, which changes the address, once (the old address is told) and confirms it.
     */
    async confirmEmail(token: string, client: EventClient = NO_CLIENT): Promise<User> {
      const confirmed = await confirmation.confirm(token, client)
      if (confirmed) return confirmed
      const now = clock.now()
      const changed = await database.db.transaction().execute(async (trx) => {
        await takeWriteLock(trx, database.dialect)
        const r = reposOf(trx)
        const change = await r.profile.usableEmailChange(hashToken(token), now)
        if (!change) throw new Failure('invalid', LINK_NOT_USABLE)
        if (await r.users.findByEmail(change.new_email)) throw new Failure('conflict', EMAIL_TAKEN)
        const before = await r.users.findById(change.user_id)
        if (!before) throw notFound('User')
        await r.users.update(change.user_id, { email: change.new_email }, now)
        await r.profile.closeEmailChanges(change.user_id, now)
        await confirmation.confirmedByChange(r, change.user_id, now)
        await recordSecurityEvent(r, {
          userId: change.user_id,
          kind: 'email_changed',
          detail: change.new_email,
          client,
          now,
        })
        await r.notifications.insertAccountNotice(
          change.user_id,
          { title: 'Email address changed', description: `Your account's email address is now ${change.new_email}.` },
          now,
        )
        return { before, after: change.new_email }
      })
      await publishUnread(deps, [changed.before.user_id])
      await mailer.send({
        userId: changed.before.user_id,
        to: changed.before.email,
        ...addressChangedMail({ name: changed.before.name, email: changed.after, appUrl: config.appUrl }),
      })
      return toUser(await userOf(repos, changed.before.user_id))
    },

    /**
     * Deletes the account and every row of it (foreign keys cascade): its sessions end. A paid plan is cancelled
     * at Stripe first, so nobody is charged for an account that is gone; if Stripe cannot be reached, nothing is
     * deleted.
     */
    async deleteAccount(userId: string, password: string): Promise<AccountRemoved> {
      await checkPassword(repos, userId, password)
      const billing = await repos.billing.accountOf(userId)
      if (deps.stripe && billing?.subscription_id && isLiveStatus(billing.status)) {
        const stripe = deps.stripe
        try {
          await stripe.cancelNow(billing.subscription_id)
        } catch {
          throw new Failure(
            'unavailable',
            'Your Stripe subscription could not be cancelled just now, so your account was not deleted. Try again in a few minutes.',
          )
        }
      }
      return database.db.transaction().execute(async (trx) => {
        const r = reposOf(trx)
        const removed = await r.profile.ownedCounts(userId)
        // The Stripe events kept for their ids name the user without a foreign key: they go too.
        await r.billing.deleteEventsOfUser(userId)
        await r.users.delete(userId)
        // So do the list's counts (migration 020), which have no foreign key either.
        await r.monitorList.deleteCountsOf(userId)
        return removed
      })
    },
  }
}
