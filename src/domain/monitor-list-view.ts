import * as v from 'valibot'
import type { LiveEvent } from './live-event.ts'
import { type Heartbeat, MONITOR_TYPES, Monitor, type MonitorType } from './monitor.schema.ts'
import { HEARTBEATS, MONITOR_SORTS, type MonitorSort } from './monitor-list.ts'
import { MONITOR_STATUSES, type MonitorStatus } from './monitor-status.ts'
import { Pagination } from './pagination.schema.ts'
import { type ResultVerdict, storedVerdict, VERDICT_LABELS } from './result-verdict.ts'
import type { BulkAction } from './tags.ts'

// The monitor list as the pages show it (issue 19): one page of `GET /api/monitors` with its counts, the choice
// (search, filters, sort, page) kept in the address, a row patched by a live event, the heartbeat bar's looks and
// words, and a bulk action's outcome in words.

/** By state, the state filter aside. */
export const MonitorCounts = v.object({
  total: v.number(),
  up: v.number(),
  down: v.number(),
  degraded: v.number(),
  paused: v.number(),
  pending: v.number(),
})
export type MonitorCounts = v.InferOutput<typeof MonitorCounts>

/** One page of the list: its rows, the counts its filters show and where it is among the pages. */
export const MonitorPage = v.object({
  monitors: v.array(Monitor),
  counts: MonitorCounts,
  pagination: Pagination,
  facets: v.object({
    types: v.record(v.string(), v.number()),
    tags: v.record(v.string(), v.number()),
    status_pages: v.record(v.string(), v.number()),
  }),
})
export type MonitorPage = v.InferOutput<typeof MonitorPage>

/**
 * What the dashboard, the status page form and the reports' choices read of `GET /api/monitors` (every monitor, not
 * paged): each monitor in brief (enough to list what expires soon) and the counts. Parsing every monitor in full is
 * the list page's work.
 */
export const MonitorSummary = v.object({
  id: v.string(),
  type: v.string(),
  name: v.string(),
  expires_at: v.optional(v.nullable(v.string())),
  warn_days: v.optional(v.array(v.number())),
})
export type MonitorSummary = v.InferOutput<typeof MonitorSummary>
export const MonitorSummaries = v.object({ monitors: v.array(MonitorSummary), counts: MonitorCounts })
export type MonitorSummaries = v.InferOutput<typeof MonitorSummaries>

/** `POST /api/monitors/bulk`'s answer: how many were done, and each refusal with its reason. */
export const BulkOutcome = v.object({
  done: v.number(),
  failed: v.array(v.object({ id: v.string(), message: v.string() })),
})
export type BulkOutcome = v.InferOutput<typeof BulkOutcome>

/** How many rows a page of the list holds. */
export const LIST_PAGE_SIZE = 50

/** The list's choice, as the page holds it (empty text: no filter). */
export interface ListChoice {
  q: string
  type: MonitorType | ''
  status: MonitorStatus | ''
  tag: string
  statusPage: string
  /** A column of MONITOR_SORTS, with a leading minus for descending. */
  sort: string
  page: number
}

export const NO_CHOICE: ListChoice = { q: '', type: '', status: '', tag: '', statusPage: '', sort: 'name', page: 1 }

/** The address's parameters of the choice. */
export const CHOICE_PARAMS = ['q', 'type', 'status', 'tag', 'status_page', 'sort', 'page'] as const

const SORT_VALUES: readonly string[] = MONITOR_SORTS.flatMap((s) => [s, `-${s}`])

/** The choice a page's address gives (anything unknown left out); `fixedType` is the type of a type's own page. */
export const choiceOf = (params: URLSearchParams, fixedType?: MonitorType): ListChoice => {
  const type = params.get('type') ?? ''
  const status = params.get('status') ?? ''
  const sort = params.get('sort') ?? ''
  const page = Number(params.get('page'))
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    type: fixedType ?? ((MONITOR_TYPES as readonly string[]).includes(type) ? (type as MonitorType) : ''),
    status: (MONITOR_STATUSES as readonly string[]).includes(status) ? (status as MonitorStatus) : '',
    tag: (params.get('tag') ?? '').slice(0, 64),
    statusPage: (params.get('status_page') ?? '').slice(0, 64),
    sort: SORT_VALUES.includes(sort) ? sort : 'name',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  }
}

/** The address's parameters for a choice, the others of `before` kept; defaults are left out. */
export const paramsOf = (choice: ListChoice, before: URLSearchParams, fixedType?: MonitorType): URLSearchParams => {
  const own: Record<(typeof CHOICE_PARAMS)[number], string> = {
    q: choice.q,
    type: fixedType ? '' : choice.type,
    status: choice.status,
    tag: choice.tag,
    status_page: choice.statusPage,
    sort: choice.sort === 'name' ? '' : choice.sort,
    page: choice.page > 1 ? String(choice.page) : '',
  }
  const out = new URLSearchParams(before)
  for (const key of CHOICE_PARAMS) {
    if (own[key]) out.set(key, own[key])
    else out.delete(key)
  }
  return out
}

