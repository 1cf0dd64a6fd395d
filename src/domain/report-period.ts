import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import * as v from 'valibot'

dayjs.extend(utc)
dayjs.extend(timezone)

// The period a report covers, chosen as people say it ("last month") and read in the viewer's time zone, so that
// "this month" in Auckland starts at Auckland's midnight. Ranges are [from, to): the end is excluded.

export const REPORT_PRESETS = ['24h', '7d', '30d', 'this_month', 'last_month', 'this_year', 'custom'] as const
export type ReportPreset = (typeof REPORT_PRESETS)[number]

export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  this_month: 'This month',
  last_month: 'Last month',
  this_year: 'This year',
  custom: 'Custom range',
}

/** The longest period one report covers. */
export const REPORT_MAX_DAYS = 400
const DAY_MS = 86_400_000

export const RANGE_BACKWARDS = 'The end of the period must be after its start.'
export const RANGE_TOO_LONG = `A report covers at most ${REPORT_MAX_DAYS} days: choose a shorter period.`
export const ZONE_UNKNOWN = 'Unknown time zone: use a name such as Europe/Paris or UTC.'

/** Whether the runtime knows the IANA zone name (Node and browsers read them from ICU). */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

export const TimeZone = v.pipe(v.string(ZONE_UNKNOWN), v.maxLength(64, ZONE_UNKNOWN), v.check(isTimeZone, ZONE_UNKNOWN))

export type ReportRange = { ok: true; from: number; to: number } | { ok: false; message: string }

/** A range as asked: both ends known, the end after the start, not longer than the maximum. */
export const checkRange = (from: number, to: number): ReportRange => {
  if (!(to > from)) return { ok: false, message: RANGE_BACKWARDS }
  if (to - from > REPORT_MAX_DAYS * DAY_MS) return { ok: false, message: RANGE_TOO_LONG }
  return { ok: true, from, to }
}

/**
 * The range of a preset at `now` in `zone`. Rolling ones (24 hours, 7 and 30 days) end now; calendar ones start at
 * the zone's midnight of the month's or year's first day, and "this month" and "this year" end now.
 */
/** A preset with a range of its own at any moment: every preset but a custom range. */
export type NamedPreset = Exclude<ReportPreset, 'custom'>

export const presetRange = (preset: NamedPreset, now: number, zone: string): ReportRange => {
  const today = dayjs.utc(localDay(now, zone))
  const month = today.startOf('month')
  switch (preset) {
    case '24h':
      return checkRange(now - DAY_MS, now)
    case '7d':
      return checkRange(now - 7 * DAY_MS, now)
    case '30d':
      return checkRange(now - 30 * DAY_MS, now)
    case 'this_month':
      return checkRange(zoneMidnight(month, zone), now)
    case 'last_month':
      return checkRange(zoneMidnight(month.subtract(1, 'month'), zone), zoneMidnight(month, zone))
    case 'this_year':
      return checkRange(zoneMidnight(today.startOf('year'), zone), now)
  }
}

// Calendar arithmetic is done on plain dates and each date then put at its midnight in the zone: arithmetic on a
// zoned time keeps its UTC offset across a change of daylight saving, which lands an hour off midnight.

/** The calendar day (YYYY-MM-DD) in the zone at an instant. */
export const localDay = (at: number, zone: string): string => dayjs(at).tz(zone).format('YYYY-MM-DD')

/** Midnight of a calendar day (a plain date, or YYYY-MM-DD) in the zone. */
export const zoneMidnight = (day: dayjs.Dayjs | string, zone: string): number =>
  dayjs.tz(typeof day === 'string' ? day : day.format('YYYY-MM-DD'), zone).valueOf()

/** A custom range of two calendar days in `zone`, both included: from the first's midnight to after the last. */
export const customRange = (firstDay: string, lastDay: string, zone: string): ReportRange => {
  const day = /^\d{4}-\d{2}-\d{2}$/
  if (!day.test(firstDay) || !day.test(lastDay)) return { ok: false, message: 'Give days as YYYY-MM-DD.' }
  const from = dayjs.tz(firstDay, zone)
  const to = dayjs.tz(lastDay, zone).add(1, 'day')
  if (!from.isValid() || !to.isValid()) return { ok: false, message: 'Give days as YYYY-MM-DD.' }
  return checkRange(from.valueOf(), to.valueOf())
}
