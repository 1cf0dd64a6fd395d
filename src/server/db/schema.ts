import type { Generated } from 'kysely'
import type { INCIDENT_IMPACTS, IncidentStatus } from '@vigil/domain/status-page.schema'
import type { Rollup } from '@vigil/domain/uptime'

type IncidentImpact = (typeof INCIDENT_IMPACTS)[number]

// Times are epoch milliseconds (bigint in PostgreSQL, integer in SQLite); booleans are 0/1 integers
// so that one query layer reads the same values from both databases.
export interface PlansTable {
  plan_id: string
  title: string
  description: string
  price_monthly_cents: number
  price_yearly_cents: number
  trial_days: number
  max_monitors: number
  min_interval_seconds: number
  retention_days: number
  max_status_pages: number
  sort_order: number
}

export interface PlanAccessesTable {
  plan_id: string
  feature: string
  access: number
}

export interface UsersTable {
  user_id: string
  name: string
  email: string
  password_hash: string
  image: string | null
  created_at: number
  updated_at: number
  /** When the current address was confirmed by a link sent to it (or by the operator); null until then. */
  email_confirmed_at: number | null
}

export interface UserImagesTable {
  user_id: string
  content_type: string
  bytes: Buffer
  updated_at: number
}

export interface EmailChangesTable {
  token_hash: string
  user_id: string
  new_email: string
  created_at: number
  expires_at: number
  used_at: number | null
}

export interface EmailConfirmationsTable {
  token_hash: string
  user_id: string
  email: string
  created_at: number
  expires_at: number
  used_at: number | null
}

export interface SessionsTable {
  token_hash: string
  user_id: string
  created_at: number
  expires_at: number
  user_agent: string | null
  ip: string | null
  last_active_at: number | null
}

export interface TwoFactorTable {
  user_id: string
  /** The TOTP secret, sealed with the server key. */
  secret: string
  created_at: number
  /** Null while the secret is being set up (not yet confirmed by a code). */
  enabled_at: number | null
  /** The newest 30-second step whose code was accepted: a code is used once. */
  last_step: number | null
}

export interface RecoveryCodesTable {
  user_id: string
  code_hash: string
  used_at: number | null
}

export interface SignInChallengesTable {
  token_hash: string
  user_id: string
  created_at: number
  expires_at: number
  attempts: number
}

export interface SecurityEventsTable {
  event_id: string
  user_id: string
  kind: string
  detail: string | null
  ip: string | null
  user_agent: string | null
  created_at: number
}

export interface SubscriptionsTable {
  subscription_id: string
  user_id: string
  plan_id: string
  billing_frequency: string
  is_free_trial: number
  starts_at: number
  ends_at: number | null
  created_at: number
}

export interface NotificationsTable {
  notification_id: string
  user_id: string
  notification_type: string
  target_id: string | null
  notification_title: string
  notification_description: string
  is_opened: number
  created_at: number
}

/** Kept by triggers on notifications (migration 003): never written by application code. */
export interface NotificationCountersTable {
  user_id: string
  total: number
  unread: number
}

export interface PasswordResetsTable {
  token_hash: string
  user_id: string
  created_at: number
  expires_at: number
  used_at: number | null
}

export interface RateLimitsTable {
  key: string
  window_start: number
  hits: number
}

export interface MonitorsTable {
  monitor_id: string
  user_id: string
  type: string
  name: string
  interval_seconds: number
  timeout_seconds: number
  retries: number
  retry_interval_seconds: number
  recovery_checks: number
  degraded_threshold_ms: number | null
  /** JSON of the type's settings. */
  settings: string
  paused: number
  /** 1: paused by a plan change (the next plan with room resumes it), not by the user. */
  paused_by_plan: number
  status: string
  failures: number
  failing_since: number | null
  successes: number
  recovering_since: number | null
  open_incident_id: string | null
  last_checked_at: number | null
  last_response_ms: number | null
  last_error: string | null
  status_changed_at: number | null
  accounted_at: number | null
  /** JSON list: what the last check saw (DNS answer, listing zones), when a change of it is news. */
  last_observed: string | null
  expires_at: number | null
  /** The last expiry warning sent: `<expires_at>:<days>`. */
  warned_for: string | null
  /** JSON list of integration ids this monitor alerts; null: all of its user's. */
  integration_ids: string | null
  reminder_minutes: number | null
  /** The uptime (percent) reports hold this monitor to. */
  sla_target: number
  /** What it watches, as the list shows and searches it (a URL, host and port, a domain). */
  target: string
  last_reminded_at: number | null
  next_check_at: number | null
  /** A slot of the monitor's grid of regular checks; null: its next check starts one (migration 028). */
  grid_at: number | null
  lease_owner: string | null
  lease_until: number | null
  created_at: number
  updated_at: number
  /** Moved on by triggers whenever anything the list shows of the monitor changes (migration 026). */
  list_version: Generated<number | string>
}