/** The query of `GET /api/monitors` for a choice. */
export const requestOf = (choice: ListChoice): Record<string, string> => {
  const query: Record<string, string> = { page: String(choice.page), limit: String(LIST_PAGE_SIZE) }
  if (choice.q.trim()) query.q = choice.q.trim()
  if (choice.type) query.type = choice.type
  if (choice.status) query.status = choice.status
  if (choice.tag) query.tag = choice.tag
  if (choice.statusPage) query.status_page_id = choice.statusPage
  if (choice.sort !== 'name') query.sort = choice.sort
  return query
}

/** The sort of a choice: its column and way. */
export const sortOfChoice = (choice: ListChoice): { by: MonitorSort; desc: boolean } => {
  const desc = choice.sort.startsWith('-')
  return { by: (desc ? choice.sort.slice(1) : choice.sort) as MonitorSort, desc }
}

/** A click on a column's header: that column ascending, or the other way when it is already the sort. */
export const nextSortOf = (choice: ListChoice, by: MonitorSort): string => {
  const current = sortOfChoice(choice)
  return current.by === by && !current.desc ? `-${by}` : by
}

/** "1–50 of 300"; "0 of 0" when empty. */
export const rangeText = ({ page, limit, total }: { page: number; limit: number; total: number }): string => {
  if (total === 0) return '0 of 0'
  const first = (page - 1) * limit + 1
  return `${Math.min(first, total)}–${Math.min(page * limit, total)} of ${total}`
}

/** How one beat of a heartbeat bar looks. */
export type BeatLook = 'ok' | 'slow' | 'failed' | 'confirming' | 'maintenance'

export const verdictOfBeat = (beat: Heartbeat): ResultVerdict =>
  storedVerdict(beat.verdict ?? null, beat.ok, beat.status)

/**
 * A beat's colour: in maintenance (blue), ok (green), slow (amber), failed (red), and a failure its retry has not yet
 * confirmed (the monitor not down after it) lighter.
 */
export const beatLook = (beat: Heartbeat): BeatLook => {
  if (beat.maintenance === true) return 'maintenance'
  const verdict = verdictOfBeat(beat)
  if (verdict === 'failed') return beat.status === 'down' || beat.status === 'paused' ? 'failed' : 'confirming'
  return verdict
}

const BEAT_WORDS: Record<BeatLook, string> = {
  ok: VERDICT_LABELS.ok,
  slow: VERDICT_LABELS.slow,
  failed: VERDICT_LABELS.failed,
  confirming: `${VERDICT_LABELS.failed} — confirming`,
  maintenance: 'In maintenance',
}

/** A beat's verdict in words: "OK", "Slow", "Failed", "Failed — confirming", "In maintenance". */
export const beatWords = (beat: Heartbeat): string => BEAT_WORDS[beatLook(beat)]

type MonitorEvent = Extract<LiveEvent, { kind: 'monitor' }>

/**
 * A page with one monitor's live event applied: its state, and a result appended to its heartbeat bar (the last
 * HEARTBEATS kept) as its last check. A monitor not on the page leaves it as it is.
 */
export const withLiveEvent = <P extends { monitors: readonly Monitor[] }>(page: P, event: MonitorEvent): P => {
  if (!page.monitors.some((m) => m.id === event.monitor_id)) return page
  return {
    ...page,
    monitors: page.monitors.map((m): Monitor => {
      if (m.id !== event.monitor_id) return m
      const { result } = event
      const patched = {
        ...m,
        status: event.status,
        paused: event.status === 'paused',
      } as Monitor
      if (!result) return patched
      const beat: Heartbeat = {
        checked_at: result.checked_at,
        ok: result.ok,
        status: result.status,
        response_ms: result.response_ms,
        message: result.message,
        verdict: result.verdict,
      }
      return {
        ...patched,
        last_checked_at: result.checked_at,
        last_response_ms: result.response_ms,
        last_error: result.ok ? null : result.message,
        heartbeats: [...(m.heartbeats ?? []), beat].slice(-HEARTBEATS),
      } as Monitor
    }),
  }
}

const DONE_WORDS: Record<BulkAction, string> = {
  pause: 'paused',
  resume: 'resumed',
  delete: 'deleted',
  tag: 'tagged',
  untag: 'untagged',
}

/**
 * A bulk action's outcome in words: "4 paused", "4 paused; 1 could not be resumed: <reason>", naming the monitor when
 * only one failed ("Shop could not be resumed: <reason>"); the failures grouped by reason.
 */
export const bulkOutcomeText = (
  action: BulkAction,
  outcome: BulkOutcome,
  nameOf: (id: string) => string | undefined,
  tagName?: string,
): string => {
  const verb = DONE_WORDS[action]
  const done = `${outcome.done} ${verb}${tagName && outcome.done > 0 ? ` “${tagName}”` : ''}`
  const byReason = new Map<string, string[]>()
  for (const f of outcome.failed) byReason.set(f.message, [...(byReason.get(f.message) ?? []), f.id])
  const failures = [...byReason].map(([message, ids]) => {
    const who = ids.length === 1 ? (nameOf(ids[0] as string) ?? '1') : String(ids.length)
    return `${who} could not be ${verb}: ${message}`
  })
  return [...(outcome.done > 0 || failures.length === 0 ? [done] : []), ...failures].join('; ')
}
