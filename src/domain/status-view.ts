import type { IncidentStatus } from './status-page.schema.ts'
import type { ComponentState, MaintenanceState, OverallIndicator } from './status-rules.ts'

// A public status page as it is shown: the server builds it from the owner's choices and the monitors' data,
// and the HTML page, the JSON summary, the feed and the badges are all made from it. It holds only what the
// owner chose to show: no monitor id, URL, host or user data; components have ids of their own.

export interface PublicDay {
  /** YYYY-MM-DD, UTC. */
  date: string
  uptime: number | null
  /** Incidents that touched this day (those the engine opened and those posted on the page). */
  incidents: number
}

export interface PublicComponent {
  id: string
  name: string
  group: string
  state: ComponentState
  /** Uptime over the 90 days shown, or null with no data. */
  uptime_90d: number | null
  /** Average response time over the last 24 hours, only when the owner shows response times. */
  response_ms: number | null
  /** Oldest first, 90 of them. */
  days: PublicDay[]
}

export interface PublicIncidentUpdate {
  status: IncidentStatus
  /** Sanitised HTML from the owner's Markdown. */
  message_html: string
  at: string
}

export interface PublicIncident {
  id: string
  title: string
  impact: 'minor' | 'major'
  status: IncidentStatus
  started_at: string
  resolved_at: string | null
  /** Names of the components it affects. */
  components: string[]
  /** Newest first. */
  updates: PublicIncidentUpdate[]
}

export interface PublicMaintenance {
  id: string
  title: string
  description_html: string
  starts_at: string
  ends_at: string
  state: MaintenanceState
  components: string[]
}

export interface PublicStatus {
  page: { name: string; slug: string; description_html: string; logo_url: string | null }
  status: { indicator: OverallIndicator; description: string }
  components: PublicComponent[]
  /** Unresolved incidents first, then those resolved in the last 14 days, newest first. */
  incidents: PublicIncident[]
  /** In progress and scheduled, soonest first. */
  maintenance: PublicMaintenance[]
  generated_at: string
}
