import { INCIDENT_STATUSES, type IncidentStatus } from '@vigil/domain/status-page.schema'
import { componentState, maintenanceState, overallStatus } from '@vigil/domain/status-rules'
import type { PublicComponent, PublicIncident, PublicMaintenance, PublicStatus } from '@vigil/domain/status-view'
import {
  averageMs,
  bucketStart,
  mergeRollups,
  PERIOD_MS,
  roundUptime,
  uptimeOf,
  uptimePercent,
} from '@vigil/domain/uptime'
import type { Repos } from '../db/repos/index.ts'
import { renderMarkdown } from '../status/markdown.ts'

const DAY = PERIOD_MS.day
/** Days of history bars on a public page. */
export const PUBLIC_DAYS = 90
/** Resolved incidents stay on the page this long. */
const RECENT_INCIDENTS_MS = 14 * DAY

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
const isIncidentStatus = (s: string): s is IncidentStatus => (INCIDENT_STATUSES as readonly string[]).includes(s)

/**
 * A published page as visitors see it, or null for an unknown or unpublished one. A fixed number of queries,
 * whatever the number of components: the page, its components and their monitors, maintenance, incidents,
 * 90 days of daily rollups, and the last day's response times when shown.
 */
export const publicStatus = async (
  { repos }: { repos: Repos },
  slug: string,
  now: number,
): Promise<PublicStatus | null> => {
  const page = await repos.statusPages.findBySlug(slug)
  if (page?.published !== 1) return null
  const components = await repos.statusPages.componentsOf([page.page_id])
  const monitorIds = components.map((c) => c.monitor_id)
  const daysFrom = bucketStart(now, 'day') - (PUBLIC_DAYS - 1) * DAY

  const [monitors, windows, posted, dayRollups, engineIncidents, lastDay] = await Promise.all([
    repos.monitors.statusesOf(monitorIds),
    repos.maintenance.ofPage(page.page_id, now),
    repos.statusIncidents.ofPage(page.page_id, now - RECENT_INCIDENTS_MS),
    monitorIds.length === 0 ? Promise.resolve([]) : repos.rollups.dailyOf(monitorIds, daysFrom),
    repos.incidents.overlapping(monitorIds, daysFrom, now),
    page.show_response_times === 1 && monitorIds.length > 0
      ? repos.rollups.sumsOf(monitorIds, 'hour', bucketStart(now, 'hour') - 23 * PERIOD_MS.hour)
      : Promise.resolve(new Map()),
  ])

  const statusOf = new Map(monitors.map((m) => [m.monitor_id, m.status]))
  const nameOf = new Map(components.map((c) => [c.component_id, c.display_name]))
  const inProgress = windows.filter(({ window }) => maintenanceState(window, now) === 'in_progress')
  const underMaintenance = (componentId: string) =>
    inProgress.some(({ componentIds }) => componentIds.length === 0 || componentIds.includes(componentId))

  const rollupAt = new Map(dayRollups.map((r) => [`${r.monitor_id}|${r.bucket_start}`, r.rollup]))
  const publicComponents: PublicComponent[] = components.map((c) => {
    const days = Array.from({ length: PUBLIC_DAYS }, (_, i) => {
      const start = daysFrom + i * DAY
      const rollup = rollupAt.get(`${c.monitor_id}|${start}`)
      const overlaps = (from: number, to: number | null) => from < start + DAY && (to ?? now) >= start
      const incidents =
        engineIncidents.filter((inc) => inc.monitor_id === c.monitor_id && overlaps(inc.started_at, inc.resolved_at))
          .length +
        posted.filter(
          (p) => p.componentIds.includes(c.component_id) && overlaps(p.incident.started_at, p.incident.resolved_at),
        ).length
      const uptime = uptimeOf(rollup)
      return {
        date: new Date(start).toISOString().slice(0, 10),
        uptime,
        // Known time only: a day without any has no data, not "no downtime".
        down_ms: uptime === null || !rollup ? null : rollup.down_ms,
        incidents,
      }
    })
    const all = mergeRollups(dayRollups.filter((r) => r.monitor_id === c.monitor_id).map((r) => r.rollup))
    const last = lastDay.get(c.monitor_id)
    return {
      id: c.component_id,
      name: c.display_name,
      group: c.group_name,
      state: componentState(statusOf.get(c.monitor_id) ?? 'pending', underMaintenance(c.component_id)),
      uptime_90d: roundUptime(uptimePercent(all)),
      response_ms: page.show_response_times === 1 && last ? averageMs(last) : null,
      days,
    }
  })

  const incidents: PublicIncident[] = posted
    .map(({ incident, updates, componentIds }) => ({
      id: incident.status_incident_id,
      title: incident.title,
      impact: incident.impact === 'major' ? ('major' as const) : ('minor' as const),
      status: isIncidentStatus(incident.status) ? incident.status : 'investigating',
      started_at: new Date(incident.started_at).toISOString(),
      resolved_at: iso(incident.resolved_at),
      components: componentIds.map((id) => nameOf.get(id)).filter((n): n is string => n !== undefined),
      updates: updates.map((u) => ({
        status: isIncidentStatus(u.status) ? u.status : 'investigating',
        message_html: renderMarkdown(u.message),
        at: new Date(u.created_at).toISOString(),
      })),
    }))
    // Open ones first, then the newest.
    .sort(
      (a, b) =>
        Number(a.resolved_at !== null) - Number(b.resolved_at !== null) || b.started_at.localeCompare(a.started_at),
    )

  const maintenance: PublicMaintenance[] = windows.map(({ window, componentIds }) => ({
    id: window.maintenance_id,
    title: window.title,
    description_html: renderMarkdown(window.description),
    starts_at: new Date(window.starts_at).toISOString(),
    ends_at: new Date(window.ends_at).toISOString(),
    state: maintenanceState(window, now),
    components:
      componentIds.length === 0
        ? components.map((c) => c.display_name)
        : componentIds.map((id) => nameOf.get(id)).filter((n): n is string => n !== undefined),
  }))

  return {
    page: {
      name: page.name,
      slug: page.slug,
      description_html: renderMarkdown(page.description),
      logo_url: page.logo_url,
    },
    status: overallStatus(publicComponents.map((c) => c.state)),
    components: publicComponents,
    incidents,
    maintenance,
    generated_at: new Date(now).toISOString(),
  }
}
