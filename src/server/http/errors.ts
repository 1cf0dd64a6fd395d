import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { Failure, type FailureKind } from '../errors.ts'

/** The status each kind of failure is answered with. */
export const STATUS_OF: Record<FailureKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  unprocessable: 422,
  too_many: 429,
  payment_required: 402,
  unavailable: 503,
}

export const errorBody = (message: string, errors?: Record<string, string>) =>
  errors ? { message, errors } : { message }

/** The one place a failure becomes a response: `{ message, errors? }`, never a stack trace. */
export const toErrorResponse = (err: Error, c: Context, log: (err: Error) => void) => {
  if (err instanceof Failure) {
    if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(err.retryAfterSeconds))
    return c.json(errorBody(err.message, err.errors), STATUS_OF[err.kind])
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode
    const message = status === 400 && /JSON/i.test(err.message) ? 'The request body is not valid JSON.' : err.message
    return c.json(errorBody(message || 'Bad request.'), status)
  }
  log(err)
  return c.json(errorBody('Something went wrong on our side. Please try again.'), 500)
}
