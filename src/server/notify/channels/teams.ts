import type { AlertEvent } from '@vigil/domain/alert'
import { teamsMessage } from '@vigil/domain/alert-templates'
import type { ChannelContext } from './context.ts'
import { DeliveryError } from './delivery-error.ts'
import { postToWebhook, statusFailure } from './http-post.ts'

// Microsoft Teams: a Workflows webhook answers 202; an older Office 365 connector answers 200 "1", and
// reports its own failures inside a 200 ("Webhook message delivery failed with error: ... HTTP error 429").

export const sendTeams = async (settings: Record<string, unknown>, event: AlertEvent, ctx: ChannelContext) => {
  const answer = await postToWebhook(settings, teamsMessage(event), ctx)
  const failure = statusFailure(answer, 'Microsoft Teams')
  if (failure) throw failure
  if (/delivery failed/i.test(answer.body)) {
    const said = answer.body.replace(/\s+/g, ' ').trim().slice(0, 200)
    throw new DeliveryError(`Microsoft Teams did not deliver the message: ${said}`, /\b(429|5\d\d)\b/.test(said))
  }
}
