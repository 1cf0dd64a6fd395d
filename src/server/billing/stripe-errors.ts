import Stripe from 'stripe'

// Every failure of a call to Stripe becomes one StripeGatewayError with words a person can act on. Nothing of
// Stripe's error object is kept as a cause: its raw answer can repeat part of the API key ("Invalid API Key
// provided: sk_test_****abcd"), and errors end up in logs.

export type StripeFailure =
  /** The card was refused; the message is Stripe's, written for the cardholder. */
  | 'card_declined'
  /** Stripe refused the request as sent (a bad parameter, a state that forbids it). */
  | 'invalid_request'
  /** The object named does not exist in this Stripe account. */
  | 'not_found'
  /** The secret key is wrong, revoked, or not a secret key. */
  | 'authentication'
  /** The key may not do this (a restricted key). */
  | 'permission'
  | 'rate_limited'
  /** A repeated request (same idempotency key) carried other details. */
  | 'idempotency'
  /** Stripe could not be reached, or the answer was cut off. */
  | 'connection'
  /** Stripe answered with an error of its own (5xx). */
  | 'stripe_unavailable'

export class StripeGatewayError extends Error {
  readonly kind: StripeFailure
  /** Stripe's error code (card_declined, resource_missing, ...) when it gave one. */
  readonly code: string | undefined
  /** For card errors: why the bank refused (insufficient_funds, generic_decline, ...). */
  readonly declineCode: string | undefined
  /** The request parameter Stripe complained about. */
  readonly param: string | undefined
  readonly statusCode: number | undefined
  /** Stripe's request id, for its dashboard logs. */
  readonly requestId: string | undefined

  constructor(
    kind: StripeFailure,
    message: string,
    details: { code?: string; declineCode?: string; param?: string; statusCode?: number; requestId?: string } = {},
  ) {
    super(message)
    this.name = 'StripeGatewayError'
    this.kind = kind
    this.code = details.code
    this.declineCode = details.declineCode
    this.param = details.param
    this.statusCode = details.statusCode
    this.requestId = details.requestId
  }
}

const KEY_PATTERN = /\b(sk|rk|pk)_(test|live)_[A-Za-z0-9*]+|\bwhsec_[A-Za-z0-9*]+/g

/** Removes anything shaped like a Stripe key or signing secret, masked or not. */
export const redactKeys = (text: string): string => text.replace(KEY_PATTERN, '[redacted]')

const detailsOf = (error: InstanceType<typeof Stripe.errors.StripeError>) => ({
  code: error.code,
  declineCode: error.decline_code,
  param: error.param,
  statusCode: error.statusCode,
  requestId: error.requestId,
})

/** What a failed call to Stripe means, as a StripeGatewayError; `doing` names the call ("create a customer"). */
export const toGatewayError = (error: unknown, doing: string): StripeGatewayError => {
  if (error instanceof StripeGatewayError) return error
  const { errors } = Stripe
  if (!(error instanceof errors.StripeError))
    return new StripeGatewayError('stripe_unavailable', `Could not ${doing}: ${redactKeys(String(error))}`)
  const details = detailsOf(error)
  const said = redactKeys(error.message)
  if (error instanceof errors.StripeCardError)
    return new StripeGatewayError('card_declined', said || 'The card was declined.', details)
  if (error instanceof errors.StripeAuthenticationError)
    return new StripeGatewayError(
      'authentication',
      `Stripe refused the secret key while trying to ${doing}: check the Stripe secret key in the configuration.`,
      // Stripe's own message names part of the key; only the ids are kept.
      { statusCode: details.statusCode, requestId: details.requestId },
    )
  if (error instanceof errors.StripePermissionError)
    return new StripeGatewayError('permission', `The Stripe key may not ${doing}: ${said}`, details)
  if (error instanceof errors.StripeRateLimitError)
    return new StripeGatewayError(
      'rate_limited',
      `Stripe is receiving too many requests; could not ${doing}. Try again in a moment.`,
      details,
    )
  if (error instanceof errors.StripeIdempotencyError)
    return new StripeGatewayError('idempotency', `Stripe refused a repeated request to ${doing}: ${said}`, details)
  if (error instanceof errors.StripeConnectionError)
    return new StripeGatewayError('connection', `Could not reach Stripe to ${doing}. Try again in a moment.`, details)
  if (error instanceof errors.StripeInvalidRequestError) {
    if (error.code === 'resource_missing')
      return new StripeGatewayError('not_found', `Could not ${doing}: ${said}`, details)
    return new StripeGatewayError('invalid_request', `Stripe refused to ${doing}: ${said}`, details)
  }
  return new StripeGatewayError('stripe_unavailable', `Stripe failed to ${doing}. Try again later.`, details)
}

/** Runs one call to Stripe; any failure becomes a StripeGatewayError. */
export const callStripe = async <T>(doing: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call()
  } catch (error) {
    throw toGatewayError(error, doing)
  }
}

export type WebhookRefusal = 'missing_signature' | 'bad_signature' | 'stale_signature' | 'malformed_payload'

/** A webhook call that cannot be trusted, or cannot be read: answer it with 400 and do nothing. */
export class StripeWebhookError extends Error {
  readonly reason: WebhookRefusal

  constructor(reason: WebhookRefusal, message: string) {
    super(message)
    this.name = 'StripeWebhookError'
    this.reason = reason
  }
}
