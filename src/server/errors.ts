// The failures a request can meet, said in words the user can act on. Services, auth and the engine throw
// them; the HTTP layer alone decides which status each kind is (http/errors.ts).

export type FailureKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media'
  | 'unprocessable'
  | 'too_many'
  /** A payment was refused (a declined card). */
  | 'payment_required'
  /** A service we depend on (Stripe) could not answer now. */
  | 'unavailable'

export class Failure extends Error {
  readonly kind: FailureKind
  /** A message per field, for a form to show at each. */
  readonly errors?: Record<string, string>
  /** For `too_many`: when to try again. */
  readonly retryAfterSeconds?: number

  constructor(kind: FailureKind, message: string, errors?: Record<string, string>, retryAfterSeconds?: number) {
    super(message)
    this.kind = kind
    this.errors = errors
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export const invalid = (message: string, errors?: Record<string, string>) => new Failure('invalid', message, errors)

export const notFound = (what: string) => new Failure('not_found', `${what} not found.`)

export const forbidden = (message: string, errors?: Record<string, string>) => new Failure('forbidden', message, errors)

export const conflict = (message: string, errors?: Record<string, string>) => new Failure('conflict', message, errors)
