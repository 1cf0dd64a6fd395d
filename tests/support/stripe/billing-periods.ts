// Billing periods as Stripe counts them: whole calendar months or years from the billing cycle anchor (UTC),
// the day kept where the month has it and the month's last day where it has not (Jan 31 -> Feb 28 -> Mar 31).

export type Interval = 'day' | 'week' | 'month' | 'year'

/** The end of the `cycles`-th period after `anchor` (epoch seconds). */
export const periodEnd = (anchor: number, interval: Interval | (string & {}), cycles: number): number => {
  if (interval === 'day') return anchor + cycles * 86_400
  if (interval === 'week') return anchor + cycles * 7 * 86_400
  const start = new Date(anchor * 1000)
  const months = interval === 'month' ? cycles : cycles * 12
  const year = start.getUTCFullYear()
  const month = start.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const end = Date.UTC(
    year,
    month,
    Math.min(start.getUTCDate(), lastDay),
    start.getUTCHours(),
    start.getUTCMinutes(),
    start.getUTCSeconds(),
  )
  return Math.floor(end / 1000)
}

/** The share of a period not used yet at `now`, for proration credits. */
export const unusedShare = (start: number, end: number, now: number): number =>
  end <= start ? 0 : Math.min(Math.max((end - now) / (end - start), 0), 1)
