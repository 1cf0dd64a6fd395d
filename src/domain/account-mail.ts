// Mail about the account itself (a reset link, a notice), sent through the same outbox as alerts.

export interface AccountMail {
  kind: 'mail'
  subject: string
  text: string
  /** The text as the outbox keeps it once sent: each live secret (a reset link) replaced. */
  kept: string
}

export const REMOVED_SECRET = '[removed: sent by email only]'

/** An account mail whose `secrets` (parts of the text such as a reset link) are kept only until it is sent. */
export const accountMail = (subject: string, text: string, secrets: readonly string[] = []): AccountMail => ({
  kind: 'mail',
  subject,
  text,
  kept: secrets.reduce((kept, secret) => kept.split(secret).join(REMOVED_SECRET), text),
})
