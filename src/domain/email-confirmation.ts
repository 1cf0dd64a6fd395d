import { plural } from './plural.ts'

// Confirming an account's address: a one-time link mailed at sign-up (and again on request) that proves the account
// reads the mail sent there. The account works meanwhile; operator rights (ADMIN_EMAILS) wait for it.

/** How long a link to confirm the address works; "send again" makes a new one. */
export const EMAIL_CONFIRM_TTL_MS = 3 * 86_400_000

export const EMAIL_CONFIRM_TTL_TEXT = plural(EMAIL_CONFIRM_TTL_MS / 86_400_000, 'day', 'days')

export const ALREADY_CONFIRMED = 'Your email address is already confirmed.'
export const LINK_NOT_USABLE = 'This link has been used, has expired or is not ours. Ask for a new one on your profile.'

/** What "send again" answers. */
export const confirmationSentMessage = (email: string) =>
  `We sent a new link to ${email}. Open it to confirm your address.`
