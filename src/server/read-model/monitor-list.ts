import type { MonitorStatus } from '@vigil/domain/monitor.schema'
import { type MonitorPageQuery, sortOf } from '@vigil/domain/monitor-list'
import type { MonitorCounts, MonitorPage as MonitorPageAnswer } from '@vigil/domain/monitor-list-view'
import { MONITOR_STATUSES } from '@vigil/domain/monitor-status'
import { paginationOf } from '@vigil/domain/pagination.schema'
import type { TagColor } from '@vigil/domain/tags'
import { averageOf, figureWindow, uptimeOf } from '@vigil/domain/uptime'
import type { Database } from '../db/database.ts'
import type { Repos } from '../db/repos/index.ts'
import {
  countHits,
  type ListCounts,
  type MonitorListFilter,
  passesFilters,
  tagFilterBy,
} from '../db/repos/monitor-list.repo.ts'
import { notFound } from '../errors.ts'
import { type ListRows, type ShownRow, shownRow } from './list-rows.ts'

// `GET /api/monitors`: the one list of the user's monitors. Paged (with `page` or `limit`) it picks a page's ids, and
// gives their rows with their figures, tags and heartbeat bars from those the server keeps (list-rows.ts), in a fixed
// number of queries; without, it answers every monitor as the type pages have read it (without the heartbeat bars).
// The page's bytes are made by monitor-list-json.ts.

const DEFAULT_LIMIT = 50

type MonitorPageFacets = MonitorPageAnswer['facets']

/** Figures ascending with the monitors without one last, whichever the way. */
const byFigure = (figure: (id: string) => number | null, desc: boolean) => (a: string, b: string) => {
  const [x, y] = [figure(a), figure(b)]
  if (x === null || y === null) return x === y ? a.localeCompare(b) : x === null ? 1 : -1
  return (desc ? y - x : x - y) || a.localeCompare(b)
}

export const monitorPage = async (
  { repos, database, rows: kept }: { repos: Repos; database: Database; rows: ListRows },
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

  let ids: string[]
  let counted: ListCounts | undefined
  if (sort.by === 'uptime' || sort.by === 'response') {
    // Sorted by a figure of the last day: every matching monitor's figure is read (linear in their number).
    const [matching, day] = await Promise.all([
      repos.monitorList.ids(filter),
      repos.rollups.sumsByMonitor(database.dialect, userId, 'hour', dayFrom, query.type),
    ])
    const figures = new Map(matching.map((id) => [id, (sort.by === 'uptime' ? uptimeOf : averageOf)(day.get(id))]))
    const figure = (id: string) => figures.get(id) ?? null
    ids = [...matching].sort(byFigure(figure, sort.desc)).slice(offset, offset + limit)
  } else {
    // Unpaged and unsorted, the monitors come in the order they were added, as the type pages have listed them.
    const order = { by: !paged && query.sort === undefined ? 'created' : sort.by, desc: sort.desc } as const
    if (filter.q || filter.pageId) {
      // A search (or a status page's monitors): one read of what it lets through gives the counts and the page.
      const hits = await repos.monitorList.hits(filter, order)
      counted = countHits(filter, hits)
      ids = hits
        .filter((h) => passesFilters(filter, h))
        .slice(offset, offset + limit)
        .map((h) => h.monitor_id)
    } else if (filter.tagId !== undefined && paged) {
      // The counts first: they tell how the tag filter reads the page at least cost.
      counted = await repos.monitorList.counts(filter)
      const tagBy = tagFilterBy(counted, offset, limit)
      ids = await repos.monitorList.page({ ...filter, tagBy }, order, offset, limit)
    } else ids = await repos.monitorList.page(filter, order, offset, limit)
  }

  // The user's tags beside the rows (a few, by one statement compiled once), not after them: one wait fewer.
  const [rows, counts, pageCounts, userTags] = await Promise.all([
    paged ? kept.of(repos, ids, now) : everyRow(repos, ids, now),
    counted ?? repos.monitorList.counts(filter),
    repos.monitorList.statusPageCounts(filter),
    repos.tags.shownOf(userId),
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
  const monitors = rows.map((row) => ({ row, tags: tagsOf(row.tagIds) }))
  const byStatus = Object.fromEntries(MONITOR_STATUSES.map((s) => [s, counts.byStatus[s] ?? 0])) as Record<
    MonitorStatus,
    number
  >
  return {
    monitors,
    /** Whether the rows are those the server keeps (a page), which are sent deflated as they were kept. */
    rowsKept: paged,
    /** By state, the state filter aside: what the state filter's choices show. */
    counts: { total: Object.values(byStatus).reduce((a, b) => a + b, 0), ...byStatus } satisfies MonitorCounts,
    // Unpaged, the list is one page of every monitor.
    pagination: paginationOf(counts.total, page, paged ? limit : counts.total),
    /** By type (the type filter aside), by tag (the tag filter aside), by status page (that filter aside). */
    facets: { types: counts.byType, tags: counts.byTag, status_pages: pageCounts } satisfies MonitorPageFacets,
  }
}

export type MonitorPage = Awaited<ReturnType<typeof monitorPage>>

/** Every monitor of an unpaged list, without heartbeats: read as they are, not kept. */
const everyRow = async (repos: Repos, ids: readonly string[], now: number): Promise<ShownRow[]> => {
  const figures = await repos.rollups.figuresOf(ids, now)
  return (await repos.monitorList.byIds(ids, false)).map((row) => shownRow(row, figures, false))
}
