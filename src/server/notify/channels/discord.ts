import type { AlertEvent } from '@vigil/domain/alert'
import { discordMessage } from '@vigil/domain/alert-templates'
import type { ChannelContext } from './context.ts'
import { DeliveryError } from './delivery-error.ts'
import { jsonObjectOf, postToWebhook, statusFailure } from './http-post.ts'

// Discord's webhooks answer 204; errors are JSON { message, code }, 429 with Retry-After.

const UNKNOWN_WEBHOOK = 10015

export const sendDiscord = async (settings: Record<string, unknown>, event: AlertEvent, ctx: ChannelContext) => {
  const answer = await postToWebhook(settings, discordMessage(event), ctx)
  if (answer.status === 404 && jsonObjectOf<{ code?: unknown }>(answer.body)?.code === UNKNOWN_WEBHOOK)
    throw new DeliveryError(
      'Discord no longer knows this webhook (404 Unknown Webhook): make a new webhook in the channel and update the integration.',
      false,
    )
  const failure = statusFailure(answer, 'Discord')
  if (failure) throw failure
}
