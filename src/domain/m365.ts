import * as v from 'valibot'
import { AzureCredentialsInput } from './azure.ts'

// Microsoft 365 service health as Microsoft Graph's service communications API gives it: the state of each
// service (Exchange Online, Teams, ...) and the incidents and advisories Microsoft posts. Times are epoch ms.

/**
 * An app registration with the Graph application permission ServiceHealth.Read.All, admin-consented; it signs in
 * as an Azure one does (a client secret, or a certificate), and can be the same app.
 */
export const M365CredentialsInput = AzureCredentialsInput
export type M365CredentialsInput = v.InferOutput<typeof M365CredentialsInput>

/** Graph's serviceHealthStatus values; one it adds later reads as unknownFutureValue. */
export const SERVICE_HEALTH_STATUSES = [
  'serviceOperational',
  'investigating',
  'restoringService',
  'verifyingService',
  'serviceRestored',
  'postIncidentReviewPublished',
  'serviceDegradation',
  'serviceInterruption',
  'extendedRecovery',
  'falsePositive',
  'investigationSuspended',
  'resolved',
  'mitigatedExternal',
  'mitigated',
  'resolvedExternal',
  'confirmed',
  'reported',
  'unknownFutureValue',
] as const
export type ServiceHealthStatus = (typeof SERVICE_HEALTH_STATUSES)[number]

/** The statuses in which a service works as it should: nothing open, or an issue over and being reviewed. */
const OPERATIONAL: readonly ServiceHealthStatus[] = [
  'serviceOperational',
  'serviceRestored',
  'postIncidentReviewPublished',
  'falsePositive',
  'resolved',
  'resolvedExternal',
]

export const isOperational = (status: ServiceHealthStatus): boolean => OPERATIONAL.includes(status)

/** A status as Graph spells it (its documentation shows ServiceRestored too) → one of ours. */
export const serviceHealthStatus = (value: unknown): ServiceHealthStatus => {
  const text = typeof value === 'string' ? value : ''
  const camel = text.charAt(0).toLowerCase() + text.slice(1)
  return (SERVICE_HEALTH_STATUSES as readonly string[]).includes(camel)
    ? (camel as ServiceHealthStatus)
    : 'unknownFutureValue'
}

export const M365ServiceHealth = v.object({
  /** Graph's id of the service, such as Exchange. */
  id: v.string(),
  /** Its name, such as Exchange Online. */
  name: v.string(),
  status: v.picklist(SERVICE_HEALTH_STATUSES),
  operational: v.boolean(),
})
export type M365ServiceHealth = v.InferOutput<typeof M365ServiceHealth>

export const M365IssuePost = v.object({
  at: v.number(),
  /** regular, quick or strategic. */
  type: v.string(),
  /** As Microsoft wrote it (HTML or text, see contentType): shown escaped or sanitized, never as markup. */
  content: v.string(),
  contentType: v.string(),
})
export type M365IssuePost = v.InferOutput<typeof M365IssuePost>

export const M365Issue = v.object({
  /** Such as EX226792. */
  id: v.string(),
  title: v.string(),
  service: v.string(),
  feature: v.nullable(v.string()),
  classification: v.picklist(['incident', 'advisory']),
  status: v.picklist(SERVICE_HEALTH_STATUSES),
  impact: v.string(),
  resolved: v.boolean(),
  start: v.number(),
  /** When it ended; null while it lasts. */
  end: v.nullable(v.number()),
  lastModified: v.number(),
  /** Oldest first. */
  posts: v.array(M365IssuePost),
})
export type M365Issue = v.InferOutput<typeof M365Issue>

/** Issues worth showing: every open one, and the ones resolved or changed since `since`. */
export const isRecentIssue = (issue: Pick<M365Issue, 'resolved' | 'end' | 'lastModified'>, since: number): boolean =>
  !issue.resolved || Math.max(issue.end ?? 0, issue.lastModified) >= since

/** Statuses whose words are not their name split (serviceDegradation → Degraded). */
const STATUS_WORDS: Partial<Record<ServiceHealthStatus, string>> = {
  serviceOperational: 'Operational',
  serviceDegradation: 'Degraded',
  serviceInterruption: 'Interrupted',
  restoringService: 'Restoring service',
  verifyingService: 'Verifying service',
  serviceRestored: 'Restored',
  postIncidentReviewPublished: 'Post-incident report published',
  mitigatedExternal: 'Mitigated (external)',
  resolvedExternal: 'Resolved (external)',
  unknownFutureValue: 'Unknown',
}

/** A status in words, as the Microsoft 365 admin center says it. */
export const serviceStatusWords = (status: ServiceHealthStatus): string => {
  const words = STATUS_WORDS[status] ?? status.replace(/([A-Z])/g, ' $1').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/**
 * A post's content as plain text: Microsoft writes HTML for most posts; its line breaks and paragraphs become new
 * lines, its tags are dropped and the common entities read as their characters. Shown as text, never as markup.
 */
export const postText = (post: Pick<M365IssuePost, 'content' | 'contentType'>): string => {
  if (post.contentType !== 'html') return post.content.trim()
  return post.content
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? whole
      const n = code[1]?.toLowerCase() === 'x' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1))
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** The kinds its synced resources are stored under (the sync writes them, the monitors read them). */
export const M365_RESOURCE_KINDS = { service: 'm365_service', issue: 'm365_issue' } as const
