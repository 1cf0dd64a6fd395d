import dayjs from 'dayjs'

export const DATE_FORMAT = 'DD MMM YYYY, hh:mm A'

/** A timestamp as the bell and lists show it, in the viewer's local time: `22 Nov 2026, 09:05 AM`. */
export const formatDateTime = (value: string | number | Date): string => dayjs(value).format(DATE_FORMAT)
