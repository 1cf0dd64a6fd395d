import type Stripe from 'stripe'
import { StripeWebhookError } from './stripe-errors.ts'

// Stripe signs `${t}.${raw body}` with the endpoint's secret (HMAC-SHA256) and sends `t=...,v1=...`. The body
// must be the exact bytes received: a body parsed and serialized again no longer matches. An old but valid
// signature is refused too, so a captured call cannot be replayed later.

export const WEBHOOK_TOLERANCE_SECONDS = 300

export const verifyStripeEvent = (
  stripe: Stripe,
  options: { rawBody: string | Buffer; signatureHeader: string | null | undefined; secret: string; now: number },
): Stripe.Event => {
  const { rawBody, signatureHeader, secret, now } = options
  if (!signatureHeader?.trim())
    throw new StripeWebhookError('missing_signature', 'The Stripe-Signature header is missing: not a call from Stripe.')
  if (rawBody.length === 0) throw new StripeWebhookError('malformed_payload', 'The webhook call has no body.')
  let event: Stripe.Event
  try {
    // Tolerance 0: the signature alone first, so that a stale one is told apart below.
    event = stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, 0)
  } catch (error) {
    if (error instanceof SyntaxError)
      throw new StripeWebhookError('malformed_payload', 'The webhook body is not JSON, though signed.')
    throw new StripeWebhookError(
      'bad_signature',
      'The webhook signature does not match: the call was not signed with our signing secret.',
    )
  }
  const signature = stripe.webhooks.signature
  if (!signature) throw new Error('stripe.webhooks.signature is missing: the stripe package is not set up for Node')
  try {
    signature.verifyHeader(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now)
  } catch {
    throw new StripeWebhookError(
      'stale_signature',
      `The webhook signature is more than ${WEBHOOK_TOLERANCE_SECONDS} seconds old: refused as a possible replay.`,
    )
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.object !== 'object')
    throw new StripeWebhookError('malformed_payload', 'The webhook body is not a Stripe event.')
  return event
}
