import { createHmac } from 'node:crypto'
import type { AlertEvent } from '@vigil/domain/alert'
import { webhookPayload } from '@vigil/domain/alert-templates'
import type { ChannelContext } from './context.ts'
import { requiredSetting } from './delivery-error.ts'
import { JSON_TYPE, post, statusFailure } from './http-post.ts'

// The generic webhook: the alert as JSON, signed like GitHub's webhooks (X-Signature-256: sha256=<hex HMAC of
// the exact body bytes>), with the delivery's id so that a receiver can drop a repeat.

export const signatureOf = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`

export const sendWebhook = async (
  settings: Record<string, unknown>,
  event: AlertEvent,
  deliveryId: string,
  ctx: ChannelContext,
) => {
  const body = JSON.stringify(webhookPayload(event, deliveryId))
  const headers: Record<string, string> = {
    ...JSON_TYPE,
    'x-vigil-event': event.kind,
    'x-vigil-delivery': deliveryId,
  }
  // The server makes a secret for every webhook; one stored without it goes out unsigned.
  const secret = settings.secret
  if (typeof secret === 'string' && secret !== '') headers['x-signature-256'] = signatureOf(secret, body)
  const answer = await post({
    url: requiredSetting(settings, 'url', 'webhook URL'),
    body,
    headers,
    policy: ctx.policy,
    timeoutMs: ctx.timeoutMs,
    signal: ctx.signal,
  })
  const failure = statusFailure(answer, 'The webhook')
  if (failure) throw failure
}
