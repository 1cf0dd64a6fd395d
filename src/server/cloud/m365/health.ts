import {
  isOperational,
  isRecentIssue,
  type M365Issue,
  type M365ServiceHealth,
  serviceHealthStatus,
} from '@vigil/domain/m365'
import { type GraphSettings, graphCollection } from './graph-client.ts'

// Graph's service communications: each service's health, and the issues (incidents and advisories) that are open
// or were resolved lately, with their posts.

const DAY = 86_400_000

interface GraphHealth {
  id?: string
  service?: string
  status?: string
}

interface GraphIssue {
  id?: string
  title?: string
  service?: string
  feature?: string | null
  classification?: string
  status?: string
  impactDescription?: string
  isResolved?: boolean
  startDateTime?: string
  endDateTime?: string | null
  lastModifiedDateTime?: string
  posts?: { createdDateTime?: string; postType?: string; description?: { contentType?: string; content?: string } }[]
}

const time = (value: string | null | undefined): number | null => {
  const ms = value ? Date.parse(value) : Number.NaN
  return Number.isFinite(ms) ? ms : null
}

const toHealth = (h: GraphHealth): M365ServiceHealth => {
  const status = serviceHealthStatus(h.status)
  return { id: h.id ?? '', name: h.service ?? h.id ?? '', status, operational: isOperational(status) }
}

const toIssue = (i: GraphIssue): M365Issue => ({
  id: i.id ?? '',
  title: i.title ?? '',
  service: i.service ?? '',
  feature: i.feature || null,
  classification: i.classification?.toLowerCase() === 'incident' ? 'incident' : 'advisory',
  status: serviceHealthStatus(i.status),
  impact: i.impactDescription ?? '',
  resolved: i.isResolved === true,
  start: time(i.startDateTime) ?? 0,
  end: time(i.endDateTime),
  lastModified: time(i.lastModifiedDateTime) ?? time(i.startDateTime) ?? 0,
  posts: (i.posts ?? [])
    .map((p) => ({
      at: time(p.createdDateTime) ?? 0,
      type: (p.postType ?? 'regular').toLowerCase(),
      content: p.description?.content ?? '',
      contentType: (p.description?.contentType ?? 'text').toLowerCase(),
    }))
    .sort((a, b) => a.at - b.at),
})

export const readServiceHealth = async (s: GraphSettings, signal?: AbortSignal): Promise<M365ServiceHealth[]> =>
  (await graphCollection<GraphHealth>(s, 'admin/serviceAnnouncement/healthOverviews', signal)).map(toHealth)

/** Open issues and those resolved (or changed) in the last `resolvedWithinDays` days, newest change first. */
export const readIssues = async (
  s: GraphSettings,
  now: number,
  resolvedWithinDays: number,
  signal?: AbortSignal,
): Promise<M365Issue[]> => {
  const since = now - resolvedWithinDays * DAY
  const iso = new Date(since).toISOString().replace(/\.\d{3}Z$/, 'Z')
  const filter = encodeURIComponent(`isResolved eq false or lastModifiedDateTime ge ${iso}`)
  const issues = await graphCollection<GraphIssue>(s, `admin/serviceAnnouncement/issues?$filter=${filter}`, signal)
  // Filtered here too: the answer is trusted for nothing a page shows.
  return issues
    .map(toIssue)
    .filter((i) => isRecentIssue(i, since))
    .sort((a, b) => b.lastModified - a.lastModified)
}
