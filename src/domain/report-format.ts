import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'
import type { ReportNumbers } from './report.ts'
import { wholeSeconds } from './report-seconds.ts'
import { slaLabel } from './report-view.ts'

dayjs.extend(utc)
dayjs.extend(timezone)

// How a report writes its numbers, the same on the page, in the PDF and in the mail: uptime to 3 decimals as the
// report computes it (rounded down, so 99.9996 % never reads 100 %), durations in days, hours, minutes and seconds.

export const NO_DATA = 'no data'

/** "99.512 %", or "no data". */
export const reportUptime = (percent: number | null): string => (percent === null ? NO_DATA : `${percent.toFixed(3)} %`)

/** "99.9 %" for a target. */
export const reportTarget = (percent: number): string => `${percent} %`

/**
 * "0 s", "45 s", "3 min 20 s", "2 h 5 min", "3 d 4 h"; a negative one (an error budget overspent) with a minus. The
 * seconds are the CSV's (wholeSeconds); larger units are cut, not rounded, so "5 min 59 s" is never "6 min".
 */
export const reportDuration = (ms: number | null): string => {
  if (ms === null) return '–'
  const seconds = wholeSeconds(ms)
  const sign = seconds < 0 ? '−' : ''
  const s = Math.abs(seconds)
  if (s < 60) return `${sign}${s} s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${sign}${m} min${s % 60 ? ` ${s % 60} s` : ''}`
  const h = Math.floor(m / 60)
  if (h < 24) return `${sign}${h} h${m % 60 ? ` ${m % 60} min` : ''}`
  const d = Math.floor(h / 24)
  return `${sign}${d} d${h % 24 ? ` ${h % 24} h` : ''}`
}

/** "123 ms", "12.3 s", or "–". */
export const reportMs = (ms: number | null): string =>
  ms === null ? '–' : ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`

/** "12.5 %": a share of time to one decimal, or "–". */
export const reportShare = (percent: number | null): string => (percent === null ? '–' : `${percent.toFixed(1)} %`)

/**
 * Each number of a report as the page and the PDF write it. A set's time without data is a share of its monitors'
 * time (`set`): added up over seven monitors, 30 days each would read as 210 days.
 */
export const formatReportNumbers = (
  n: ReportNumbers,
  { set = false }: { set?: boolean } = {},
): Record<keyof ReportNumbers, string> => ({
  uptime: reportUptime(n.uptime),
  sla_target: reportTarget(n.sla_target),
  sla: slaLabel(n.sla),
  sla_met: slaLabel(n.sla),
  error_budget_ms: reportDuration(n.error_budget_ms),
  error_budget_left_ms: reportDuration(n.error_budget_left_ms),
  downtime_ms: reportDuration(n.downtime_ms),
  incidents: String(n.incidents),
  longest_incident_ms: reportDuration(n.longest_incident_ms),
  mttr_ms: reportDuration(n.mttr_ms),
  mtbf_ms: reportDuration(n.mtbf_ms),
  response_avg_ms: reportMs(n.response_avg_ms),
  response_p50_ms: reportMs(n.response_p50_ms),
  response_p95_ms: reportMs(n.response_p95_ms),
  response_p99_ms: reportMs(n.response_p99_ms),
  checks: n.checks.toLocaleString('en-US'),
  failures: n.failures.toLocaleString('en-US'),
  judged_ms: reportDuration(n.judged_ms),
  measured_ms: reportDuration(n.measured_ms),
  maintenance_ms: reportDuration(n.maintenance_ms),
  no_data_ms: set ? reportShare(n.no_data_share) : reportDuration(n.no_data_ms),
  no_data_share: reportShare(n.no_data_share),
})

/**
 * A report's period in its zone, as people read it: "1 Oct 2026 – 31 Oct 2026 (Europe/Paris)" for whole days, with
 * times when an end is not at midnight: "25 Nov 2026, 14:05 – 26 Nov 2026, 14:05 (UTC)".
 */
export const reportPeriod = (fromIso: string, toIso: string, zone: string): string => {
  const from = dayjs(fromIso).tz(zone)
  const to = dayjs(toIso).tz(zone)
  const midnight = (d: dayjs.Dayjs) => d.hour() === 0 && d.minute() === 0
  if (midnight(from) && midnight(to))
    return `${from.format('D MMM YYYY')} – ${to.subtract(1, 'day').format('D MMM YYYY')} (${zone})`
  return `${from.format('D MMM YYYY, HH:mm')} – ${to.format('D MMM YYYY, HH:mm')} (${zone})`
}

/** A day of a chart by the day (YYYY-MM-DD): "2 Nov". */
export const reportDayLabel = (date: string): string => dayjs.utc(date).format('D MMM')

/** An hour of a chart by the hour in the report's zone: "14:00", or "10 Nov" at midnight, where a day begins. */
export const reportHourLabel = (iso: string, zone: string): string => {
  const at = dayjs(iso).tz(zone)
  return at.hour() === 0 && at.minute() === 0 ? at.format('D MMM') : at.format('HH:mm')
}

/** A time in the report's zone, without the zone's name: "25 Nov 2026, 14:05". */
export const reportTime = (iso: string, zone: string): string => dayjs(iso).tz(zone).format('D MMM YYYY, HH:mm')

/** A moment in the report's zone: "25 Nov 2026, 14:05 (Europe/Paris)", as the report says when it was made. */
export const reportMoment = (iso: string, zone: string): string => `${reportTime(iso, zone)} (${zone})`
