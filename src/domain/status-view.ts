import * as v from 'valibot'
import { INCIDENT_IMPACTS, INCIDENT_STATUSES } from './status-page.schema.ts'
import { COMPONENT_STATES, MAINTENANCE_STATES, OVERALL_INDICATORS } from './status-rules.ts'

// A public status page as it is shown: the server builds it from the owner's choices and the monitors' data,
// and the HTML page, the JSON summary, the feed and the badges are all made from it. It holds only what the
// owner chose to show: no monitor id, URL, host or user data; components have ids of their own.

export const PublicDay = v.object({
  /** YYYY-MM-DD, UTC. */
  date: v.string(),
  uptime: v.nullable(v.number()),
  /** How long the day was down, in ms (its bar's colour, `dayLevel`); null with no data. */
  down_ms: v.nullable(v.number()),
  /** Incidents that touched this day (those the engine opened and those posted on the page). */
  incidents: v.number(),
})
export type PublicDay = v.InferOutput<typeof PublicDay>

export const PublicComponent = v.object({
  id: v.string(),
  name: v.string(),
  group: v.string(),
  state: v.picklist(COMPONENT_STATES),
  /** Uptime over the 90 days shown, or null with no data. */
  uptime_90d: v.nullable(v.number()),
  /** Average response time over the last 24 hours, only when the owner shows response times. */
  response_ms: v.nullable(v.number()),
  /** Oldest first, 90 of them. */
  days: v.array(PublicDay),
})
export type PublicComponent = v.InferOutput<typeof PublicComponent>

export const PublicIncidentUpdate = v.object({
  status: v.picklist(INCIDENT_STATUSES),
  /** Sanitised HTML from the owner's Markdown. */
  message_html: v.string(),
  at: v.string(),
})
export type PublicIncidentUpdate = v.InferOutput<typeof PublicIncidentUpdate>

export const PublicIncident = v.object({
  id: v.string(),
  title: v.string(),
  impact: v.picklist(INCIDENT_IMPACTS),
  status: v.picklist(INCIDENT_STATUSES),
  started_at: v.string(),
  resolved_at: v.nullable(v.string()),
  /** Names of the components it affects. */
  components: v.array(v.string()),
  /** Newest first. */
  updates: v.array(PublicIncidentUpdate),
})
export type PublicIncident = v.InferOutput<typeof PublicIncident>

export const PublicMaintenance = v.object({
  id: v.string(),
  title: v.string(),
  description_html: v.string(),
  starts_at: v.string(),
  ends_at: v.string(),
  state: v.picklist(MAINTENANCE_STATES),
  components: v.array(v.string()),
})
export type PublicMaintenance = v.InferOutput<typeof PublicMaintenance>

/** `GET /api/public/status/{slug}`'s answer, and what the page, its feed and its badges are made from. */
export const PublicStatus = v.object({
  page: v.object({
    name: v.string(),
    slug: v.string(),
    description_html: v.string(),
    logo_url: v.nullable(v.string()),
  }),
  status: v.object({ indicator: v.picklist(OVERALL_INDICATORS), description: v.string() }),
  components: v.array(PublicComponent),
  /** Unresolved incidents first, then those resolved in the last 14 days, newest first. */
  incidents: v.array(PublicIncident),
  /** In progress and scheduled, soonest first. */
  maintenance: v.array(PublicMaintenance),
  generated_at: v.string(),
})
export type PublicStatus = v.InferOutput<typeof PublicStatus>
