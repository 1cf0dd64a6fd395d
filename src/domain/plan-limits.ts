import { formatDuration } from './incident-message.ts'

// The plan's limits on monitors, and what a user reads when one stops them.

export const monitorLimitMessage = (planTitle: string, max: number): string =>
  `Your ${planTitle} plan allows up to ${max} monitors. Delete a monitor or upgrade your plan to add more.`

export const intervalLimitMessage = (planTitle: string, minSeconds: number): string =>
  `Your ${planTitle} plan checks at most every ${formatDuration(minSeconds * 1000)} (${minSeconds} seconds). Choose a longer interval or upgrade your plan.`

/** The intervals a form offers: the usual steps the plan allows. */
export const INTERVAL_CHOICES_SECONDS = [30, 60, 120, 300, 600, 900, 1800, 3600, 21_600, 43_200, 86_400] as const

export const allowedIntervals = (minSeconds: number): number[] => {
  const choices = INTERVAL_CHOICES_SECONDS.filter((s) => s >= minSeconds)
  return choices.length > 0 && choices[0] === minSeconds ? choices : [minSeconds, ...choices]
}
