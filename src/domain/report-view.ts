import type { MonitorType } from './monitor.schema.ts'
import type { ReportNumbers, ReportSlotNumbers, SlaStatus } from './report.ts'
import type { CsvCell } from './report-csv.ts'
import { toCsv } from './report-csv.ts'
import { wholeSeconds } from './report-seconds.ts'

// A report as the API answers it and as the page, the CSV and the PDF show it: one shape, so the three cannot
// differ. Times are ISO strings; durations are milliseconds; uptime is a percent rounded down to 3 decimals.

export type ReportSelection =
  | { kind: 'all' }
  | { kind: 'type'; type: MonitorType }
  | { kind: 'status_page'; status_page_id: string }
  | { kind: 'monitors'; monitor_ids: string[] }

export interface ReportMonitor extends ReportNumbers {
  id: string
  name: string
  type: MonitorType
  /** Where the monitor's page is in the app (`/services/...`). */
  path: string
  /** Where the time it is judged on starts: the period's start, or when it was made if that is later. */
  judged_from: string
}

/** One day of the period in the report's time zone, over the whole set. */
export interface ReportDay extends ReportSlotNumbers {
  /** YYYY-MM-DD in the report's zone. */
  date: string
}

/** One hour of a period of up to two days (report-chart.ts), over the whole set. */
export interface ReportHour extends ReportSlotNumbers {
  /** When the hour starts (an hour of UTC, as the rollups keep them). */
  start: string
}

export interface Report {
  /** What the set is, in words: "All monitors", "Website monitors", "Status page Acme", "3 monitors". */
  title: string
  selection: ReportSelection
  time_zone: string
  /** The period asked. */
  from: string
  to: string
  /**
   * The period the numbers cover: the asked one, ending at the time of the report when it runs to the future, and
   * with its edges on whole hours or days where finer rollups are no longer kept.
   */
  covered_from: string
  covered_to: string
  generated_at: string
  monitors: ReportMonitor[]
  /** Null for an empty set. */
  totals: ReportNumbers | null
  days: ReportDay[]
  /** The hours of a period of up to two days, which the charts draw instead of its days; empty for a longer one. */
  hours: ReportHour[]
}

/** The columns of the CSV, the page's table and the PDF's table, in that order. */
export const REPORT_COLUMNS = [
  ['uptime', 'Uptime (%)'],
  ['sla_target', 'SLA target (%)'],
  ['sla', 'SLA'],
  ['error_budget_left_ms', 'Error budget left (s)'],
  ['downtime_ms', 'Downtime (s)'],
  ['incidents', 'Incidents'],
  ['longest_incident_ms', 'Longest incident (s)'],
  ['mttr_ms', 'MTTR (s)'],
  ['mtbf_ms', 'MTBF (s)'],
  ['response_avg_ms', 'Response avg (ms)'],
  ['response_p50_ms', 'Response p50 (ms)'],
  ['response_p95_ms', 'Response p95 (ms)'],
  ['response_p99_ms', 'Response p99 (ms)'],
  ['checks', 'Checks'],
  ['failures', 'Failures'],
  ['maintenance_ms', 'Maintenance (s)'],
  ['no_data_ms', 'No data (s)'],
] as const satisfies readonly (readonly [keyof ReportNumbers, string])[]

export const SLA_LABELS: Record<SlaStatus, string> = {
  met: 'Met',
  breached: 'Breached',
  not_enough_data: 'Not enough data',
  no_data: 'No data',
}

/** "Met", "Breached", "Not enough data" or "No data" for a report's SLA cell. */
export const slaLabel = (status: SlaStatus) => SLA_LABELS[status]

/** A number cell of the CSV: durations in whole seconds (rounded as the page and the PDF round them), the rest as they are. */
const cell = (key: keyof ReportNumbers, numbers: ReportNumbers): CsvCell => {
  const value = numbers[key]
  if (key === 'sla') return slaLabel(numbers.sla)
  if (typeof value !== 'number') return null
  return key.endsWith('_ms') && !key.startsWith('response_') ? wholeSeconds(value) : value
}

/** The report as CSV: a header, one row per monitor, a totals row. */
export const reportCsv = (report: Report): string =>
  toCsv([
    ['Monitor', 'Type', ...REPORT_COLUMNS.map(([, label]) => label)],
    ...report.monitors.map((m) => [m.name, m.type, ...REPORT_COLUMNS.map(([key]) => cell(key, m))]),
    ...(report.totals
      ? [['Total', '', ...REPORT_COLUMNS.map(([key]) => cell(key, report.totals as ReportNumbers))]]
      : []),
  ])

/** A file name for the report's exports, by its first and last day in its zone: `report-2026-10-01-2026-10-31.pdf`. */
export const reportFileName = (report: Pick<Report, 'days' | 'covered_from'>, ext: 'csv' | 'pdf') => {
  const first = report.days[0]?.date ?? report.covered_from.slice(0, 10)
  const last = report.days.at(-1)?.date ?? first
  return `report-${first}-${last}.${ext}`
}
