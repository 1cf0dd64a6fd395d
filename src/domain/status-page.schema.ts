import * as v from 'valibot'
import { LogoUrl } from './logo-url.ts'
import { Name } from './monitor-fields.ts'
import { patchSchema } from './patch-schema.ts'
import { plainLine, plainText } from './plain-text.ts'
import { MAINTENANCE_STATES } from './status-rules.ts'

// Status pages: what an owner publishes about their monitors, and the incidents and maintenance they post.
// User-written text (descriptions, incident messages) is Markdown, rendered to safe HTML by the server.

/** Paths a page may not take: they would read as the app's own. */
const RESERVED_SLUGS = new Set(['api', 'admin', 'assets', 'status', 'login', 'feed', 'badge', 'new', 'edit'])

export const Slug = v.pipe(
  v.string('The public id is required.'),
  v.trim(),
  v.toLowerCase(),
  v.minLength(3, 'The public id must be at least 3 characters.'),
  v.maxLength(60, 'The public id must be at most 60 characters.'),
  v.regex(
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
    'The public id takes lower-case letters, digits and hyphens, and starts and ends with a letter or digit.',
  ),
  v.check(
    (s) => !RESERVED_SLUGS.has(s),
    (issue) => `"${String(issue.input)}" is reserved: choose another public id.`,
  ),
)

const markdown = (label: string, max: number) =>
  v.pipe(
    v.string(`${label} must be text.`),
    v.maxLength(max, `${label} must be at most ${max} characters.`),
    plainText(label),
  )

export const StatusComponentInput = v.object({
  monitor_id: v.pipe(v.string('Choose a monitor.'), v.nonEmpty('Choose a monitor.'), v.maxLength(64)),
  /** The name visitors see; the monitor's own name (which may hold a host) stays private. */
  display_name: v.pipe(
    v.string('Public name is required.'),
    v.trim(),
    v.nonEmpty('Public name is required.'),
    v.maxLength(100, 'Public name must be at most 100 characters.'),
    plainLine('Public name'),
  ),
  /** A heading the component is shown under; empty: none. */
  group: v.optional(
    v.pipe(
      v.string('Group must be text.'),
      v.trim(),
      v.maxLength(100, 'Group must be at most 100 characters.'),
      plainLine('Group'),
    ),
    '',
  ),
})
export type StatusComponentInput = v.InferOutput<typeof StatusComponentInput>

const pageFields = {
  name: Name,
  slug: Slug,
  description: v.optional(markdown('Description', 2000), ''),
  logo_url: v.optional(v.nullable(LogoUrl), null),
  show_response_times: v.optional(v.boolean('Show response times must be true or false.'), false),
  published: v.optional(v.boolean('Published must be true or false.'), false),
  /** In the order visitors see them. */
  components: v.optional(
    v.pipe(
      v.array(StatusComponentInput, 'Components must be a list.'),
      v.maxLength(100, 'At most 100 components.'),
      v.check(
        (list) => new Set(list.map((c) => c.monitor_id)).size === list.length,
        'Each monitor can be on a page once.',
      ),
    ),
    [],
  ),
}

export const StatusPageInput = v.object(pageFields)
export type StatusPageInput = v.InferOutput<typeof StatusPageInput>

export const StatusPagePatch = patchSchema(
  v.strictObject(v.partial(v.object(pageFields)).entries, 'This field is not part of a status page.'),
)

export const INCIDENT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number]
export const INCIDENT_IMPACTS = ['minor', 'major'] as const

export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
}

const IncidentStatusSchema = v.picklist(
  INCIDENT_STATUSES,
  'Status must be investigating, identified, monitoring or resolved.',
)

const componentIds = v.optional(
  v.pipe(
    v.array(
      v.pipe(v.string('A component id must be text.'), v.maxLength(64, 'Unknown component.')),
      'Components must be a list.',
    ),
    v.maxLength(100, 'At most 100 components.'),
  ),
  [],
)

const IncidentTitle = v.pipe(
  v.string('Title is required.'),
  v.trim(),
  v.nonEmpty('Title is required.'),
  v.maxLength(200, 'Title must be at most 200 characters.'),
  plainLine('Title'),
)

/** What visitors are told in an incident's update, in Markdown. */
const IncidentMessage = v.pipe(markdown('Message', 5000), v.trim(), v.nonEmpty('Message is required.'))

/** A posted incident: its title, first update and the components it affects (their component ids). */
const PostedIncident = v.object({
  title: IncidentTitle,
  status: v.optional(IncidentStatusSchema, 'investigating'),
  impact: v.optional(v.picklist(INCIDENT_IMPACTS, 'Impact must be minor or major.'), 'minor'),
  message: IncidentMessage,
  component_ids: componentIds,
})

/** The words an outage is published with, as the owner reviewed them before publishing. */
export const PublishOutageText = v.object({ title: IncidentTitle, message: IncidentMessage })
export type PublishOutageText = v.InferOutput<typeof PublishOutageText>

/**
 * An incident the engine opened, published on the page: with the title and message the owner reviewed, or without
 * them, in the product's words (`publishedOutage`).
 */
const PublishedIncident = v.object({
  from_incident_id: v.pipe(
    v.string('Choose the incident to publish.'),
    v.nonEmpty('Choose the incident to publish.'),
    v.maxLength(64, 'The incident id is too long.'),
  ),
  title: v.optional(IncidentTitle),
  message: v.optional(IncidentMessage),
})

/**
 * Either kind, told apart by `from_incident_id`. (A union would answer a single "invalid" for the whole body
 * when a field of a posted incident is wrong; this way each field gets its own message.)
 */
