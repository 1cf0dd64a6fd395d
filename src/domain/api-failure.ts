// What a failed API call tells the flows: its HTTP status (0 when the server was not reached) and the
// server's own message, when it sent one. Views show that message as it is.
export interface ApiFailure {
  readonly status: number
  readonly message?: string
  /** Per-field messages of a 400, keyed by the field's name. */
  readonly errors?: Readonly<Record<string, string>>
}

export const isApiFailure = (error: unknown): error is ApiFailure =>
  typeof error === 'object' && error !== null && typeof (error as ApiFailure).status === 'number'

/** Whether the call failed with this HTTP status (404: not there, or another user's; 401: not signed in). */
export const failedWith = (error: unknown, status: number): boolean => isApiFailure(error) && error.status === status

/** The server's message, or the flow's own fallback. */
export const failureMessage = (error: unknown, fallback: string): string =>
  isApiFailure(error) && error.message ? error.message : fallback
