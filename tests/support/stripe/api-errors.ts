// Stripe's error answers: `{ error: { type, code?, message, param?, decline_code?, doc_url? } }` with the status
// code stripe-node turns into its error classes (400/404 invalid request, 401 authentication, 402 card,
// 403 permission, 429 rate limit, 5xx API error).

export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error'

export interface StripeErrorBody {
  type: StripeErrorType
  message: string
  code?: string
  param?: string
  decline_code?: string
  doc_url?: string
}

export class StripeApiError extends Error {
  readonly status: number
  readonly body: StripeErrorBody

  constructor(status: number, body: StripeErrorBody) {
    super(body.message)
    this.status = status
    this.body = body
  }
}

const docUrl = (code: string) => `https://docs.stripe.com/error-codes/${code.replaceAll('_', '-')}`

export const invalidRequest = (message: string, extra: { code?: string; param?: string } = {}) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...extra,
    ...(extra.code && { doc_url: docUrl(extra.code) }),
  })

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param })

export const unknownParam = (param: string) =>
  invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param })

/** `kind` as Stripe words it: 'price', 'customer', 'subscription', 'checkout.session', ... */
export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
    doc_url: docUrl('resource_missing'),
  })

export const cardDeclined = (declineCode: string, message: string) =>
  new StripeApiError(402, {
    type: 'card_error',
    code: declineCode === 'incorrect_number' ? 'incorrect_number' : 'card_declined',
    decline_code: declineCode === 'incorrect_number' ? undefined : declineCode,
    message,
    doc_url: docUrl('card_declined'),
  })

/** What Stripe answers a missing or wrong key with, the key masked but for its last four characters. */
export const authenticationError = (given: string | null) =>
  new StripeApiError(401, {
    type: 'invalid_request_error',
    message:
      given === null
        ? "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."
        : `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(given.length - 12, 4))}${given.slice(-4)}`,
  })

export const idempotencyMismatch = (key: string) =>
  new StripeApiError(400, {
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  })