export const StatusIncidentInput = v.lazy((input) =>
  typeof input === 'object' && input !== null && 'from_incident_id' in input ? PublishedIncident : PostedIncident,
)
export type StatusIncidentInput = v.InferOutput<typeof StatusIncidentInput>

export const StatusIncidentUpdateInput = v.object({
  status: IncidentStatusSchema,
  message: IncidentMessage,
})

/** Owner's Markdown to be shown as the public page would show it (a preview before posting). */
export const MarkdownPreviewInput = v.object({ markdown: markdown('Text', 5000) })
export type MarkdownPreviewInput = v.InferOutput<typeof MarkdownPreviewInput>

/** valibot's ISO format check lets a day that does not exist (31 February) through; Date would roll it over. */
const isRealMoment = (s: string) => {
  const [year, month, day] = s.slice(0, 10).split('-').map(Number)
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1))
  return !Number.isNaN(Date.parse(s)) && date.getUTCMonth() === (month ?? 1) - 1 && date.getUTCDate() === day
}

const timestamp = (label: string, example: string) => {
  const message = `${label} must be a date and time, such as ${example}.`
  return v.pipe(v.string(`${label} is required.`), v.isoTimestamp(message), v.check(isRealMoment, message))
}

const moment = (s: string) => (isRealMoment(s) ? Date.parse(s) : Number.NaN)
const span = (m: { starts_at: string; ends_at: string }) => moment(m.ends_at) - moment(m.starts_at)

export const MaintenanceInput = v.pipe(
  v.object({
    title: v.pipe(
      v.string('Title is required.'),
      v.trim(),
      v.nonEmpty('Title is required.'),
      v.maxLength(200, 'Title must be at most 200 characters.'),
      plainLine('Title'),
    ),
    description: v.optional(markdown('Description', 5000), ''),
    starts_at: timestamp('Start', '2026-12-01T22:00:00Z'),
    ends_at: timestamp('End', '2026-12-01T23:00:00Z'),
    /** Components under maintenance (their component ids); none: the whole page. */
    component_ids: componentIds,
  }),
  // Only once both times are valid (NaN: a field's own check reports it), so a bad start is not also an end
  // before it.
  v.forward(
    v.check((m) => Number.isNaN(span(m)) || span(m) > 0, 'The end must come after the start.'),
    ['ends_at'],
  ),
  v.forward(
    v.check((m) => Number.isNaN(span(m)) || span(m) <= 14 * 86_400_000, 'A maintenance window lasts at most 14 days.'),
    ['ends_at'],
  ),
)
export type MaintenanceInput = v.InferOutput<typeof MaintenanceInput>

// What the management API answers.

export const StatusPage = v.object({
  id: v.string(),
  name: v.string(),
  slug: v.string(),
  description: v.string(),
  logo_url: v.nullable(v.string()),
  show_response_times: v.boolean(),
  published: v.boolean(),
  /** Unpublished by a plan change (over a lower plan's limit): the next plan with room publishes it again. */
  unpublished_by_plan: v.boolean(),
  /** The page's address, `/status/{slug}` on the app's host. */
  public_url: v.string(),
  components: v.array(
    v.object({
      id: v.string(),
      monitor_id: v.string(),
      display_name: v.string(),
      group: v.string(),
      /** The monitor as its owner sees it. */
      monitor: v.object({ name: v.string(), type: v.string(), status: v.string() }),
    }),
  ),
  created_at: v.string(),
  updated_at: v.string(),
})
export type StatusPage = v.InferOutput<typeof StatusPage>

export const StatusIncident = v.object({
  id: v.string(),
  title: v.string(),
  impact: v.picklist(INCIDENT_IMPACTS),
  status: v.picklist(INCIDENT_STATUSES),
  started_at: v.string(),
  resolved_at: v.nullable(v.string()),
  component_ids: v.array(v.string()),
  /** The engine's incident it was published from, if any. */
  monitor_incident_id: v.nullable(v.string()),
  /** Newest first. */
  updates: v.array(
    v.object({ id: v.string(), status: v.picklist(INCIDENT_STATUSES), message: v.string(), created_at: v.string() }),
  ),
})
export type StatusIncident = v.InferOutput<typeof StatusIncident>

export const Maintenance = v.object({
  id: v.string(),
  title: v.string(),
  description: v.string(),
  starts_at: v.string(),
  ends_at: v.string(),
  component_ids: v.array(v.string()),
  state: v.picklist(MAINTENANCE_STATES),
})
export type Maintenance = v.InferOutput<typeof Maintenance>

/** `GET /api/status_pages`: the user's pages, and the plan's number of pages with how many the user has. */
export const StatusPageList = v.object({
  status_pages: v.array(StatusPage),
  limit: v.object({ max: v.number(), used: v.number() }),
})
export type StatusPageList = v.InferOutput<typeof StatusPageList>

export const OneStatusPage = v.object({ status_page: StatusPage })
export type OneStatusPage = v.InferOutput<typeof OneStatusPage>

export const StatusIncidentList = v.object({ incidents: v.array(StatusIncident) })
export type StatusIncidentList = v.InferOutput<typeof StatusIncidentList>

export const OneStatusIncident = v.object({ incident: StatusIncident })
export type OneStatusIncident = v.InferOutput<typeof OneStatusIncident>

/** `POST /api/status_pages/{id}/preview`: the Markdown as safe HTML, rendered as the public page renders it. */
export const MarkdownPreview = v.object({ html: v.string() })
export type MarkdownPreview = v.InferOutput<typeof MarkdownPreview>

export const MaintenanceList = v.object({ maintenance: v.array(Maintenance) })
export type MaintenanceList = v.InferOutput<typeof MaintenanceList>

export const OneMaintenance = v.object({ maintenance: Maintenance })
export type OneMaintenance = v.InferOutput<typeof OneMaintenance>
