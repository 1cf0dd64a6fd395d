import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'
import { MONITOR_PAGES } from '@vigil/domain/monitor-pages'
import { type ReportIncident, reportNumbers, reportTotals, timeInside } from '@vigil/domain/report'
import { coverRange } from '@vigil/domain/report-cover'
import { type EdgeCheck, edgeTime } from '@vigil/domain/report-edges'
import { localDay, zoneMidnight } from '@vigil/domain/report-period'
import { selectionTitle } from '@vigil/domain/report-schedule'
import type { Report, ReportDay, ReportMonitor, ReportSelection } from '@vigil/domain/report-view'
import {
  averageMs,
  histogramPercentile,
  maxGapMs,
  mergeRollups,
  PERIOD_MS,
  ROLLUP_RETENTION_MS,
  type Rollup,
  roundUptime,
  uptimePercent,
} from '@vigil/domain/uptime'
import type { Repos } from '../db/repos/index.ts'
import type { MonitorRecord } from '../db/repos/monitor-record.ts'
import { notFound } from '../errors.ts'
import type { Deps } from './deps.ts'

dayjs.extend(utc)

// A report of the user's monitors over a period: the rollups that cover it (report-cover.ts), the time at its edges
// (report-edges.ts), their incidents and maintenance, handed to the domain's report arithmetic. A fixed number of
// queries whatever the number of monitors or days: per rollup size, one sum per monitor and one per bucket (the
// chart); the checks around each edge; the incidents; the maintenance.

const iso = (ms: number) => new Date(ms).toISOString()

type Found = { checked_at: number; status: EdgeCheck['status']; in_maintenance: number | null } | null
const edgeCheck = (r: Found): EdgeCheck | null =>
  r ? { at: r.checked_at, status: r.status, maintenance: r.in_maintenance === 1 } : null
const edgeChecks = (around: { before: Found; after: Found } | undefined) => ({
  before: edgeCheck(around?.before ?? null),
  after: edgeCheck(around?.after ?? null),
})

export interface ReportRequest {
  selection: ReportSelection
  from: number
  to: number
  tz: string
}

/** The user's monitors the selection names; another user's ids, or a page that is not theirs, are not found. */
const monitorsOf = async (repos: Repos, userId: string, selection: ReportSelection, missing: 'fail' | 'skip') => {
  const owned = await repos.monitors.listOwned(userId, selection.kind === 'type' ? selection.type : undefined)
  switch (selection.kind) {
    case 'all':
    case 'type':
      return { monitors: owned, title: selectionTitle(selection, { typeLabel: (t) => MONITOR_PAGES[t].label }) }
    case 'monitors': {
      const byId = new Map(owned.map((m) => [m.monitor_id, m]))
      const chosen = selection.monitor_ids.map((id) => byId.get(id))
      if (missing === 'fail' && chosen.some((m) => m === undefined)) throw notFound('Monitor')
      const found = chosen.filter((m) => m !== undefined)
      return {
        monitors: found,
        title: selectionTitle({ ...selection, monitor_ids: found.map((m) => m.monitor_id) }, {}),
      }
    }
    case 'status_page': {
      const page = await repos.statusPages.findOwned(userId, selection.status_page_id)
      if (!page) throw notFound('Status page')
      const ids = new Set((await repos.statusPages.componentsOf([page.page_id])).map((c) => c.monitor_id))
      return {
        monitors: owned.filter((m) => ids.has(m.monitor_id)),
        title: selectionTitle(selection, { statusPageName: page.name }),
      }
    }
  }
}

/** The report's days in its zone, each with the buckets whose middle falls in it (exact for buckets inside a day). */
const daysOf = (from: number, to: number, zone: string, buckets: { t: number; len: number; rollup: Rollup }[]) => {
  const starts: number[] = []
  const dates: string[] = []
  for (let d = dayjs.utc(localDay(from, zone)); zoneMidnight(d, zone) < to; d = d.add(1, 'day')) {
    starts.push(zoneMidnight(d, zone))
    dates.push(d.format('YYYY-MM-DD'))
  }
  const perDay: Rollup[][] = starts.map(() => [])
  let i = 0
  for (const b of [...buckets].sort((x, y) => x.t - y.t)) {
    const middle = b.t + b.len / 2
    while (i + 1 < starts.length && (starts[i + 1] as number) <= middle) i++
    perDay[i]?.push(b.rollup)
  }
  return starts.map((_, n): ReportDay => {
    const r = mergeRollups(perDay[n] ?? [])
    return {
      date: dates[n] as string,
      uptime: roundUptime(uptimePercent(r)),
      downtime_ms: r.down_ms,
      avg_response_ms: averageMs(r),
      p95_response_ms: histogramPercentile(r.hist, r.rt_max, 95),
      checks: r.checks,
      failures: r.failures,
    }
  })
}

