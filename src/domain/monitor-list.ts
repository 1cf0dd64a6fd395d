import * as v from 'valibot'
import { MONITOR_TYPES, MonitorTypeSchema } from './monitor.schema.ts'
import { MONITOR_STATUSES } from './monitor-status.ts'

// The one list of a user's monitors (issue 19): searched by name and target, filtered by type, state, tag and status
// page, sorted, a page at a time, with the counts its filters show. The cost of a page does not grow with the number
// of monitors, except for the sorts by uptime and response time, which read every matching monitor's last day.

export const MONITOR_SORTS = ['name', 'status', 'uptime', 'response', 'last_check'] as const
export type MonitorSort = (typeof MONITOR_SORTS)[number]
const SORT_VALUES = MONITOR_SORTS.flatMap((s) => [s, `-${s}`])

export const MAX_PAGE_SIZE = 100

const int = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, `${label} must be a whole number.`),
    v.transform(Number),
    v.minValue(min, `${label} must be at least ${min}.`),
    v.maxValue(max, `${label} must be at most ${max}.`),
  )

export const MonitorPageQuery = v.object({
  page: v.optional(int('Page', 1, 100_000)),
  limit: v.optional(int('Limit', 1, MAX_PAGE_SIZE)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search for at most 100 characters.'))),
  type: v.optional(MonitorTypeSchema),
  status: v.optional(v.picklist(MONITOR_STATUSES, `Status must be one of ${MONITOR_STATUSES.join(', ')}.`)),
  tag: v.optional(v.pipe(v.string(), v.maxLength(64, 'Tag not found.'))),
  status_page_id: v.optional(v.pipe(v.string(), v.maxLength(64, 'Status page not found.'))),
  sort: v.optional(v.picklist(SORT_VALUES, `Sort must be one of ${SORT_VALUES.join(', ')}.`)),
})
export type MonitorPageQuery = v.InferOutput<typeof MonitorPageQuery>

/** A list's sort: its column and way (a leading minus is descending). */
export const sortOf = (value: string | undefined): { by: MonitorSort; desc: boolean } => {
  const desc = value?.startsWith('-') ?? false
  const by = (desc ? value?.slice(1) : value) as MonitorSort | undefined
  return { by: by && (MONITOR_SORTS as readonly string[]).includes(by) ? by : 'name', desc }
}

/** The order of states when sorted by state: what needs attention first. */
export const STATUS_ORDER: Record<(typeof MONITOR_STATUSES)[number], number> = {
  down: 0,
  degraded: 1,
  pending: 2,
  up: 3,
  paused: 4,
}

/** How many checks each row's heartbeat bar shows. */
export const HEARTBEATS = 30

export { MONITOR_TYPES }
