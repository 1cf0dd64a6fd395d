import { accountMail, type MailAttachment } from '@vigil/domain/account-mail'
import type { Clock } from '../clock.ts'
import type { Repos } from '../db/repos/index.ts'
import type { Logger } from '../logger.ts'
import type { DeliveryWorker } from './delivery-worker.ts'
import { newMailDelivery } from './outbox.ts'

// Account mail (reset links, notices) goes through the one outbox of alerts: written as a delivery, sent at once
// by the delivery worker, retried by it when the mail server fails, and recorded with its outcome. A live secret
// in it (a reset link) is kept only until the delivery is settled; the log never prints a mail's text.

export interface Mail {
  /** The account it is about. */
  userId: string
  to: string
  subject: string
  text: string
  /** Parts of the text that are live secrets (a reset link): sent, then removed from the outbox. */
  secrets?: string[]
  /** Files sent with it (a report's PDF), removed from the outbox once the mail is settled. */
  attachments?: MailAttachment[]
}

export interface Mailer {
  /** Puts the mail in the outbox and sends it now. Never throws: a failure is retried or recorded, and logged. */
  send(mail: Mail): Promise<void>
  /**
   * Puts the mail in the outbox and starts sending it without waiting for the mail server: for a notice that must
   * not slow the request it follows (a sign-in). Kept as surely as `send`; only the sending is not waited for.
   */
  queue(mail: Mail): Promise<void>
}

export const createMailer = (deps: {
  repos: Pick<Repos, 'deliveries'>
  deliveries: Pick<DeliveryWorker, 'sendNow'>
  clock: Clock
  logger: Logger
}): Mailer => {
  /** The delivery's id once it is in the outbox; null (logged) when it could not be written. */
  const put = async (mail: Mail) => {
    const delivery = newMailDelivery(
      mail.userId,
      mail.to,
      accountMail(mail.subject, mail.text, mail.secrets, mail.attachments),
      deps.clock.now(),
    )
    try {
      await deps.repos.deliveries.insert(delivery)
      return delivery.delivery_id
    } catch (err) {
      deps.logger.error('mail could not be put in the outbox', { subject: mail.subject, error: String(err) })
      return null
    }
  }
  const sendPut = async (deliveryId: string, subject: string) => {
    try {
      const sent = await deps.deliveries.sendNow(deliveryId)
      if (sent?.status !== 'delivered')
        deps.logger.warn('mail not sent yet', {
          delivery: deliveryId,
          subject,
          status: sent?.status,
          reason: sent?.last_error,
        })
    } catch (err) {
      deps.logger.error('mail could not be sent', { subject, error: String(err) })
    }
  }
  return {
    async send(mail) {
      const id = await put(mail)
      if (id) await sendPut(id, mail.subject)
    },
    async queue(mail) {
      const id = await put(mail)
      // The outbox's worker retries it if this process stops before it is sent.
      if (id) void sendPut(id, mail.subject)
    },
  }
}
