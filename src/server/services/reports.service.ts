import { MONITOR_PAGES } from '@vigil/domain/monitor-pages'
import {
  type ReportIncident,
  type ReportInput,
  type ReportSlotNumbers,
  reportDownSpans,
  reportNumbers,
  reportTotals,
  type Span,
  slotNumbers,
} from '@vigil/domain/report'
import { chartStep, hourStarts } from '@vigil/domain/report-chart'
import { coverRange } from '@vigil/domain/report-cover'
import { type EdgeCheck, edgeTime } from '@vigil/domain/report-edges'
import { localDay, zoneMidnight } from '@vigil/domain/report-period'
import { selectionTitle } from '@vigil/domain/report-schedule'
import type { Report, ReportDay, ReportHour, ReportMonitor, ReportSelection } from '@vigil/domain/report-view'
import { maxGapMs, mergeRollups, PERIOD_MS, ROLLUP_RETENTION_MS, type Rollup } from '@vigil/domain/uptime'
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'
import type { Repos } from '../db/repos/index.ts'
import type { MonitorRecord } from '../db/repos/monitor-record.ts'
import { notFound } from '../errors.ts'
import type { Deps } from './deps.ts'

dayjs.extend(utc)

// A report of the user's monitors over a period: the rollups that cover it (report-cover.ts), the time at its edges
// (report-edges.ts), their incidents and maintenance, handed to the domain's report arithmetic. A fixed number of
// queries whatever the number of monitors or days: per rollup size, one sum per monitor and one per bucket (the
// chart); the checks around each edge; the incidents; the maintenance. A period of up to two days is read in hours
// (and minutes at its edges), for its chart by the hour.

const iso = (ms: number) => new Date(ms).toISOString()

type Found = { checked_at: number; status: EdgeCheck['status']; ok: number; in_maintenance: number | null } | null
const edgeCheck = (r: Found): EdgeCheck | null =>
  r ? { at: r.checked_at, status: r.status, ok: r.ok === 1, maintenance: r.in_maintenance === 1 } : null
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

type Bucket = { t: number; len: number; rollup: Rollup }

/**
 * The chart's steps (days in the zone, or hours) from their starts, each with the buckets whose middle falls in it
 * (exact for buckets inside a step) and the monitors' down time in it.
 */
const slotsOf = (starts: readonly number[], from: number, to: number, buckets: readonly Bucket[], down: Span[]) => {
  const perSlot: Rollup[][] = starts.map(() => [])
  let i = 0
  for (const b of [...buckets].sort((x, y) => x.t - y.t)) {
    const middle = b.t + b.len / 2
    while (i + 1 < starts.length && (starts[i + 1] as number) <= middle) i++
    perSlot[i]?.push(b.rollup)
  }
  return starts.map((start, n) =>
    slotNumbers(mergeRollups(perSlot[n] ?? []), down, {
      from: Math.max(start, from),
      to: Math.min(starts[n + 1] ?? to, to),
    }),
  )
}

/** The report's days in its zone: their dates and midnights. */
const daysOf = (from: number, to: number, zone: string) => {
  const days: { date: string; start: number }[] = []
  for (let d = dayjs.utc(localDay(from, zone)); zoneMidnight(d, zone) < to; d = d.add(1, 'day'))
    days.push({ date: d.format('YYYY-MM-DD'), start: zoneMidnight(d, zone) })
  return days
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
    monitors.map((m) => {
      const start = edgeChecks(atStart.get(m.monitor_id))
      const edges = edgeTime({
        from,
        to,
        now,
        maxGapMs: maxGapMs(m),
        paused: m.paused === 1,
        start,
        end: edgeChecks(atEnd.get(m.monitor_id)),
      })
      // It was there by its first check at the latest: a worker's clock may run a little behind the server's.
      const since = Math.min(m.created_at, start.before?.at ?? start.after?.at ?? Number.POSITIVE_INFINITY)
      return [m.monitor_id, { edges, since }]
    }),
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
  // By the hour, a period of a day or two whose hours are still kept: its rollups read in hours, not days.
  const step = chartStep(request.from, Math.min(request.to, now), request.from >= keptFrom.hour)
  const cover = coverRange({ from: request.from, to: request.to, now, keptFrom, largest: step })
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
  const inputs = monitors.map(
    (m): ReportInput => ({
      from: cover.from,
      to: cover.to,
      since: edges.get(m.monitor_id)?.since ?? m.created_at,
      rollups: [
        ...sums.flatMap((s) => s.byMonitor.get(m.monitor_id) ?? []),
        ...(edges.get(m.monitor_id)?.edges ?? []).map((e) => e.rollup),
      ],
      incidents: incidentsOf.get(m.monitor_id) ?? [],
      maintenance: maintenance.get(m.monitor_id) ?? [],
      sla_target: m.sla_target,
    }),
  )
  const rows = monitors
    .map(
      (m, n): ReportMonitor => ({
        id: m.monitor_id,
        name: m.name,
        type: m.type,
        path: MONITOR_PAGES[m.type].detail(m.monitor_id),
        judged_from: iso(Math.min(Math.max(cover.from, inputs[n]?.since ?? cover.from), cover.to)),
        ...reportNumbers(inputs[n] as ReportInput),
      }),
    )
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
  const buckets: Bucket[] = [
    ...cover.pieces.flatMap((p, n) => (sums[n]?.byBucket ?? []).map((b) => ({ ...b, len: PERIOD_MS[p.period] }))),
    // The edges' time in the step it falls in.
    ...[...edges.values()].flatMap((e) => e.edges).map((e) => ({ t: e.at, len: 0, rollup: e.rollup })),
  ]
  const down = inputs.flatMap(reportDownSpans)
  const days = daysOf(cover.from, cover.to, request.tz)
  const dayNumbers = slotsOf(
    days.map((d) => d.start),
    cover.from,
    cover.to,
    buckets,
    down,
  )
  const hours = step === 'hour' ? hourStarts(cover.from, cover.to) : []
  const hourNumbers = slotsOf(hours, cover.from, cover.to, buckets, down)
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
    days: days.map((d, n): ReportDay => ({ ...(dayNumbers[n] as ReportSlotNumbers), date: d.date })),
    hours: hours.map((start, n): ReportHour => ({ ...(hourNumbers[n] as ReportSlotNumbers), start: iso(start) })),
  }
}

/** A report the user asked for (GET or POST /api/reports), as of `now`: the time its period was resolved at. */
export const reportsService = ({ repos }: Pick<Deps, 'repos'>) => ({
  build: (userId: string, request: ReportRequest, now: number) => buildReport({ repos, now }, userId, request),
})
