import nodemailer, { type Transporter } from 'nodemailer'
import type { AlertEvent } from '@vigil/domain/alert'
import { emailMessage } from '@vigil/domain/alert-templates'
import type { SmtpSettings } from '../../config.ts'
import type { ChannelContext } from './context.ts'
import { cancelled, DeliveryError, requiredSetting } from './delivery-error.ts'

// Mail over the server's SMTP settings: alerts and account mail. SMTP tells a temporary refusal (4xx: try later) from a
// permanent one (5xx: the address or the message will not pass).

const NO_SMTP = 'Email cannot be sent: this server has no SMTP settings (SMTP_HOST).'
// Network failures nodemailer reports before the server answered anything.
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS'])

// One transport per settings object (the config's), and per attempt timeout, for the life of the process.
const transports = new WeakMap<SmtpSettings, Map<number, Transporter>>()

const transportFor = (smtp: SmtpSettings, timeoutMs: number): Transporter => {
  const byTimeout = transports.get(smtp) ?? new Map<number, Transporter>()
  transports.set(smtp, byTimeout)
  let transport = byTimeout.get(timeoutMs)
  if (!transport) {
    transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      // A little past the attempt's deadline, which is what ends an attempt; these free the connection after.
      connectionTimeout: timeoutMs + 1000,
      greetingTimeout: timeoutMs + 1000,
      socketTimeout: timeoutMs + 1000,
    })
    byTimeout.set(timeoutMs, transport)
  }
  return transport
}

/** An alert as mail to the integration's address. */
export const sendEmail = (settings: Record<string, unknown>, event: AlertEvent, ctx: ChannelContext) =>
  sendMail(requiredSetting(settings, 'email', 'email address'), emailMessage(event), ctx)

/** One mail over SMTP (alert or account mail alike), bounded by the attempt's deadline. */
export const sendMail = async (
  to: string,
  message: {
    subject: string
    text: string
    html?: string
    attachments?: { filename: string; contentType: string; content: Buffer }[]
  },
  ctx: ChannelContext,
) => {
  const { smtp } = ctx
  if (!smtp) throw new DeliveryError(NO_SMTP, false)
  if (ctx.signal?.aborted) throw cancelled()
  const sending = transportFor(smtp, ctx.timeoutMs).sendMail({ from: smtp.from, to, ...message })
  // nodemailer's own timeouts are per step; this one bounds the whole attempt.
  let timer: NodeJS.Timeout | undefined
  let onAbort = () => {}
  const stopped = new Promise<never>((_, reject) => {
    const seconds = ctx.timeoutMs / 1000
    timer = setTimeout(
      () => reject(new DeliveryError(`The mail server did not take the message within ${seconds} s.`, true)),
      ctx.timeoutMs,
    )
    onAbort = () => reject(cancelled())
    ctx.signal?.addEventListener('abort', onAbort, { once: true })
  })
  sending.catch(() => {}) // settles later when the deadline won; nothing is left to tell
  try {
    await Promise.race([sending, stopped])
  } catch (err) {
    throw err instanceof DeliveryError ? err : smtpFailure(err, smtp)
  } finally {
    clearTimeout(timer)
    ctx.signal?.removeEventListener('abort', onAbort)
  }
}

const smtpFailure = (err: unknown, smtp: SmtpSettings): DeliveryError => {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string }
  const text = (e.response ?? e.message ?? String(err)).replace(/\s+/g, ' ').trim().slice(0, 300)
  const said = /[.!?]$/.test(text) ? text : `${text}.`
  const code = e.responseCode ?? 0
  if (code >= 400 && code < 500) return new DeliveryError(`The mail server asked to try again later: ${said}`, true)
  if (code >= 500) {
    if (e.code === 'EAUTH')
      return new DeliveryError(`The mail server refused the login (check SMTP_USER and SMTP_PASSWORD): ${said}`, false)
    return new DeliveryError(`The mail server refused the message: ${said}`, false)
  }
  if (e.code && UNREACHABLE.has(e.code))
    return new DeliveryError(`Could not reach the mail server ${smtp.host}:${smtp.port}: ${said}`, true)
  return new DeliveryError(`The mail could not be sent: ${said}`, false)
}