export interface CheckResultsTable {
  monitor_id: string
  checked_at: number
  status: string
  ok: number
  response_ms: number | null
  message: string
  /** JSON of the check's facts, or null. */
  detail: string | null
  /** What the check found: 'ok', 'slow' or 'failed' (null on results stored before migration 018, as below). */
  verdict: string | null
  /** Failures in a row at a failed result, or successes in a row while down at a good one; null when not counting. */
  streak: number | null
  /** How many in a row change the state: retries + 1 failures, or the recovery checks. */
  streak_needed: number | null
  /** 1 when it ran in a maintenance window. */
  in_maintenance: number | null
}

type HistogramColumns = {
  [K in `h${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18}`]: number
}

/** The domain's Rollup with its histogram spread over columns h0..h18. */
export interface RollupsTable extends HistogramColumns, Omit<Rollup, 'hist'> {
  monitor_id: string
  /** 'minute', 'hour' or 'day'. */
  period: string
  bucket_start: number
}

export interface IncidentsTable {
  incident_id: string
  user_id: string
  monitor_id: string
  started_at: number
  resolved_at: number | null
  cause: string
  /** When the owner acknowledged it (reminders stop), and who; null until then. */
  acknowledged_at: number | null
  acknowledged_by: string | null
}

/** An incident's timeline (migration 019). */
export interface IncidentEventsTable {
  event_id: string
  incident_id: string
  /** The incident's owner. */
  user_id: string
  at: number
  /** 'failed' (the first failure), 'confirmed', 'alert', 'reminder', 'acknowledged', 'comment' or 'resolved'. */
  kind: string
  /** Who acknowledged or commented. */
  author_id: string | null
  /** A comment's text. */
  body: string | null
  /** An alert's or reminder's delivery to one channel: its channel and outcome are read from `deliveries`. */
  delivery_id: string | null
  created_at: number
}

export interface IntegrationsTable {
  integration_id: string
  user_id: string
  type: string
  name: string
  /** JSON, secrets included. */
  settings: string
  enabled: number
  created_at: number
  updated_at: number
}

export interface DeliveriesTable {
  delivery_id: string
  user_id: string
  /** The alert channel; null for account mail, which names its `recipient`. */
  integration_id: string | null
  /** The address of account mail. */
  recipient: string | null
  kind: string
  title: string
  /** JSON of what is sent: the AlertEvent, or the mail's subject and text. */
  event: string
  status: string
  attempts: number
  next_attempt_at: number | null
  last_error: string | null
  lease_owner: string | null
  lease_until: number | null
  created_at: number
  delivered_at: number | null
}

export interface OauthStatesTable {
  state_hash: string
  user_id: string
  provider: string
  created_at: number
  expires_at: number
}

export interface StatusPagesTable {
  page_id: string
  user_id: string
  name: string
  slug: string
  description: string
  logo_url: string | null
  show_response_times: number
  published: number
  /** 1: unpublished by a plan change (the next plan with room publishes it again), not by the user. */
  unpublished_by_plan: number
  created_at: number
  updated_at: number
}

export interface StatusPageComponentsTable {
  component_id: string
  page_id: string
  monitor_id: string
  display_name: string
  group_name: string
  position: number
}

export interface StatusIncidentsTable {
  status_incident_id: string
  page_id: string
  title: string
  impact: IncidentImpact
  status: IncidentStatus
  started_at: number
  resolved_at: number | null
  monitor_incident_id: string | null
  created_at: number
}

export interface StatusIncidentUpdatesTable {
  update_id: string
  status_incident_id: string
  status: IncidentStatus
  message: string
  created_at: number
}

export interface StatusIncidentComponentsTable {
  status_incident_id: string
  component_id: string
}

export interface MaintenanceWindowsTable {
  maintenance_id: string
  page_id: string
  title: string
  description: string
  starts_at: number
  ends_at: number
  created_at: number
}

export interface MaintenanceComponentsTable {
  maintenance_id: string
  component_id: string
}

export interface CloudAccountsTable {
  account_id: string
  user_id: string
  provider: string
  name: string
  credentials: string
  scope: string
  identity: string
  status: string
  last_error: string | null
  synced_at: number | null
  costs_read_at: number | null
  next_sync_at: number | null
  lease_owner: string | null
  lease_until: number | null
  created_at: number
  updated_at: number
}

export interface CloudPartsTable {
  account_id: string
  area: string
  scope: string
  ok: number
  kind: string | null
  message: string | null
  action: string | null
  checked_at: number
  read_at: number | null
}

export interface CloudResourcesTable {
  account_id: string
  kind: string
  scope: string
  resource_id: string
  name: string
  state: string
  data: string
  read_at: number
}

export interface CloudCostsTable {
  account_id: string
  scope: string
  data: string
  read_at: number
}

export interface BillingAccountsTable {
  user_id: string
  customer_id: string
  subscription_id: string | null
  status: string | null
  interval: string | null
  period_end: number | null
  cancel_at_period_end: number
  amount_cents: number | null
  currency: string | null
  card_last4: string | null
  past_due_since: number | null
  updated_at: number
}

export interface BillingEventsTable {
  event_id: string
  type: string
  user_id: string | null
  received_at: number
}

export interface BillingNoticesTable {
  subscription_id: string
  kind: string
  sent_at: number
}

