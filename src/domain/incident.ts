import * as v from 'valibot'
import { Incident } from './check-result.ts'
import { IncidentsQuery, Instant } from './monitor-queries.schema.ts'
import { MONITOR_STATUSES } from './monitor-status.ts'
import { MONITOR_TYPE_PAGES, type MonitorType } from './monitor-types/pages.ts'
import { Pagination } from './pagination.schema.ts'
import { plainText } from './plain-text.ts'
import { ResultVerdict } from './result-verdict.ts'

// Incidents people work on (issue 19): an incident is open, acknowledged (someone works on it, and its reminders
// stop) or resolved; its timeline tells the first failure, the confirmation, each alert and reminder sent to each
// channel with its outcome, the acknowledgement, comments and the recovery; its evidence is the failing checks.

export const INCIDENT_STATES = ['open', 'acknowledged', 'resolved'] as const
export const IncidentState = v.picklist(INCIDENT_STATES)
export type IncidentState = v.InferOutput<typeof IncidentState>

export const INCIDENT_STATE_LABELS: Record<IncidentState, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
}

/** An incident's state from its times: resolved wins over acknowledged. */
export const incidentStateOf = (i: { resolved_at: unknown; acknowledged_at: unknown }): IncidentState =>
  i.resolved_at !== null ? 'resolved' : i.acknowledged_at !== null ? 'acknowledged' : 'open'

export const INCIDENT_EVENT_KINDS = [
  'failed',
  'confirmed',
  'alert',
  'reminder',
  'acknowledged',
  'comment',
  'resolved',
] as const
export type IncidentEventKind = (typeof INCIDENT_EVENT_KINDS)[number]

/** At most this many failing checks are shown as an incident's evidence (the first ones). */
export const INCIDENT_EVIDENCE_LIMIT = 50
export const INCIDENT_COMMENT_MAX = 2000

const MONITOR_TYPE_NAMES = Object.keys(MONITOR_TYPE_PAGES) as MonitorType[]

/** `GET /api/incidents`: a page of the user's incidents across monitors, filtered. */
export const IncidentListQuery = v.pipe(
  v.object({
    ...IncidentsQuery.entries,
    status: v.optional(v.picklist(INCIDENT_STATES, `Status must be one of ${INCIDENT_STATES.join(', ')}.`)),
    type: v.optional(v.picklist(MONITOR_TYPE_NAMES, `Type must be one of ${MONITOR_TYPE_NAMES.join(', ')}.`)),
    q: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(100, 'Search is at most 100 characters.'),
        v.transform((s) => (s === '' ? undefined : s)),
      ),
    ),
    from: v.optional(Instant('from')),
    to: v.optional(Instant('to')),
  }),
  v.forward(
    v.check((q) => q.from === undefined || q.to === undefined || q.from <= q.to, 'from must not be after to.'),
    ['from'],
  ),
)
export type IncidentListQuery = v.InferOutput<typeof IncidentListQuery>

/** An incident in the list: the monitor's incident with its state and acknowledgement. */
export const IncidentSummary = v.object({
  ...Incident.entries,
  state: IncidentState,
  acknowledged_at: v.nullable(v.string()),
})
export type IncidentSummary = v.InferOutput<typeof IncidentSummary>

export const IncidentPage = v.object({
  incidents: v.array(IncidentSummary),
  pagination: Pagination,
})
export type IncidentPage = v.InferOutput<typeof IncidentPage>

const Person = v.object({ name: v.string(), email: v.string() })
export type Person = v.InferOutput<typeof Person>

/** A delivery of an alert to one channel, as the outbox has it now. */
export const IncidentDelivery = v.object({
  id: v.string(),
  /** The alert's kind: down, up or reminder. */
  alert: v.string(),
  status: v.picklist(['pending', 'delivered', 'failed']),
  attempts: v.number(),
  last_error: v.nullable(v.string()),
  delivered_at: v.nullable(v.string()),
  /** Null once the channel was removed. */
  channel: v.nullable(v.object({ id: v.string(), name: v.string(), type: v.string() })),
})
export type IncidentDelivery = v.InferOutput<typeof IncidentDelivery>

export const IncidentEvent = v.object({
  id: v.string(),
  kind: v.picklist(INCIDENT_EVENT_KINDS),
  at: v.string(),
  /** Who acknowledged or commented (null once their account is gone). */
  author: v.nullable(Person),
  body: v.nullable(v.string()),
  /** An alert's or reminder's delivery; null for other rows, and once the delivery is no longer kept. */
  delivery: v.nullable(IncidentDelivery),
})
export type IncidentEvent = v.InferOutput<typeof IncidentEvent>

/** One failing check during the incident. */
export const IncidentEvidence = v.object({
  checked_at: v.string(),
  /** The monitor's state after it. */
  status: v.picklist(MONITOR_STATUSES),
  verdict: ResultVerdict,
  message: v.string(),
  response_ms: v.nullable(v.number()),
  /** The HTTP status code, for checks that got an answer. */
  status_code: v.nullable(v.number()),
  /** The address the target resolved to, when the check recorded it. */
  address: v.nullable(v.string()),
})
export type IncidentEvidence = v.InferOutput<typeof IncidentEvidence>

export const IncidentDetail = v.object({
  id: v.string(),
  state: IncidentState,
  started_at: v.string(),
  resolved_at: v.nullable(v.string()),
  duration_ms: v.nullable(v.number()),
  cause: v.string(),
  monitor: v.object({
    id: v.string(),
    name: v.string(),
    type: v.picklist(MONITOR_TYPE_NAMES),
    target: v.string(),
    status: v.picklist(MONITOR_STATUSES),
  }),
  acknowledged: v.nullable(v.object({ at: v.string(), by: v.nullable(Person) })),
  timeline: v.array(IncidentEvent),
  evidence: v.object({
    /** The first failing checks, oldest first, at most INCIDENT_EVIDENCE_LIMIT. */
    results: v.array(IncidentEvidence),
    /** How many checks failed during the incident. */
    total: v.number(),
  }),
})
export type IncidentDetail = v.InferOutput<typeof IncidentDetail>

/** One incident with its timeline and evidence (read, or acknowledged). */
export const OneIncidentDetail = v.object({ incident: IncidentDetail })
export type OneIncidentDetail = v.InferOutput<typeof OneIncidentDetail>

/** A comment added to an incident's timeline. */
export const OneIncidentEvent = v.object({ event: IncidentEvent })
export type OneIncidentEvent = v.InferOutput<typeof OneIncidentEvent>

export const IncidentCommentInput = v.object({
  body: v.pipe(
    v.string('Write a comment.'),
    v.trim(),
    v.nonEmpty('Write a comment.'),
    v.maxLength(INCIDENT_COMMENT_MAX, `A comment is at most ${INCIDENT_COMMENT_MAX} characters.`),
    plainText('A comment'),
  ),
})
export type IncidentCommentInput = v.InferOutput<typeof IncidentCommentInput>

/** What a detail's `detail` JSON says of the address the target resolved to and the HTTP status code. */
export const evidenceFacts = (detail: Record<string, unknown> | null) => ({
  status_code: typeof detail?.status_code === 'number' ? detail.status_code : null,
  address: typeof detail?.address === 'string' && detail.address !== '' ? detail.address : null,
})
