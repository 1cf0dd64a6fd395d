import * as v from 'valibot'
import { MONITOR_TYPES } from './monitor.schema.ts'
import { type ReportNumbers, SLA_STATUSES } from './report.ts'
import { REPORT_FREQUENCIES, type ReportSchedule, type ReportSend } from './report-schedule.ts'
import type { Report, ReportDay, ReportHour, ReportMonitor, ReportSelection } from './report-view.ts'

// The reports API's answers as the browser reads them: each schema's output is the domain's own type (report.ts,
// report-view.ts, report-schedule.ts), so what the page shows is what the server computed, checked on arrival.

const num = v.number()
const numOrNull = v.nullable(v.number())
const MonitorTypeOut = v.picklist(MONITOR_TYPES)

export const ReportNumbersView: v.GenericSchema<unknown, ReportNumbers> = v.object({
  uptime: numOrNull,
  sla_target: num,
  sla: v.picklist(SLA_STATUSES),
  sla_met: v.nullable(v.boolean()),
  error_budget_ms: numOrNull,
  error_budget_left_ms: numOrNull,
  downtime_ms: num,
  incidents: num,
  longest_incident_ms: numOrNull,
  mttr_ms: numOrNull,
  mtbf_ms: numOrNull,
  response_avg_ms: numOrNull,
  response_p50_ms: numOrNull,
  response_p95_ms: numOrNull,
  response_p99_ms: numOrNull,
  checks: num,
  failures: num,
  judged_ms: num,
  measured_ms: num,
  maintenance_ms: num,
  no_data_ms: num,
  no_data_share: numOrNull,
})

export const ReportSelectionView: v.GenericSchema<unknown, ReportSelection> = v.variant('kind', [
  v.object({ kind: v.literal('all') }),
  v.object({ kind: v.literal('type'), type: MonitorTypeOut }),
  v.object({ kind: v.literal('status_page'), status_page_id: v.string() }),
  v.object({ kind: v.literal('monitors'), monitor_ids: v.array(v.string()) }),
])

const ReportMonitorView: v.GenericSchema<unknown, ReportMonitor> = v.intersect([
  ReportNumbersView,
  v.object({ id: v.string(), name: v.string(), type: MonitorTypeOut, path: v.string(), judged_from: v.string() }),
])

const slot = {
  uptime: numOrNull,
  downtime_ms: num,
  avg_response_ms: numOrNull,
  p95_response_ms: numOrNull,
  checks: num,
  failures: num,
}
const ReportDayView: v.GenericSchema<unknown, ReportDay> = v.object({ date: v.string(), ...slot })
const ReportHourView: v.GenericSchema<unknown, ReportHour> = v.object({ start: v.string(), ...slot })

/** GET /api/reports: one report. */
export const ReportView: v.GenericSchema<unknown, Report> = v.object({
  title: v.string(),
  selection: ReportSelectionView,
  time_zone: v.string(),
  from: v.string(),
  to: v.string(),
  covered_from: v.string(),
  covered_to: v.string(),
  generated_at: v.string(),
  monitors: v.array(ReportMonitorView),
  totals: v.nullable(ReportNumbersView),
  days: v.array(ReportDayView),
  hours: v.array(ReportHourView),
})

export const ReportSendView: v.GenericSchema<unknown, ReportSend> = v.object({
  id: v.string(),
  schedule_id: v.string(),
  from: v.string(),
  to: v.string(),
  trigger: v.picklist(['scheduled', 'manual']),
  status: v.picklist(['sending', 'sent', 'failed']),
  error: v.nullable(v.string()),
  created_at: v.string(),
})

export const ReportScheduleView: v.GenericSchema<unknown, ReportSchedule> = v.object({
  id: v.string(),
  name: v.string(),
  frequency: v.picklist(REPORT_FREQUENCIES),
  recipients: v.array(v.string()),
  selection: ReportSelectionView,
  time_zone: v.string(),
  next_send_at: v.string(),
  created_at: v.string(),
  last_send: v.nullable(ReportSendView),
})

export const ReportScheduleList = v.object({ schedules: v.array(ReportScheduleView) })
export type ReportScheduleList = v.InferOutput<typeof ReportScheduleList>

export const OneReportSchedule = v.object({ schedule: ReportScheduleView })
export type OneReportSchedule = v.InferOutput<typeof OneReportSchedule>

/** `POST /api/reports/schedules/{id}/send`: the send under way; `message` when the server has something to add. */
export const ReportSentNow = v.object({ send: ReportSendView, message: v.optional(v.string()) })
export type ReportSentNow = v.InferOutput<typeof ReportSentNow>

/** A schedule's sends, newest first. */
export const ReportSendList = v.object({ sends: v.array(ReportSendView) })
export type ReportSendList = v.InferOutput<typeof ReportSendList>
