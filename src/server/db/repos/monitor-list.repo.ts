import { type Kysely, PostgresAdapter, sql } from 'kysely'
import type { MonitorStatus, MonitorType } from '../../../domain/monitor.schema.ts'
import { type MonitorSort, STATUS_ORDER } from '../../../domain/monitor-list.ts'
import type { DB } from '../schema.ts'
import { fromRow } from './monitor-record.ts'

// The one list of a user's monitors: filtered, sorted and paged in the database, with the counts of its filters, and
// each row's last checks for its heartbeat bar. A page reads its rows by the indexes of the user's monitors.

/** One of a monitor's last results, for its heartbeat bar. */
interface Beat {
  checked_at: number
  ok: number
  status: string
  response_ms: number | null
  message: string
}
/** A result as the database gathers it: checked_at, ok, status, response_ms, message. */
type BeatTuple = [number | string, number, string, number | string | null, string]

export interface MonitorListFilter {
  userId: string
  /** Part of the name or target, any case. */
  q?: string
  type?: MonitorType
  status?: MonitorStatus
  tagId?: string
  pageId?: string
}

/** LIKE's wildcards in what the user typed are matched as themselves. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const statusRank = sql<number>`case status ${sql.join(
  Object.entries(STATUS_ORDER).map(([status, rank]) => sql`when ${status} then ${rank}`),
  sql` `,
)} else 9 end`

export const monitorListRepo = (db: Kysely<DB>) => {
  /** The user's monitors that pass the filter, all but those named in `except` (for those filters' counts). */
  const matching = (f: MonitorListFilter, except: readonly ('status' | 'type' | 'tag')[] = []) =>
    db
      .selectFrom('monitors')
      .where('user_id', '=', f.userId)
      .$if(f.q !== undefined && f.q !== '', (q) =>
        q.where((eb) =>
          eb.or([
            sql<boolean>`lower(name) like ${likePattern(f.q as string)} escape '\\'`,
            sql<boolean>`lower(target) like ${likePattern(f.q as string)} escape '\\'`,
          ]),
        ),
      )
      .$if(f.type !== undefined && !except.includes('type'), (q) => q.where('type', '=', f.type as string))
      .$if(f.status !== undefined && !except.includes('status'), (q) => q.where('status', '=', f.status as string))
      .$if(f.tagId !== undefined && !except.includes('tag'), (q) =>
        q.where('monitor_id', 'in', (eb) =>
          eb
            .selectFrom('monitor_tags')
            .select('monitor_id')
            .where('tag_id', '=', f.tagId as string),
        ),
      )
      .$if(f.pageId !== undefined, (q) =>
        q.where('monitor_id', 'in', (eb) =>
          eb
            .selectFrom('status_page_components')
            .select('monitor_id')
            .where('page_id', '=', f.pageId as string),
        ),
      )

  return {
    /** One page of the matching monitors in an order the database can give (not by uptime or response time). */
    page: async (
      f: MonitorListFilter,
      /** `created`: the order they were added in, which the type pages show. */
      sort: { by: Exclude<MonitorSort, 'uptime' | 'response'> | 'created'; desc: boolean },
      offset: number,
      limit: number,
    ) => {
      const way = sort.desc ? 'desc' : 'asc'
      let q = matching(f).selectAll()
      if (sort.by === 'created') q = q.orderBy('created_at', way).orderBy('monitor_id', way)
      if (sort.by === 'status') q = q.orderBy(statusRank, way)
      if (sort.by === 'last_check')
        q = q.orderBy(sql`case when last_checked_at is null then 1 else 0 end`).orderBy('last_checked_at', way)
      // By name, the index on (user_id, lower(name), monitor_id) gives the page without sorting every monitor.
      const byName = sort.by === 'name' ? way : 'asc'
      q = q.orderBy(sql`lower(name)`, byName).orderBy('monitor_id', byName)
      return (await q.limit(limit).offset(offset).execute()).map(fromRow)
    },

    /** The ids of every matching monitor (for the sorts the database cannot give). */
    ids: async (f: MonitorListFilter) => (await matching(f).select('monitor_id').execute()).map((r) => r.monitor_id),

    /** Some monitors by id (a page picked after a sort by figures), in the order given. */
    byIds: async (ids: readonly string[]) => {
      if (ids.length === 0) return []
      const rows = await db.selectFrom('monitors').selectAll().where('monitor_id', 'in', ids).execute()
      const byId = new Map(rows.map((r) => [r.monitor_id, fromRow(r)]))
      return ids.flatMap((id) => byId.get(id) ?? [])
    },

    /**
     * How many match, by state (the state filter aside), by type (the type filter aside) and by tag (the tag filter
     * aside). The total and both facets come from one count by state and type with both of those filters aside (the
     * index on user_id, status, type covers it); the tags' from the tags' index when no other filter is set.
     */
    counts: async (f: MonitorListFilter) => {
      const onlyTheUser = (f.q === undefined || f.q === '') && !f.type && !f.status && !f.pageId
      const [grid, byTag] = await Promise.all([
        matching(f, ['status', 'type'])
          .select(['status', 'type', (e) => e.fn.countAll<number>().as('n')])
          .groupBy(['status', 'type'])
          .execute(),
        onlyTheUser
          ? // A tag is given only to its owner's monitors: the user's tags' rows are their monitors' tags.
            db
              .selectFrom('monitor_tags')
              .select(['tag_id', (e) => e.fn.countAll<number>().as('n')])
              .where('tag_id', 'in', db.selectFrom('tags').select('tag_id').where('user_id', '=', f.userId))
              .groupBy('tag_id')
              .execute()
          : db
              .selectFrom('monitor_tags')
              .select(['tag_id', (e) => e.fn.countAll<number>().as('n')])
              .where('monitor_id', 'in', matching(f, ['tag']).select('monitor_id'))
              .groupBy('tag_id')
              .execute(),
      ])
      let total = 0
      const byStatus: Record<string, number> = {}
      const byType: Record<string, number> = {}
      for (const { status, type, n } of grid) {
        const [statusOk, typeOk] = [
          f.status === undefined || status === f.status,
          f.type === undefined || type === f.type,
        ]
        if (statusOk && typeOk) total += Number(n)
        if (typeOk) byStatus[status] = (byStatus[status] ?? 0) + Number(n)
        if (statusOk) byType[type] = (byType[type] ?? 0) + Number(n)
      }
      return {
        total,
        byStatus,
        byType,
        byTag: Object.fromEntries(byTag.map((r) => [r.tag_id, Number(r.n)])) as Record<string, number>,
      }
    },

    /**
     * The last `n` results of each monitor, newest first: one indexed read of `n` rows per monitor, each monitor's
     * gathered by the database into one JSON array (the 1,500 rows of a page read as row objects cost about three
     * times as much: bench/monitor-page.bench.ts).
     */
    lastResults: async (monitorIds: readonly string[], n: number) => {
      const out = new Map<string, Beat[]>()
      if (monitorIds.length === 0) return out
      const last = sql`select checked_at, ok, status, response_ms, message from check_results where monitor_id = m.id order by checked_at desc limit ${n}`
      const beats =
        db.getExecutor().adapter instanceof PostgresAdapter
          ? sql`(select json_agg(json_build_array(checked_at, ok, status, response_ms, message) order by checked_at desc) from (${last}) as r)`
          : sql`(select json_group_array(json_array(checked_at, ok, status, response_ms, message)) from (${last}) as r)`
      const { rows } = await sql<{ id: string; beats: string | BeatTuple[] | null }>`with m(id) as (values ${sql.join(
        monitorIds.map((id) => sql`(${id})`),
      )}) select id, ${beats} as beats from m`.execute(db)
      for (const r of rows) {
        // PostgreSQL's driver parses JSON; SQLite answers its text.
        const list = (typeof r.beats === 'string' ? JSON.parse(r.beats) : (r.beats ?? [])) as BeatTuple[]
        if (list.length === 0) continue
        out.set(
          r.id,
          list
            .map(([checked_at, ok, status, response_ms, message]) => ({
              checked_at: Number(checked_at),
              ok: Number(ok),
              status,
              response_ms: response_ms === null ? null : Number(response_ms),
              message,
            }))
            .sort((a, b) => b.checked_at - a.checked_at),
        )
      }
      return out
    },
  }
}
