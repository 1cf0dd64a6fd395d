/** A failed delivery: its reason in words, and whether trying again later may help. */
export class DeliveryError extends Error {
  readonly retryable: boolean
  /** How long the receiver asked us to wait (Retry-After, Telegram's retry_after), when it said. */
  readonly retryAfterMs: number | undefined

  constructor(message: string, retryable: boolean, retryAfterMs?: number) {
    super(message)
    this.name = 'DeliveryError'
    this.retryable = retryable
    this.retryAfterMs = retryAfterMs
  }
}

/** A stopping worker cancelled the attempt; the alert is still owed. */
export const cancelled = () => new DeliveryError('The delivery was cancelled.', true)

/** A text setting the integration must have; a missing one cannot heal by retrying. */
export const requiredSetting = (settings: Record<string, unknown>, name: string, label: string): string => {
  const value = settings[name]
  if (typeof value === 'string' && value.trim() !== '') return value.trim()
  throw new DeliveryError(`This integration has no ${label}: edit it and add one.`, false)
}
