import type { MonitorStatus } from '../../domain/monitor.schema.ts'
import { type MonitorPageQuery, sortOf } from '../../domain/monitor-list.ts'
import { MONITOR_STATUSES } from '../../domain/monitor-status.ts'
import type { TagColor } from '../../domain/tags.ts'
import { averageMs, figureWindow, type Rollup, roundUptime, uptimePercent } from '../../domain/uptime.ts'
import type { Database } from '../db/database.ts'
import type { Repos } from '../db/repos/index.ts'
import {
  countHits,
  type ListCounts,
  type ListRow,
  type MonitorListFilter,
  passesFilters,
  tagFilterBy,
} from '../db/repos/monitor-list.repo.ts'
import { notFound } from '../errors.ts'
import { toMonitor } from './monitor-view.ts'

// `GET /api/monitors`: the one list of the user's monitors. Paged (with `page` or `limit`) it reads a page's rows and
// their figures, tags and last checks in a fixed number of queries; without, it answers every monitor as the type
// pages have read it (without the heartbeat bars).

const DEFAULT_LIMIT = 50
const NO_BEATS = Buffer.from('[]')

const uptimeOf = (r: Rollup | undefined) => (r ? roundUptime(uptimePercent(r)) : null)
const averageOf = (r: Rollup | undefined) => (r ? averageMs(r) : null)

/** Figures ascending with the monitors without one last, whichever the way. */
const byFigure = (figure: (id: string) => number | null, desc: boolean) => (a: string, b: string) => {
  const [x, y] = [figure(a), figure(b)]
  if (x === null || y === null) return x === y ? a.localeCompare(b) : x === null ? 1 : -1
  return (desc ? y - x : x - y) || a.localeCompare(b)
}

