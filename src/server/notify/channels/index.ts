import type { AlertEvent } from '@vigil/domain/alert'
import type { IntegrationType } from '@vigil/domain/integration.schema'
import type { ChannelContext } from './context.ts'
import { cancelled, DeliveryError } from './delivery-error.ts'
import { sendDiscord } from './discord.ts'
import { sendEmail } from './email.ts'
import { sendSlack } from './slack.ts'
import { sendTeams } from './teams.ts'
import { sendTelegram } from './telegram.ts'
import { sendWebhook } from './webhook.ts'

// What talks to each alert channel. The outbox and its worker (retries, backoff) decide when; these send one
// attempt and say whether it passed, and if not, whether a later attempt may.

export type { ChannelContext } from './context.ts'
export { DeliveryError } from './delivery-error.ts'

type Sender = (
  settings: Record<string, unknown>,
  event: AlertEvent,
  deliveryId: string,
  ctx: ChannelContext,
) => Promise<void>

const SENDERS: Record<IntegrationType, Sender> = {
  slack: (settings, event, _, ctx) => sendSlack(settings, event, ctx),
  email: (settings, event, _, ctx) => sendEmail(settings, event, ctx),
  webhook: sendWebhook,
  teams: (settings, event, _, ctx) => sendTeams(settings, event, ctx),
  discord: (settings, event, _, ctx) => sendDiscord(settings, event, ctx),
  telegram: (settings, event, _, ctx) => sendTelegram(settings, event, ctx),
}

/** Sends one alert through one integration; resolves when the channel accepted it, else throws DeliveryError. */
export const sendAlert = async (
  integration: { type: IntegrationType; settings: Record<string, unknown> },
  event: AlertEvent,
  deliveryId: string,
  ctx: ChannelContext,
): Promise<void> => {
  const send = Object.hasOwn(SENDERS, integration.type) ? SENDERS[integration.type] : undefined
  if (!send) throw new DeliveryError(`Alerts cannot be sent to integrations of type ${integration.type}.`, false)
  if (ctx.signal?.aborted) throw cancelled()
  try {
    await send(integration.settings, event, deliveryId, ctx)
  } catch (err) {
    if (err instanceof DeliveryError) throw err
    // Not foreseen by the sender: most likely I/O, so a later attempt may pass; the worker bounds the tries.
    throw new DeliveryError(`The alert could not be sent: ${err instanceof Error ? err.message : String(err)}`, true)
  }
}
