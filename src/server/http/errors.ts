import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** A failure the client can act on: its status and message go out as they are. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found.`)

export const errorBody = (message: string, errors?: Record<string, string>) =>
  errors ? { message, errors } : { message }

/** The one place a failure becomes a response: `{ message, errors? }`, never a stack trace. */
export const toErrorResponse = (err: Error, c: Context, log: (err: Error) => void) => {
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v)
    return c.json(errorBody(err.message, err.errors), err.status)
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode
    const message = status === 400 && /JSON/i.test(err.message) ? 'The request body is not valid JSON.' : err.message
    return c.json(errorBody(message || 'Bad request.'), status)
  }
  log(err)
  return c.json(errorBody('Something went wrong on our side. Please try again.'), 500)
}