export const monitorPage = async (
  { repos, database }: { repos: Repos; database: Database },
  userId: string,
  query: MonitorPageQuery,
  now: number,
) => {
  if (query.tag !== undefined && !(await repos.tags.findOwned(userId, query.tag))) throw notFound('Tag')
  if (query.status_page_id !== undefined && !(await repos.statusPages.findOwned(userId, query.status_page_id)))
    throw notFound('Status page')
  const filter: MonitorListFilter = {
    userId,
    q: query.q,
    type: query.type,
    status: query.status,
    tagId: query.tag,
    pageId: query.status_page_id,
  }
  const paged = query.page !== undefined || query.limit !== undefined
  const limit = paged ? (query.limit ?? DEFAULT_LIMIT) : Number.MAX_SAFE_INTEGER
  const page = query.page ?? 1
  const offset = paged ? (page - 1) * limit : 0
  const sort = sortOf(query.sort)
  const dayFrom = figureWindow(now, 'hour').from

  let rows: ListRow[]
  let counted: ListCounts | undefined
  if (sort.by === 'uptime' || sort.by === 'response') {
    // Sorted by a figure of the last day: every matching monitor's figure is read (linear in their number).
    const [ids, day] = await Promise.all([
      repos.monitorList.ids(filter),
      repos.rollups.sumsByMonitor(database.dialect, userId, 'hour', dayFrom, query.type),
    ])
    const figures = new Map(ids.map((id) => [id, (sort.by === 'uptime' ? uptimeOf : averageOf)(day.get(id))]))
    const figure = (id: string) => figures.get(id) ?? null
    rows = await repos.monitorList.byIds(
      [...ids].sort(byFigure(figure, sort.desc)).slice(offset, offset + limit),
      paged,
    )
  } else {
    // Unpaged and unsorted, the monitors come in the order they were added, as the type pages have listed them.
    const order = { by: !paged && query.sort === undefined ? 'created' : sort.by, desc: sort.desc } as const
    if (filter.q || filter.pageId) {
      // A search (or a status page's monitors): one read of what it lets through gives the counts and the page.
      const hits = await repos.monitorList.hits(filter, order)
      counted = countHits(filter, hits)
      const passing = hits.filter((h) => passesFilters(filter, h))
      rows = await repos.monitorList.byIds(
        passing.slice(offset, offset + limit).map((h) => h.monitor_id),
        paged,
      )
    } else if (filter.tagId !== undefined && paged) {
      // The counts first: they tell how the tag filter reads the page at least cost.
      counted = await repos.monitorList.counts(filter)
      const tagBy = tagFilterBy(counted, offset, limit)
      rows = await repos.monitorList.page({ ...filter, tagBy }, order, offset, limit, paged)
    } else rows = await repos.monitorList.page(filter, order, offset, limit, paged)
  }

  const ids = rows.map((r) => r.record.monitor_id)
  const [counts, pageCounts, { day, month }, userTags] = await Promise.all([
    counted ?? repos.monitorList.counts(filter),
    repos.monitorList.statusPageCounts(filter),
    repos.rollups.figuresOf(ids, now),
    rows.some((r) => r.tagIds.length > 0) ? repos.tags.shownOf(userId) : [],
  ])
  // A row's tags in the order of the user's tags (by name).
  const tagRank = new Map(userTags.map((t, k) => [t.id, k]))
  const tagsOf = (tagIds: readonly string[]) =>
    tagIds
      .flatMap((id) => tagRank.get(id) ?? [])
      .sort((a, b) => a - b)
      .map((k) => {
        const t = userTags[k] as (typeof userTags)[number]
        return { id: t.id, name: t.name, color: t.color as TagColor }
      })
  const monitors = rows.map(({ record, tagIds, beats }) => ({
    ...toMonitor(record, {
      uptime_24h: uptimeOf(day.get(record.monitor_id)),
      uptime_30d: uptimeOf(month.get(record.monitor_id)),
      avg_response_ms_24h: averageOf(day.get(record.monitor_id)),
    }),
    tags: tagsOf(tagIds),
    ...(paged ? { heartbeats: new StoredJson(beats ?? NO_BEATS) } : {}),
  }))
  const byStatus = Object.fromEntries(MONITOR_STATUSES.map((s) => [s, counts.byStatus[s] ?? 0])) as Record<
    MonitorStatus,
    number
  >
  return {
    monitors,
    /** By state, the state filter aside: what the state filter's choices show. */
    counts: { total: Object.values(byStatus).reduce((a, b) => a + b, 0), ...byStatus },
    pagination: {
      total: counts.total,
      page,
      limit: paged ? limit : counts.total,
      total_pages: paged ? Math.ceil(counts.total / limit) : 1,
    },
    /** By type (the type filter aside), by tag (the tag filter aside), by status page (that filter aside). */
    facets: { types: counts.byType, tags: counts.byTag, status_pages: pageCounts },
  }
}

/**
 * A row's heartbeats as `monitor_beats` holds them (the JSON of Heartbeat[], oldest first), as bytes: `pageJson`
 * copies them into the answer as they are, never decoded into a string, parsed, written or encoded again (a page's
 * 1,500 beats are four fifths of its bytes; kept as text they cost a millisecond a page). Anything else that writes
 * it as JSON gets the parsed value.
 */
export class StoredJson {
  constructor(readonly bytes: Buffer) {}
  toJSON(): unknown {
    return JSON.parse(this.bytes.toString())
  }
}

/** `{ data: page }` as the bytes of its JSON, the rows' heartbeats copied in as they are stored. */
export const pageJson = (page: Awaited<ReturnType<typeof monitorPage>>): Uint8Array<ArrayBuffer> => {
  const { monitors, ...rest } = page
  const parts: Buffer[] = []
  // The text since the last stored bytes.
  let text = '{"data":{"monitors":['
  monitors.forEach((monitor, k) => {
    const { heartbeats, ...row } = monitor
    if (k > 0) text += ','
    if (!(heartbeats instanceof StoredJson)) {
      text += JSON.stringify(monitor)
      return
    }
    // A row is never an empty object: its text ends with the closing brace the heartbeats go before.
    text += `${JSON.stringify(row).slice(0, -1)},"heartbeats":`
    parts.push(Buffer.from(text), heartbeats.bytes)
    text = '}'
  })
  parts.push(Buffer.from(`${text}],${JSON.stringify(rest).slice(1)}}`))
  return Buffer.concat(parts) as Uint8Array<ArrayBuffer>
}
