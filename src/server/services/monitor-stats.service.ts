import type { Incident, MonitorStats, ResultPage, StatsPoint } from '@vigil/domain/check-result'
import type { ResultsQuery } from '@vigil/domain/monitor-queries.schema'
import { paginationOf } from '@vigil/domain/pagination.schema'
import { checkSeriesOf, drawsEachCheck, MAX_CHECK_POINTS } from '@vigil/domain/response-chart'
import { clipSpans, type Span } from '@vigil/domain/time-spans'
import {
  averageMs,
  averageOf,
  bucketStart,
  histogramPercentile,
  mergeRollups,
  PERIOD_MS,
  type Rollup,
  roundUptime,
  STATS_WINDOWS,
  type StatsWindow,
  uptimeOf,
  uptimePercent,
  windowStart,
} from '@vigil/domain/uptime'
import type { IncidentListRow, IncidentRow } from '../db/repos/incidents.repo.ts'
import type { Repos } from '../db/repos/index.ts'
import type { MonitorRecord } from '../db/repos/monitors.repo.ts'
import { type MonitorFigures, toCheckResult, toMonitor } from '../read-model/monitor-view.ts'
import type { Deps } from './deps.ts'
import { toTagRefs } from './tags.service.ts'

const iso = (ms: number) => new Date(ms).toISOString()
const DAY = PERIOD_MS.day

export const toIncident = (row: IncidentListRow): Incident => ({
  id: row.incident_id,
  monitor_id: row.monitor_id,
  monitor_name: row.monitor_name,
  monitor_type: row.monitor_type,
  started_at: iso(row.started_at),
  resolved_at: row.resolved_at === null ? null : iso(row.resolved_at),
  cause: row.cause,
  duration_ms: row.resolved_at === null ? null : row.resolved_at - row.started_at,
})

const figures = (r: Rollup | undefined) => ({
  uptime: uptimeOf(r),
  avg: averageOf(r),
})

const monitorFigures = (day: Rollup | undefined, month: Rollup | undefined): MonitorFigures => ({
  uptime_24h: figures(day).uptime,
  uptime_30d: figures(month).uptime,
  avg_response_ms_24h: figures(day).avg,
})

/** One monitor with the same figures as the list. */
export const monitorWithFigures = async (repos: Repos, row: MonitorRecord, now: number) => {
  const [day, month, tags] = await Promise.all([
    repos.rollups.sum(row.monitor_id, 'hour', bucketStart(now, 'hour') - 23 * PERIOD_MS.hour),
    repos.rollups.sum(row.monitor_id, 'day', bucketStart(now, 'day') - 29 * DAY),
    repos.tags.ofMonitors([row.monitor_id]),
  ])
  // Its tags too, so that its form (opened from its own page) shows and keeps them.
  return { ...toMonitor(row, monitorFigures(day, month)), tags: toTagRefs(tags.get(row.monitor_id) ?? []) }
}

const overlapsDay = (incident: IncidentRow, dayStart: number, now: number) =>
  incident.started_at < dayStart + DAY && (incident.resolved_at ?? now) >= dayStart

/** Uptime, response times, incidents and the chart series of one monitor over a window. */
export const monitorStats = async (
  repos: Repos,
  row: MonitorRecord,
  window: StatsWindow,
  now: number,
): Promise<MonitorStats> => {
  const { period, stepMs } = STATS_WINDOWS[window]
  const from = windowStart(now, window)
  const dayCount = window === '90d' ? 90 : 30
  const daysFrom = bucketStart(now, 'day') - (dayCount - 1) * DAY
  const [buckets, dayBuckets, incidents, maintenance] = await Promise.all([
    repos.rollups.series(row.monitor_id, period, from, stepMs),
    repos.rollups.series(row.monitor_id, 'day', daysFrom, DAY),
    repos.incidents.overlapping([row.monitor_id], Math.min(from, daysFrom), now),
    repos.maintenance.spansOf([row.monitor_id], from, now),
  ])

  const byStep = new Map(buckets.map((b) => [b.t, b.rollup]))
  const series: StatsPoint[] = []
  // Every step of the window, so time without data shows as a gap, not as a line drawn across it.
  for (let t = from; t <= now; t += stepMs) {
    const r = byStep.get(t)
    series.push({
      t: iso(t),
      uptime: uptimeOf(r),
      avg_response_ms: averageOf(r),
      p95_response_ms: r ? histogramPercentile(r.hist, r.rt_max, 95) : null,
      checks: r?.checks ?? 0,
      failures: r?.failures ?? 0,
    })
  }

  const total = mergeRollups(buckets.map((b) => b.rollup))
  // Few enough checks to draw each: the results of the window, when all of them are still kept.
  const checksSeries = drawsEachCheck(total.checks)
    ? checkSeriesOf(await repos.checkResults.pointsFrom(row.monitor_id, from, MAX_CHECK_POINTS + 1), total.checks)
    : null
  const byDay = new Map(dayBuckets.map((b) => [b.t, b.rollup]))
  const days = Array.from({ length: dayCount }, (_, i) => {
    const start = daysFrom + i * DAY
    const r = byDay.get(start)
    return {
      date: iso(start).slice(0, 10),
      uptime: uptimeOf(r),
      incidents: incidents.filter((incident) => overlapsDay(incident, start, now)).length,
    }
  })

  return {
    window,
    from: iso(from),
    to: iso(now),
    uptime: roundUptime(uptimePercent(total)),
    avg_response_ms: averageMs(total),
    p50_response_ms: histogramPercentile(total.hist, total.rt_max, 50),
    p95_response_ms: histogramPercentile(total.hist, total.rt_max, 95),
    p99_response_ms: histogramPercentile(total.hist, total.rt_max, 99),
    incident_count: incidents.filter((i) => i.started_at <= now && (i.resolved_at ?? now) >= from).length,
    downtime_ms: total.down_ms,
    checks: total.checks,
    series,
    checks_series: checksSeries,
    outages: isoSpans(
      incidents.map((i) => ({ from: i.started_at, to: i.resolved_at ?? now })),
      from,
      now,
    ),
    maintenance: isoSpans(maintenance.get(row.monitor_id) ?? [], from, now),
    days,
  }
}

/** Spans cut to the window and merged, as the answer writes them. */
const isoSpans = (spans: readonly Span[], from: number, to: number) =>
  clipSpans(spans, from, to).map((s) => ({ from: iso(s.from), to: iso(s.to) }))

/** One monitor's page as the routes ask for it (the monitor found the user's first): figures, stats, results. */
export const monitorStatsService = ({ repos, clock }: Pick<Deps, 'repos' | 'clock'>) => ({
  withFigures: (row: MonitorRecord) => monitorWithFigures(repos, row, clock.now()),
  stats: (row: MonitorRecord, window: StatsWindow) => monitorStats(repos, row, window, clock.now()),
  /** A page of its check results in [from, to], newest first. */
  async results(row: MonitorRecord, { page, limit, from, to }: ResultsQuery): Promise<ResultPage> {
    const range = { from: from ?? 0, to: to ?? Number.MAX_SAFE_INTEGER }
    const { rows, total } = await repos.checkResults.page(row.monitor_id, range, page, limit)
    return { results: rows.map(toCheckResult), pagination: paginationOf(total, page, limit) }
  },
})
