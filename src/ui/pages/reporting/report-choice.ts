import * as v from 'valibot'
import { MONITOR_TYPES, type MonitorType } from '@vigil/domain/monitor.schema'
import { customRange, isTimeZone, presetRange, REPORT_PRESETS, type ReportPreset } from '@vigil/domain/report-period'
import { ReportSelectionSchema } from '@vigil/domain/report-schedule'
import type { ReportSelection } from '@vigil/domain/report-view'
import type { ReportAsk } from '../../../machines/report.machine.ts'

// The page's choice of a report (which monitors, which period) as the query string keeps it, so that a report can be
// shared and reloaded: `?period=last_month&type=web`, `?monitor_ids=a,b`, `?period=custom&first=2026-10-01&last=...`.
// The rules are the domain's: the selection's schema and the periods of report-period.ts.

export type SetKind = ReportSelection['kind']
export const SET_KINDS: readonly SetKind[] = ['all', 'type', 'status_page', 'monitors']
export const SET_KIND_LABELS: Record<SetKind, string> = {
  all: 'All monitors',
  type: 'One type',
  status_page: "A status page's monitors",
  monitors: 'Chosen monitors',
}

export const DEFAULT_PERIOD: ReportPreset = '30d'

export interface ReportChoice {
  set: SetKind
  /** The type, status page and monitors of their kinds of set ('' and [] while none is chosen). */
  type: MonitorType | ''
  status_page_id: string
  monitor_ids: string[]
  period: ReportPreset
  /** A custom range's first and last day (YYYY-MM-DD), both included. */
  first: string
  last: string
}

/** The keys of the query string that the choice writes (the table's sort has its own). */
export const CHOICE_KEYS = ['set', 'type', 'status_page_id', 'monitor_ids', 'period', 'first', 'last'] as const
/** The keys a link may hold that the choice reads but never writes (it writes the period as days). */
export const LINK_KEYS = ['from', 'to'] as const

const isType = (value: string | null): value is MonitorType => MONITOR_TYPES.includes(value as MonitorType)
const isPreset = (value: string | null): value is ReportPreset => REPORT_PRESETS.includes(value as ReportPreset)
const isKind = (value: string | null): value is SetKind => SET_KINDS.includes(value as SetKind)

/** The zone a link names (`tz`, as the report mails write it), or else the viewer's. */
export const zoneOf = (params: URLSearchParams, viewer: string): string => {
  const tz = params.get('tz')
  return tz && isTimeZone(tz) ? tz : viewer
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * A period given as the API takes it (`from` and `to`, days both included or instants with the end excluded, as the
 * report mails link it) read as a custom range of days in `zone`; null when there is none.
 */
const linkedDays = (params: URLSearchParams, zone: string): { first: string; last: string } | null => {
  const from = params.get('from')
  const to = params.get('to')
  if (!from || !to) return null
  if (DAY.test(from) && DAY.test(to)) return { first: from, last: to }
  const start = Date.parse(from)
  const end = Date.parse(to)
  if (Number.isNaN(start) || Number.isNaN(end)) return null
  return { first: dayIn(start, zone), last: dayIn(end - 1, zone) }
}

/**
 * The choice a query string holds; what it leaves out is the default (all monitors, the last 30 days). A link with
 * `from` and `to` (the API's own query, which the report mails write) opens as a custom range in `zone`.
 */
export const choiceOf = (params: URLSearchParams, zone: string): ReportChoice => {
  const type = params.get('type')
  const page = params.get('status_page_id') ?? ''
  const ids = (params.get('monitor_ids') ?? '').split(',').filter(Boolean)
  const named = params.get('set')
  const set: SetKind = isKind(named)
    ? named
    : ids.length > 0
      ? 'monitors'
      : page
        ? 'status_page'
        : type !== null
          ? 'type'
          : 'all'
  const period = params.get('period')
  const linked = isPreset(period) ? null : linkedDays(params, zone)
  return {
    set,
    type: isType(type) ? type : '',
    status_page_id: page,
    monitor_ids: [...new Set(ids)],
    period: isPreset(period) ? period : linked ? 'custom' : DEFAULT_PERIOD,
    first: linked?.first ?? params.get('first') ?? '',
    last: linked?.last ?? params.get('last') ?? '',
  }
}

/** The query string of a choice, with only what differs from the defaults and what its set and period use. */
export const paramsOf = (choice: ReportChoice): Record<(typeof CHOICE_KEYS)[number], string> => {
  const own: Record<SetKind, string> = {
    all: '',
    type: choice.type,
    status_page: choice.status_page_id,
    monitors: choice.monitor_ids.join(','),
  }
  const custom = choice.period === 'custom'
  return {
    // Named only when its own key is empty (a kind of set chosen, its members not yet).
    set: choice.set !== 'all' && own[choice.set] === '' ? choice.set : '',
    type: choice.set === 'type' ? choice.type : '',
    status_page_id: choice.set === 'status_page' ? choice.status_page_id : '',
    monitor_ids: choice.set === 'monitors' ? own.monitors : '',
    period: choice.period === DEFAULT_PERIOD ? '' : choice.period,
    first: custom ? choice.first : '',
    last: custom ? choice.last : '',
  }
}

/** The set as the API takes it, not yet checked (a schedule's form sends it so, for the schema to check). */
export const rawSelection = (choice: Pick<ReportChoice, 'set' | 'type' | 'status_page_id' | 'monitor_ids'>) =>
  choice.set === 'all'
    ? { kind: 'all' }
    : choice.set === 'type'
      ? { kind: 'type', type: choice.type }
      : choice.set === 'status_page'
        ? { kind: 'status_page', status_page_id: choice.status_page_id }
        : { kind: 'monitors', monitor_ids: choice.monitor_ids }

/** The report's set, checked by the domain's schema of a selection; its message when it is none yet. */
export const selectionOf = (
  choice: ReportChoice,
): { ok: true; selection: ReportSelection } | { ok: false; message: string } => {
  const raw = rawSelection(choice)
  const parsed = v.safeParse(ReportSelectionSchema, raw)
  if (parsed.success) return { ok: true, selection: parsed.output }
  const message =
    choice.set === 'status_page' && choice.status_page_id === ''
      ? 'Choose a status page.'
      : (parsed.issues[0]?.message ?? 'Choose the monitors.')
  return { ok: false, message }
}

/** The report a choice asks for at `now`, read in `zone`, or why it is none. */
export const askOf = (choice: ReportChoice, now: number, zone: string): ReportAsk => {
  const selection = selectionOf(choice)
  if (!selection.ok) return { ok: false, field: 'set', message: selection.message }
  const range =
    choice.period === 'custom' ? customRange(choice.first, choice.last, zone) : presetRange(choice.period, now, zone)
  if (!range.ok) return { ok: false, field: 'period', message: range.message }
  return {
    ok: true,
    query: {
      selection: selection.selection,
      from: new Date(range.from).toISOString(),
      to: new Date(range.to).toISOString(),
      tz: zone,
      ...(choice.period === 'custom' ? {} : { preset: choice.period }),
    },
  }
}

/** The viewer's time zone, which reports are read in. */
export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/** The calendar day (YYYY-MM-DD) in `zone` at `at`, `days` later (negative: earlier). */
export const dayIn = (at: number, zone: string, days = 0): string => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const date = new Date(Date.UTC(part('year'), part('month') - 1, part('day') + days))
  return date.toISOString().slice(0, 10)
}
