import * as v from 'valibot'
import { MonitorTypeSchema } from './monitor.schema.ts'
import {
  checkRange,
  customRange,
  type NamedPreset,
  presetRange,
  REPORT_PRESETS,
  type ReportPreset,
  TimeZone,
} from './report-period.ts'
import type { ReportSelection } from './report-view.ts'

// `GET /api/reports` (and `POST /api/reports`, the same query as a JSON body, for selections too long for an
// address): which monitors (all of the user's, one type, a status page's, or a list), which period (a
// preset, two instants, or two calendar days in the zone, both included), and which form (JSON, CSV or PDF).

export const REPORT_FORMATS = ['json', 'csv', 'pdf'] as const
export type ReportFormat = (typeof REPORT_FORMATS)[number]

const Text = (what: string) => v.pipe(v.string(`${what} must be text.`), v.maxLength(64_000, `${what} is too long.`))

export const ReportQuery = v.object({
  monitor_ids: v.optional(Text('monitor_ids')),
  type: v.optional(MonitorTypeSchema),
  status_page_id: v.optional(v.pipe(Text('status_page_id'), v.maxLength(64, 'Status page not found.'))),
  period: v.optional(
    v.picklist(
      REPORT_PRESETS.filter((p) => p !== 'custom'),
      `Period must be one of ${REPORT_PRESETS.filter((p) => p !== 'custom').join(', ')}.`,
    ),
  ),
  from: v.optional(Text('from')),
  to: v.optional(Text('to')),
  tz: v.optional(TimeZone, 'UTC'),
  format: v.optional(v.picklist(REPORT_FORMATS, 'Format must be json, csv or pdf.'), 'json'),
})
export type ReportQuery = v.InferOutput<typeof ReportQuery>

const ID_LIST = 'monitor_ids must be a list of monitor ids or text.'

/**
 * The query as a JSON body: the same fields, `monitor_ids` also as a list (the page sends one), read as the query
 * reads its comma-separated text.
 */
export const ReportBody = v.object({
  ...ReportQuery.entries,
  monitor_ids: v.optional(
    v.pipe(
      v.union(
        [Text('monitor_ids'), v.array(v.pipe(v.string(ID_LIST), v.maxLength(64, 'Monitor not found.')), ID_LIST)],
        ID_LIST,
      ),
      v.transform((ids) => (Array.isArray(ids) ? ids.join(',') : ids)),
    ),
  ),
})

export type ResolvedReportQuery =
  | { ok: true; selection: ReportSelection; from: number; to: number; tz: string; format: ReportFormat }
  | { ok: false; message: string }

const DAY = /^\d{4}-\d{2}-\d{2}$/
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/
const MAX_IDS = 1000

const selectionOf = (q: ReportQuery): ReportSelection | string => {
  const given = [q.monitor_ids, q.type, q.status_page_id].filter((x) => x !== undefined).length
  if (given > 1) return 'Choose one of monitor_ids, type and status_page_id.'
  if (q.type) return { kind: 'type', type: q.type }
  if (q.status_page_id !== undefined) return { kind: 'status_page', status_page_id: q.status_page_id }
  if (q.monitor_ids !== undefined) {
    const ids = [
      ...new Set(
        q.monitor_ids
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ]
    if (ids.length === 0) return 'Choose at least one monitor in monitor_ids.'
    if (ids.length > MAX_IDS) return `A report covers at most ${MAX_IDS} chosen monitors.`
    return { kind: 'monitors', monitor_ids: ids }
  }
  return { kind: 'all' }
}

const rangeOf = (q: ReportQuery, now: number) => {
  if (q.period) {
    if (q.from !== undefined || q.to !== undefined)
      return { ok: false as const, message: 'Give a period or from and to, not both.' }
    return presetRange(q.period as NamedPreset, now, q.tz)
  }
  if (q.from === undefined || q.to === undefined) return presetRange('30d', now, q.tz)
  if (DAY.test(q.from) && DAY.test(q.to)) return customRange(q.from, q.to, q.tz)
  if (INSTANT.test(q.from) && INSTANT.test(q.to)) {
    const from = Date.parse(q.from)
    const to = Date.parse(q.to)
    if (Number.isNaN(from) || Number.isNaN(to)) return { ok: false as const, message: BAD_TIME }
    return checkRange(from, to)
  }
  return { ok: false as const, message: BAD_TIME }
}

const BAD_TIME = 'Give from and to as days (2026-10-01) or instants (2026-10-01T00:00:00Z), both alike.'

/** The query made whole: the set, the period (the last 30 days when none is given) and the form. */
export const resolveReportQuery = (q: ReportQuery, now: number): ResolvedReportQuery => {
  const selection = selectionOf(q)
  if (typeof selection === 'string') return { ok: false, message: selection }
  const range = rangeOf(q, now)
  if (!range.ok) return range
  return { ok: true, selection, from: range.from, to: range.to, tz: q.tz, format: q.format }
}

/** The query of a report (its set, period and zone), as the API and the page's address take it. */
export const reportSearch = (selection: ReportSelection, from: number, to: number, tz: string): string => {
  const params = new URLSearchParams()
  if (selection.kind === 'type') params.set('type', selection.type)
  if (selection.kind === 'status_page') params.set('status_page_id', selection.status_page_id)
  if (selection.kind === 'monitors') params.set('monitor_ids', selection.monitor_ids.join(','))
  params.set('from', new Date(from).toISOString())
  params.set('to', new Date(to).toISOString())
  params.set('tz', tz)
  return params.toString()
}
