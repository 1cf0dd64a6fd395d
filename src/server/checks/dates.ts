// Dates as the checks' messages write them: the day in UTC, since the reader's time zone is not known here.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** `20 Nov 2026` */
export const dayText = (ms: number): string => {
  const d = new Date(ms)
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`
}

/** `1 day`, `30 days` */
export const daysText = (days: number): string => `${days} ${days === 1 ? 'day' : 'days'}`