export interface SupportTicketsTable {
  ticket_id: string
  user_id: string
  subject: string
  /** One of the domain's SUPPORT_CATEGORIES. */
  category: string
  /** open (waiting for the operator), answered (waiting for the user) or closed. */
  status: string
  /** The user's monitor it is about; null when none, or once that monitor is deleted. */
  monitor_id: string | null
  created_at: number
  /** The last activity: a message, or the ticket closed. */
  updated_at: number
}

export interface SupportMessagesTable {
  message_id: string
  ticket_id: string
  /** 'user' (the ticket's owner) or 'operator'. */
  author_role: string
  /** Null once the author's account is deleted (an operator's answer stays in the thread). */
  author_id: string | null
  /** The author's name when they wrote it. */
  author_name: string
  body: string
  created_at: number
}

export interface ReportSchedulesTable {
  schedule_id: string
  user_id: string
  name: string
  /** 'weekly' or 'monthly'. */
  frequency: string
  /** JSON list of email addresses. */
  recipients: string
  /** JSON of the domain's ReportSelection. */
  selection: string
  time_zone: string
  /** The end of the current period: the next report is due then. */
  next_send_at: number
  created_at: number
  updated_at: number
}

export interface ReportSendsTable {
  send_id: string
  schedule_id: string
  period_from: number
  period_to: number
  /** The period's start for a scheduled send (unique per schedule); null for a "send now". */
  scheduled_for: number | null
  /** JSON list of the outbox deliveries (one per recipient), whose outcome is the send's. */
  delivery_ids: string
  /** Why the report could not be made, when it could not. */
  error: string | null
  created_at: number
}

export interface TagsTable {
  tag_id: string
  user_id: string
  name: string
  /** The name trimmed and in lower case: unique per user. */
  name_key: string
  color: string
  created_at: number
}

export interface MonitorTagsTable {
  monitor_id: string
  tag_id: string
  /** The monitor's lowercased name, kept by triggers (migration 025): a tag's page by name is a range of its index. */
  name_key: Generated<string>
}

/** A monitor's heartbeat bar as the list answers it (migration 020): kept by a trigger on check_results. */
export interface MonitorBeatsTable {
  monitor_id: string
  /** JSON: its last 30 results as the list's heartbeats, oldest first. */
  beats: string
  oldest_at: number
}

/** The sums of a monitor's settled buckets of a list figure's window (migration 022). */
export interface RollupWindowsTable {
  monitor_id: string
  period: string
  from_bucket: number
  settled_to: number
  up_ms: number
  degraded_ms: number
  down_ms: number
  rt_count: number
  rt_sum: number
}

/** A monitor's name and target lowercased, for PostgreSQL's search (migration 023; not on SQLite). */
export interface MonitorSearchTextTable {
  monitor_id: string
  user_id: string
  name: string
  target: string
}

/** +1/-1 rows of a user's monitors by state and type, in all (tag_id '') and per tag (migration 020). */
export interface MonitorCountsTable {
  user_id: string
  tag_id: string
  status: string
  type: string
  n: number
}

export interface DB {
  plans: PlansTable
  plan_accesses: PlanAccessesTable
  users: UsersTable
  user_images: UserImagesTable
  email_changes: EmailChangesTable
  sessions: SessionsTable
  two_factor: TwoFactorTable
  recovery_codes: RecoveryCodesTable
  sign_in_challenges: SignInChallengesTable
  security_events: SecurityEventsTable
  email_confirmations: EmailConfirmationsTable
  subscriptions: SubscriptionsTable
  billing_accounts: BillingAccountsTable
  billing_events: BillingEventsTable
  billing_notices: BillingNoticesTable
  notifications: NotificationsTable
  notification_counters: NotificationCountersTable
  password_resets: PasswordResetsTable
  rate_limits: RateLimitsTable
  monitors: MonitorsTable
  check_results: CheckResultsTable
  rollups: RollupsTable
  incidents: IncidentsTable
  incident_events: IncidentEventsTable
  integrations: IntegrationsTable
  deliveries: DeliveriesTable
  cloud_accounts: CloudAccountsTable
  cloud_parts: CloudPartsTable
  cloud_resources: CloudResourcesTable
  cloud_costs: CloudCostsTable
  oauth_states: OauthStatesTable
  status_pages: StatusPagesTable
  status_page_components: StatusPageComponentsTable
  status_incidents: StatusIncidentsTable
  status_incident_updates: StatusIncidentUpdatesTable
  status_incident_components: StatusIncidentComponentsTable
  maintenance_windows: MaintenanceWindowsTable
  maintenance_components: MaintenanceComponentsTable
  support_tickets: SupportTicketsTable
  support_messages: SupportMessagesTable
  report_schedules: ReportSchedulesTable
  report_sends: ReportSendsTable
  tags: TagsTable
  monitor_tags: MonitorTagsTable
  monitor_beats: MonitorBeatsTable
  monitor_counts: MonitorCountsTable
  rollup_windows: RollupWindowsTable
  monitor_search_text: MonitorSearchTextTable
}
