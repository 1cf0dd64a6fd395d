import { randomUUID } from 'node:crypto'
import type { AccountMail } from '@vigil/domain/account-mail'
import { createAbortGroup } from '../abort-group.ts'
import { type Clock, pollOn } from '../clock.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import type { DueDelivery } from '../db/repos/deliveries.repo.ts'
import { repos } from '../db/repos/index.ts'
import type { Logger } from '../logger.ts'
import { sendMail } from './channels/email.ts'
import { type ChannelContext, DeliveryError, sendAlert } from './channels/index.ts'

/** The channels' context from the configuration. */
export const channelContext = (config: Pick<Config, 'allowPrivateTargets' | 'smtp' | 'alerts'>) => ({
  policy: { allowPrivate: config.allowPrivateTargets },
  smtp: config.smtp,
  telegramApiUrl: config.alerts.telegramApiUrl,
  timeoutMs: config.alerts.timeoutMs,
})

/** An account mail as nodemailer takes it. */
const mailOf = (mail: AccountMail) => ({
  subject: mail.subject,
  text: mail.text,
  attachments: mail.attachments?.map((a) => ({
    filename: a.filename,
    contentType: a.content_type,
    content: Buffer.from(a.content_base64, 'base64'),
  })),
})

/** Attempts before a delivery is given up: with the backoff below, about three and a half hours of trying. */
export const MAX_ATTEMPTS = 10
const FIRST_RETRY_MS = 30_000
const MAX_RETRY_MS = 3_600_000

/** The wait before attempt `attempts + 1`: doubling from 30 s to at most an hour, or what the channel asked. */
export const retryDelay = (attempts: number, retryAfterMs?: number) =>
  Math.min(MAX_RETRY_MS, Math.max(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), retryAfterMs ?? 0))

export interface DeliveryWorkerOptions {
  database: Database
  logger: Logger
  /** The channels' settings of the moment (SMTP, Telegram's base URL, the target policy, a timeout). */
  channels: () => Omit<ChannelContext, 'signal'>
  /** Due times, backoff and the polling are on this clock. */
  clock: Clock
  workerId?: string
  pollMs?: number
  /** Most deliveries leased by one poll, and most sent at once. */
  batch?: number
}

/**
 * Sends the outbox. Each poll leases the due deliveries (several workers never send one twice at once), sends
 * each through its channel, and settles it: delivered; retried later with backoff; or failed with the reason
 * after MAX_ATTEMPTS or a failure that retrying cannot help. A delivery is marked as soon as its channel
 * answers, so only a crash in that instant can send it again; webhook receivers can drop a repeat by its
 * X-Vigil-Delivery id.
 */
export const createDeliveryWorker = (opts: DeliveryWorkerOptions) => {
  const { database, logger } = opts
  const { clock } = opts
  const now = () => clock.now()
  const workerId = opts.workerId ?? randomUUID()
  const pollMs = opts.pollMs ?? 1000
  const batch = opts.batch ?? 20
  const deliveries = repos(database.db).deliveries
  // Each attempt has a signal of its own (channels are sent in parallel).
  const sends = createAbortGroup()
  let running: Promise<void> | null = null
  let seq = 0

  /** One attempt at one leased delivery, settled under its lease. */
  const attempt = async (delivery: DueDelivery, lease: string, evenIfOff = false) => {
    const attempts = delivery.attempts + 1
    const { message, channel } = delivery
    // Account mail keeps its live secrets (a reset link) only until it is settled.
    // and its attachments (a report's PDF) only until then too: the outbox is not a file store.
    const settled =
      message.kind === 'mail' ? { message: { ...message, text: message.kept, attachments: undefined } } : {}
    if (!channel.enabled && !evenIfOff) {
      await deliveries.settle(delivery.delivery_id, lease, {
        status: 'failed',
        attempts,
        last_error: 'The integration was switched off before this alert could be sent.',
        next_attempt_at: null,
      })
      return
    }
    try {
      await sends.run((signal) => {
        const context = { ...opts.channels(), signal } satisfies ChannelContext
        return message.kind === 'mail'
          ? sendMail(String(channel.settings.email), mailOf(message), context)
          : sendAlert(channel, message, delivery.delivery_id, context)
      })
      await deliveries.settle(delivery.delivery_id, lease, {
        ...settled,
        status: 'delivered',
        attempts,
        delivered_at: now(),
        last_error: null,
        next_attempt_at: null,
      })
    } catch (error) {
      const known = error instanceof DeliveryError
      const message = known ? error.message : `Sending failed unexpectedly: ${String(error)}`
      // A test message answers the user who waits for it: it is not tried again later.
      const retry = delivery.kind !== 'test' && (!known || error.retryable) && attempts < MAX_ATTEMPTS && !sends.aborted
      if (!known)
        logger.error('a delivery failed unexpectedly', { delivery: delivery.delivery_id, error: String(error) })
      await deliveries.settle(delivery.delivery_id, lease, {
        ...(retry ? {} : settled),
        status: retry ? 'pending' : 'failed',
        attempts,
        last_error: message,
        next_attempt_at: retry ? now() + retryDelay(attempts, known ? error.retryAfterMs : undefined) : null,
      })
    }
  }

  /** Leases what is due and sends it; resolves when every attempt of this round is settled. */
  const runOnce = async () => {
    const lease = `${workerId}.${++seq}`
    // Long enough for an attempt's timeout: a worker that dies leaves its deliveries to others after it.
    const leaseMs = opts.channels().timeoutMs * 2 + 30_000
    const due = await deliveries.claimDue(database.dialect, lease, now(), leaseMs, batch)
    // One channel's alerts go out one after another, oldest first (a down before its up); channels in parallel.
    const byChannel = new Map<string, DueDelivery[]>()
    for (const d of [...due].sort((a, b) => a.created_at - b.created_at || a.delivery_id.localeCompare(b.delivery_id)))
      byChannel.set(d.integration_id ?? `mail:${d.recipient}`, [
        ...(byChannel.get(d.integration_id ?? `mail:${d.recipient}`) ?? []),
        d,
      ])
    await Promise.all(
      [...byChannel.values()].map(async (queue) => {
        for (const d of queue)
          await attempt(d, lease).catch((error) =>
            logger.error('settling a delivery failed', { delivery: d.delivery_id, error: String(error) }),
          )
      }),
    )
    return due.length
  }

  const tick = () => {
    running ??= runOnce()
      .catch((error) => {
        logger.error('sending deliveries failed', { error: String(error) })
        return 0
      })
      .then((count) => {
        running = null
        // A full batch: more may be due at once.
        if (count === batch && poll.on) setImmediate(tick)
      })
  }

  const poll = pollOn(clock, pollMs, tick)

  return {
    workerId,
    runOnce,
    start: () => poll.start(),
    async stop() {
      poll.stop()
      await running
    },
    /** Sends one delivery at once, outside the polling (a test message the user waits for). */
    async sendNow(deliveryId: string, { evenIfOff = false }: { evenIfOff?: boolean } = {}) {
      const lease = `${workerId}.now.${++seq}`
      const leaseMs = opts.channels().timeoutMs * 2 + 30_000
      const [due] = await deliveries.claimOne(deliveryId, lease, now(), leaseMs)
      if (due) await attempt(due, lease, evenIfOff)
      return deliveries.find(deliveryId)
    },
  }
}
export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>
