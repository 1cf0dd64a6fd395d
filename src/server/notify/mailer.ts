import { accountMail } from '../../domain/account-mail.ts'
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
}

export interface Mailer {
  /** Puts the mail in the outbox and sends it now. Never throws: a failure is retried or recorded, and logged. */
  send(mail: Mail): Promise<void>
}

export const createMailer = (deps: {
  repos: Pick<Repos, 'deliveries'>
  deliveries: Pick<DeliveryWorker, 'sendNow'>
  clock: Clock
  logger: Logger
}): Mailer => ({
  async send(mail) {
    const delivery = newMailDelivery(
      mail.userId,
      mail.to,
      accountMail(mail.subject, mail.text, mail.secrets),
      deps.clock.now(),
    )
    try {
      await deps.repos.deliveries.insert(delivery)
      const sent = await deps.deliveries.sendNow(delivery.delivery_id)
      if (sent?.status !== 'delivered')
        deps.logger.warn('mail not sent yet', {
          delivery: delivery.delivery_id,
          subject: mail.subject,
          status: sent?.status,
          reason: sent?.last_error,
        })
    } catch (err) {
      deps.logger.error('mail could not be put in the outbox', { subject: mail.subject, error: String(err) })
    }
  },
})
