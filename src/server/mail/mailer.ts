import nodemailer from 'nodemailer'
import type { Clock } from '../clock.ts'
import type { Repos } from '../db/repos/index.ts'
import { newId } from '../ids.ts'
import type { Logger } from '../logger.ts'

export interface SmtpSettings {
  host: string
  port: number
  secure: boolean
  user?: string
  password?: string
  from: string
}

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /** Records the mail in the outbox, then sends it. Never throws: a failure is marked on the row and logged. */
  send(mail: Mail): Promise<void>
}

/**
 * Without SMTP settings a mail is written to the server log and kept in the outbox table (status 'logged'),
 * so that an operator can hand a reset link on by hand.
 */
export const createMailer = (deps: {
  outbox: Repos['mailOutbox']
  clock: Clock
  logger: Logger
  smtp?: SmtpSettings
}): Mailer => {
  const { outbox, clock, logger, smtp } = deps
  const transport = smtp
    ? nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      })
    : undefined

  return {
    async send(mail) {
      const mailId = newId()
      try {
        await outbox.insert({
          mail_id: mailId,
          to_address: mail.to,
          subject: mail.subject,
          body_text: mail.text,
          created_at: clock.now(),
        })
        if (!transport || !smtp) {
          logger.info('mail kept in outbox (SMTP is not configured)', {
            mail_id: mailId,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
          })
          await outbox.mark(mailId, 'logged', clock.now())
          return
        }
        await transport.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text })
        await outbox.mark(mailId, 'sent', clock.now())
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err)
        logger.error('mail could not be sent', { mail_id: mailId, to: mail.to, reason })
        await outbox.mark(mailId, 'failed', clock.now(), reason).catch(() => {})
      }
    },
  }
}