/** Each monitor's time at the period's edges (report-edges.ts), from its checks around them. */
const edgesOf = async (
  repos: Repos,
  monitors: readonly MonitorRecord[],
  { from, to, now }: { from: number; to: number; now: number },
) => {
  const ids = monitors.map((m) => m.monitor_id)
  const [atStart, atEnd] = await Promise.all([repos.checkResults.around(ids, from), repos.checkResults.around(ids, to)])
  return new Map(
    monitors.map((m) => [
      m.monitor_id,
      edgeTime({
        from,
        to,
        now,
        maxGapMs: maxGapMs(m),
        paused: m.paused === 1,
        start: edgeChecks(atStart.get(m.monitor_id)),
        end: edgeChecks(atEnd.get(m.monitor_id)),
      }),
    ]),
  )
}

export const buildReport = async (
  { repos, now }: { repos: Repos; now: number },
  userId: string,
  request: ReportRequest,
  /** A chosen monitor that is not the user's (or no longer exists): not found, or left out (a schedule's). */
  { missing = 'fail' }: { missing?: 'fail' | 'skip' } = {},
): Promise<Report> => {
  const { monitors, title } = await monitorsOf(repos, userId, request.selection, missing)
  const keptFrom = {
    minute: now - ROLLUP_RETENTION_MS.minute,
    hour: now - ROLLUP_RETENTION_MS.hour,
    day: now - ROLLUP_RETENTION_MS.day,
  }
  const cover = coverRange({ from: request.from, to: request.to, now, keptFrom })
  const ids = monitors.map((m) => m.monitor_id)
  // A period that runs to now has in its rollups every check made so far, one made at this very millisecond too.
  const end = request.to >= now ? now + 1 : cover.to
  const [sums, incidents, maintenance, edges] = await Promise.all([
    Promise.all(cover.pieces.map((p) => repos.rollups.reportSums(ids, p.period, p.from, p.to))),
    repos.incidents.overlapping(ids, cover.from, cover.to),
    repos.maintenance.spansOf(ids, cover.from, cover.to),
    edgesOf(repos, monitors, { from: cover.from, to: end, now }),
  ])

  const incidentsOf = new Map<string, ReportIncident[]>()
  for (const i of incidents)
    incidentsOf.set(i.monitor_id, [...(incidentsOf.get(i.monitor_id) ?? []), i as ReportIncident])
  const inputs = monitors.map((m) => ({
    from: cover.from,
    to: cover.to,
    rollups: [
      ...sums.flatMap((s) => s.byMonitor.get(m.monitor_id) ?? []),
      ...(edges.get(m.monitor_id) ?? []).map((e) => e.rollup),
    ],
    incidents: incidentsOf.get(m.monitor_id) ?? [],
    maintenance_ms: timeInside(maintenance.get(m.monitor_id) ?? [], cover.from, cover.to),
    sla_target: m.sla_target,
  }))
  const rows = monitors
    .map(
      (m, n): ReportMonitor => ({
        id: m.monitor_id,
        name: m.name,
        type: m.type,
        path: MONITOR_PAGES[m.type].detail(m.monitor_id),
        ...reportNumbers(inputs[n] as (typeof inputs)[number]),
      }),
    )
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
  const buckets = [
    ...cover.pieces.flatMap((p, n) => (sums[n]?.byBucket ?? []).map((b) => ({ ...b, len: PERIOD_MS[p.period] }))),
    // The edges' time in the day it falls in.
    ...[...edges.values()].flat().map((e) => ({ t: e.at, len: 0, rollup: e.rollup })),
  ]
  return {
    title,
    selection: request.selection,
    time_zone: request.tz,
    from: iso(request.from),
    to: iso(request.to),
    covered_from: iso(cover.from),
    covered_to: iso(cover.to),
    generated_at: iso(now),
    monitors: rows,
    totals: reportTotals(inputs),
    days: daysOf(cover.from, cover.to, request.tz, buckets),
  }
}

/** A report the user asked for (GET or POST /api/reports), as of `now`: the time its period was resolved at. */
export const reportsService = ({ repos }: Pick<Deps, 'repos'>) => ({
  build: (userId: string, request: ReportRequest, now: number) => buildReport({ repos, now }, userId, request),
})
