import { EMAIL_CONFIRM_TTL_TEXT } from './email-confirmation.ts'
import { plural } from './plural.ts'
import { EMAIL_CHANGE_TTL_MS } from './profile.ts'

// The texts of the mails about the account itself: the link that confirms its address, a reset link, a changed
// password, a change of address, two-factor sign-in. Each is a subject and a plain text; the server sends what
// these return (a link in them is a secret the outbox drops once sent, see account-mail.ts).

export interface MailText {
  subject: string
  text: string
}

/** Who the mail is to, by name. (`appUrl` below is the server's own address, for the links back to it.) */
interface To {
  name: string
}

const lines = (...parts: string[]) => parts.join('\n')

/** Sent at sign-up and again on request: the link that proves the account reads the mail at `email`. */
export const confirmAddressMail = ({ name, email, link }: To & { email: string; link: string }): MailText => ({
  subject: 'Confirm your email address',
  text: lines(
    `Hello ${name},`,
    '',
    `Open this link within ${EMAIL_CONFIRM_TTL_TEXT} to confirm that ${email} is the address of your Vigil account:`,
    link,
    '',
    'If you did not make an account, ignore this mail: nothing happens and the link expires.',
  ),
})

/** The link of "forgot password", valid `ttlMinutes`. */
export const passwordResetMail = ({ name, link, ttlMinutes }: To & { link: string; ttlMinutes: number }): MailText => ({
  subject: 'Reset your password',
  text: lines(
    `Hello ${name},`,
    '',
    'Someone (hopefully you) asked to reset the password of your account.',
    `Open this link within ${ttlMinutes} minutes to choose a new password:`,
    '',
    link,
    '',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ),
})

/** After a change from the profile: the other sessions were signed out. */
export const passwordChangedMail = ({ name, appUrl }: To & { appUrl: string }): MailText => ({
  subject: 'Your password was changed',
  text: lines(
    `Hello ${name},`,
    '',
    'The password of your account was changed and your other sessions were signed out.',
    `If this was not you, reset your password now at ${appUrl}/forgot-password.`,
  ),
})

/** To the new address of a change: the link that makes it the account's (valid EMAIL_CHANGE_TTL_MS). */
export const confirmNewAddressMail = ({ name, email, link }: To & { email: string; link: string }): MailText => ({
  subject: 'Confirm your new email address',
  text: lines(
    `Hello ${name},`,
    '',
    `Open this link within ${plural(EMAIL_CHANGE_TTL_MS / 3_600_000, 'hour', 'hours')} to make ${email} the address of your account:`,
    link,
    '',
    'If you did not ask for this, ignore this mail: nothing changes.',
  ),
})

/** To the old address, when a change to `email` is asked. */
export const addressChangeAskedMail = ({ name, email, appUrl }: To & { email: string; appUrl: string }): MailText => ({
  subject: 'A change of your email address was asked',
  text: lines(
    `Hello ${name},`,
    '',
    `Someone signed in to your account asked to change its email address to ${email}. It changes only when the link sent there is opened.`,
    `If this was not you, change your password now at ${appUrl}/profile.`,
  ),
})

/** To the old address, once the account's address is `email`. */
export const addressChangedMail = ({ name, email, appUrl }: To & { email: string; appUrl: string }): MailText => ({
  subject: 'Your email address was changed',
  text: lines(
    `Hello ${name},`,
    '',
    `The email address of your account is now ${email}; mail no longer comes here.`,
    `If this was not you, reset your password at ${appUrl}/forgot-password and write to the operator of this server.`,
  ),
})

export type TwoFactorChange =
  | { kind: 'on' }
  | { kind: 'off' }
  | { kind: 'recovery_codes_renewed' }
  | { kind: 'recovery_code_used'; left: number }

/** The subject and the line that says what changed. */
const twoFactorWords = (change: TwoFactorChange): [string, string] => {
  switch (change.kind) {
    case 'on':
      return ['Two-factor sign-in was turned on', 'Two-factor sign-in was turned on for your account.']
    case 'off':
      return ['Two-factor sign-in was turned off', 'Two-factor sign-in was turned off for your account.']
    case 'recovery_codes_renewed':
      return [
        'New recovery codes were made',
        'New recovery codes were made for your account; the old ones no longer work.',
      ]
    case 'recovery_code_used':
      return [
        'A recovery code was used to sign in',
        `A recovery code was used to sign in to your account; ${change.left} of them are left.`,
      ]
  }
}

/** A change of two-factor sign-in, told to the owner with the way to act if it was not them. */
export const twoFactorMail = ({ name, appUrl }: To & { appUrl: string }, change: TwoFactorChange): MailText => {
  const [subject, line] = twoFactorWords(change)
  return {
    subject,
    text: lines(
      `Hello ${name},`,
      '',
      line,
      `If this was not you, change your password at ${appUrl}/settings/security now.`,
    ),
  }
}
