import dayjs from 'dayjs'

export const DATE_FORMAT = 'DD MMM YYYY, hh:mm A'

/** A timestamp as the bell and lists show it, in the viewer's local time: `22 Nov 2026, 09:05 AM`. */
export const formatDateTime = (value: string | number | Date): string => dayjs(value).format(DATE_FORMAT)

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** A time the server wrote in UTC into a notification's text (`formatUtc` of incident-message.ts). */
const UTC_TIME = new RegExp(`\\b(\\d{2}) (${MONTHS.join('|')}) (\\d{4}), (\\d{2}):(\\d{2}) UTC\\b`, 'g')

/**
 * A notification's text with the times written in it in UTC (`since 23 Nov 2026, 04:50 UTC`) read in the viewer's
 * zone and the one format (`since 23 Nov 2026, 05:50 AM` in Paris): the server writes UTC, knowing no reader's zone,
 * and the stored text stays as written.
 */
export const localizeUtcTimes = (text: string): string =>
  text.replace(UTC_TIME, (_, day: string, month: string, year: string, hours: string, minutes: string) =>
    formatDateTime(Date.UTC(Number(year), MONTHS.indexOf(month), Number(day), Number(hours), Number(minutes))),
  )
