import type { AlertEvent } from '@vigil/domain/alert'
import { slackMessage } from '@vigil/domain/alert-templates'
import type { ChannelContext } from './context.ts'
import { DeliveryError } from './delivery-error.ts'
import { postToWebhook, statusFailure } from './http-post.ts'

// Slack's incoming webhooks (and Mattermost's and Rocket.Chat's, which take the same body). Slack answers
// "ok", or a status with an error code as plain text.

export const sendSlack = async (settings: Record<string, unknown>, event: AlertEvent, ctx: ChannelContext) => {
  const answer = await postToWebhook(settings, slackMessage(event), ctx)
  const code = answer.body.trim()
  // The app was removed, the webhook revoked or the channel deleted: only a new installation helps.
  if ((answer.status === 404 || answer.status === 410) && code === 'no_service')
    throw new DeliveryError(`Slack no longer knows this webhook (${answer.status} no_service): reconnect Slack.`, false)
  if (answer.status === 410 && code === 'channel_is_archived')
    throw new DeliveryError(
      'The Slack channel of this webhook is archived (410 channel_is_archived): reconnect Slack to another channel.',
      false,
    )
  const failure = statusFailure(answer, 'Slack')
  if (failure) throw failure
}
