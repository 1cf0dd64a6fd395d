import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'
import * as v from 'valibot'
import { MONITOR_TYPES, type MonitorType } from './monitor.schema.ts'
import { patchSchema } from './patch-schema.ts'
import { plainLine } from './plain-text.ts'
import { localDay, TimeZone, zoneMidnight } from './report-period.ts'
import type { ReportSelection } from './report-view.ts'

dayjs.extend(utc)

// Reports sent by mail on a schedule: weekly (Monday to Monday) or monthly (the 1st to the 1st), in the schedule's
// time zone, each period once, shortly after it ends.

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number]
export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = { weekly: 'Weekly', monthly: 'Monthly' }

/** Most schedules per user, and most addresses per schedule. */
export const MAX_REPORT_SCHEDULES = 20
export const MAX_REPORT_RECIPIENTS = 10

const Email = v.pipe(
  v.string('Each recipient must be an email address.'),
  v.trim(),
  v.toLowerCase(),
  v.email('Each recipient must be an email address, such as ops@example.com.'),
  v.maxLength(254, 'An email address has at most 254 characters.'),
)

const Id = v.pipe(v.string('Ids are text.'), v.minLength(1, 'Ids are text.'), v.maxLength(64, 'Unknown id.'))

export const ReportSelectionSchema = v.variant(
  'kind',
  [
    v.object({ kind: v.literal('all') }),
    v.object({ kind: v.literal('type'), type: v.picklist(MONITOR_TYPES, 'Choose a monitor type.') }),
    v.object({ kind: v.literal('status_page'), status_page_id: Id }),
    v.object({
      kind: v.literal('monitors'),
      monitor_ids: v.pipe(
        v.array(Id, 'Choose the monitors.'),
        v.minLength(1, 'Choose at least one monitor.'),
        v.maxLength(1000, 'Choose at most 1000 monitors.'),
        v.transform((ids) => [...new Set(ids)]),
      ),
    }),
  ],
  'Choose what the report covers: all, type, status_page or monitors.',
)

export const ReportScheduleInput = v.object({
  name: v.pipe(
    v.string('Name is required.'),
    v.trim(),
    v.minLength(1, 'Name is required.'),
    v.maxLength(100, 'Name must be at most 100 characters.'),
    plainLine('Name'),
  ),
  frequency: v.picklist(REPORT_FREQUENCIES, 'Frequency must be weekly or monthly.'),
  recipients: v.pipe(
    v.array(Email, 'Recipients must be a list of email addresses.'),
    v.minLength(1, 'Add at least one recipient.'),
    v.maxLength(MAX_REPORT_RECIPIENTS, `At most ${MAX_REPORT_RECIPIENTS} recipients.`),
    v.transform((list) => [...new Set(list)]),
  ),
  selection: ReportSelectionSchema,
  time_zone: TimeZone,
})
export type ReportScheduleInput = v.InferOutput<typeof ReportScheduleInput>
export const ReportSchedulePatch = patchSchema(v.partial(ReportScheduleInput))

export type ReportSendStatus = 'sending' | 'sent' | 'failed'

export interface ReportSend {
  id: string
  schedule_id: string
  /** The report's period. */
  from: string
  to: string
  trigger: 'scheduled' | 'manual'
  /** Sending while any mail is still waiting, failed when any failed for good, else sent. */
  status: ReportSendStatus
  /** Why a mail failed, as the mail server or the outbox said. */
  error: string | null
  created_at: string
}

export interface ReportSchedule {
  id: string
  name: string
  frequency: ReportFrequency
  recipients: string[]
  selection: ReportSelection
  time_zone: string
  /** When the next report goes out (the end of the current period). */
  next_send_at: string
  created_at: string
  last_send: ReportSend | null
}

/** The period a report of this frequency covers when sent at `now`: the last one ended, in the zone. */
export const lastPeriod = (frequency: ReportFrequency, now: number, zone: string) => {
  const start = periodStart(frequency, now, zone)
  const before = frequency === 'weekly' ? start.subtract(1, 'week') : start.subtract(1, 'month')
  return { from: zoneMidnight(before, zone), to: zoneMidnight(start, zone) }
}

/** When the period running at `now` ends: the next report is due then. */
export const nextSendAt = (frequency: ReportFrequency, now: number, zone: string): number => {
  const start = periodStart(frequency, now, zone)
  return zoneMidnight(frequency === 'weekly' ? start.add(1, 'week') : start.add(1, 'month'), zone)
}

// The first day of the period running at `now`, as a plain date: weeks start on Monday (ISO 8601).
const periodStart = (frequency: ReportFrequency, now: number, zone: string) => {
  const today = dayjs.utc(localDay(now, zone))
  if (frequency === 'monthly') return today.startOf('month')
  return today.subtract((today.day() + 6) % 7, 'day')
}

/** A selection in words: "All monitors", "Website Monitoring" (the type's page), "Status page Acme", "3 monitors". */
export const selectionTitle = (
  selection: ReportSelection,
  names: { typeLabel?: (type: MonitorType) => string; statusPageName?: string },
): string => {
  switch (selection.kind) {
    case 'all':
      return 'All monitors'
    case 'type':
      return names.typeLabel?.(selection.type) ?? `${selection.type} monitors`
    case 'status_page':
      return `Status page ${names.statusPageName ?? ''}`.trim()
    case 'monitors':
      return `${selection.monitor_ids.length} monitor${selection.monitor_ids.length === 1 ? '' : 's'}`
  }
}
