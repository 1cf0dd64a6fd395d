// Warnings before something expires (a certificate, a domain registration): one at each of the monitor's
// warn_days (30, 14, 7 and 1 by default), each once for a given expiry date, so a renewal starts afresh.

export const DEFAULT_WARN_DAYS = [30, 14, 7, 1] as const
const DAY = 86_400_000

/** Whole days left, rounded down; negative once expired. */
export const daysLeft = (expiresAt: number, now: number): number => Math.floor((expiresAt - now) / DAY)

/** What was last warned about: the expiry date and the threshold, e.g. `1798761600000:14`. */
export const warningKey = (expiresAt: number, threshold: number) => `${expiresAt}:${threshold}`

/**
 * The threshold to warn about now, or null. A warning is due when the days left fall to or below a threshold
 * not yet warned about for this expiry date; if several were crossed at once (a monitor created late, or
 * paused), only the smallest is told. Expired is not a warning: the check fails then.
 */
export const dueWarning = (
  expiresAt: number,
  now: number,
  warnDays: readonly number[],
  lastWarned: string | null,
): number | null => {
  const left = daysLeft(expiresAt, now)
  if (left < 0) return null
  const crossed = warnDays.filter((d) => left <= d)
  if (crossed.length === 0) return null
  const threshold = Math.min(...crossed)
  const [warnedExpiry, warnedThreshold] = (lastWarned ?? '').split(':').map(Number)
  if (warnedExpiry === expiresAt && warnedThreshold !== undefined && warnedThreshold <= threshold) return null
  return threshold
}
