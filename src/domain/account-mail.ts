// Mail about the account itself (a reset link, a notice), sent through the same outbox as alerts.

/** A file sent with a mail (a report's PDF), kept in the outbox only until the mail is settled. */
export interface MailAttachment {
  filename: string
  content_type: string
  /** The file's bytes in base64. */
  content_base64: string
}

export interface AccountMail {
  kind: 'mail'
  subject: string
  text: string
  /** The text as the outbox keeps it once sent: each live secret (a reset link) replaced. */
  kept: string
  attachments?: MailAttachment[]
}

export const REMOVED_SECRET = '[removed: sent by email only]'

/** An account mail whose `secrets` (parts of the text such as a reset link) are kept only until it is sent. */
export const accountMail = (
  subject: string,
  text: string,
  secrets: readonly string[] = [],
  attachments?: MailAttachment[],
): AccountMail => ({
  kind: 'mail',
  subject,
  text,
  kept: secrets.reduce((kept, secret) => kept.split(secret).join(REMOVED_SECRET), text),
  ...(attachments?.length ? { attachments } : {}),
})
