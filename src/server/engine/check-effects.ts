import type { AlertKind, RaisedAlert } from '@vigil/domain/alert'
import type { CheckOutcome } from '@vigil/domain/check-result'
import { daysLeft, dueWarning, warningKey } from '@vigil/domain/expiry'
import { changeMessage, downMessage, expiryMessage, reminderMessage, upMessage } from '@vigil/domain/incident-message'
import {
  applyVerdict,
  type Health,
  nextDue,
  type Policy,
  type Step,
  type Verdict,
  verdictOf,
} from '@vigil/domain/monitor-state'
import { definitionOf } from '@vigil/domain/monitor-types'
import { isNewsworthyChange } from '@vigil/domain/observation'
import { resultVerdictOf } from '@vigil/domain/result-verdict'
import { attributeTime, maxGapMs, type ResultFacts } from '@vigil/domain/uptime'
import type { CheckResultRecord } from '../db/repos/check-results.repo.ts'
import type { IncidentRow } from '../db/repos/incidents.repo.ts'
import type { MonitorChange, MonitorRecord } from '../db/repos/monitor-record.ts'
import { newId } from '../ids.ts'

/** The state rules' view of a monitor: a paused one counts as pending (it is judged afresh when resumed). */
const healthOf = (row: MonitorRecord): Health => ({
  status: row.status === 'paused' ? 'pending' : row.status,
  failures: row.failures,
  failingSince: row.failing_since,
  successes: row.successes,
  recoveringSince: row.recovering_since,
})

/**
 * A result's place in the run that changes the state: failures in a row (the retries + 1th confirms the outage),
 * or successes in a row while down (the recovery checks'th ends it). None in maintenance, where the state stands
 * still, nor for a success while up.
 */
const runOf = (
  before: Health,
  after: Health,
  verdict: Verdict,
  policy: Policy,
  inMaintenance: boolean,
): { streak: number | null; streak_needed: number | null } => {
  if (inMaintenance) return { streak: null, streak_needed: null }
  if (verdict === 'down') return { streak: after.failures, streak_needed: policy.retries + 1 }
  if (before.status === 'down') return { streak: before.successes + 1, streak_needed: policy.recovery_checks }
  return { streak: null, streak_needed: null }
}

/** An alert one result raises: to the bell (a notification) and to the monitor's channels, or channels only. */
/** One check that ran, on its way to the database. */
export interface CompletedCheck {
  monitorId: string
  /** The lease it ran under; null for a check the user asked for, outside the schedule. */
  lease: string | null
  scheduledAt: number
  startedAt: number
  finishedAt: number
  outcome: CheckOutcome
}

/** Everything one check result changes: the rows to write, for the recorder to batch. */
export interface CheckEffects {
  result: CheckResultRecord
  /** What the result adds to the monitor's rollups (its time attributed to a state). */
  rollup: ResultFacts
  change: MonitorChange
  openIncident: IncidentRow | null
  resolveIncident: { id: string; at: number } | null
  alerts: RaisedAlert[]
  /** The incident its down, up and reminder alerts are about (their deliveries go on its timeline). */
  incidentId: string | null
  /** What it adds to an incident's timeline besides the alerts: the first failure and confirmation, the recovery. */
  timeline: TimelineMark[]
}

/** A row of an incident's timeline that a check result writes. */
export interface TimelineMark {
  incidentId: string
  kind: 'failed' | 'confirmed' | 'resolved'
  at: number
}

/** The alerts that belong to an incident's timeline. */
export const INCIDENT_ALERTS: ReadonlySet<AlertKind> = new Set(['down', 'up', 'reminder'])

/**
 * The effects of one check on its monitor as the row stands now: the state rules (retries, recovery), the
 * next due time, the incident opened or closed, a change in what was seen, an expiry warning due.
 *
 * In a maintenance window the owner announced, the check still runs and is stored, but the monitor's health
 * stands still (no incident opens or closes, no alert goes out) and its time is left out of uptime; the first
 * check after the window judges the monitor afresh from where it stood.
 */
export const checkEffects = (
  row: MonitorRecord,
  check: CompletedCheck,
  inMaintenance = false,
  /** The open incident was acknowledged: its reminders stop. */
  acknowledged = false,
): CheckEffects => {
  const { outcome } = check
  const at = check.startedAt
  const before = healthOf(row)
  const verdict = verdictOf(outcome.ok, outcome.responseMs, row.degraded_threshold_ms)
  const step: Step = inMaintenance
    ? { health: before, transition: { kind: 'none' }, confirming: false }
    : applyVerdict(before, verdict, at, row)
  const { transition, health } = step
  const alerts: RaisedAlert[] = []
  const raise = (
    kind: AlertKind,
    text: { title: string; description: string },
    since: number | null = null,
    bell = true,
  ) => {
    if (!inMaintenance) alerts.push({ kind, ...text, since, bell })
  }

  const time = attributeTime({
    previousStatus: row.status,
    accountedFrom: row.accounted_at,
    at,
    decides: transition.kind === 'none' ? null : { status: health.status, since: transition.since },
    maxGapMs: maxGapMs(row),
  })

  const change: MonitorChange = {
    status: health.status,
    failures: health.failures,
    failing_since: health.failingSince,
    successes: health.successes,
    recovering_since: health.recoveringSince,
    last_checked_at: at,
    last_response_ms: outcome.responseMs,
    last_error: outcome.ok ? null : outcome.message,
    accounted_at: Math.max(at, row.accounted_at ?? at),
  }
  if (health.status !== row.status) change.status_changed_at = at

  const retryAt = check.finishedAt + row.retry_interval_seconds * 1000
  if (check.lease !== null) {
    const next = nextDue({
      gridAt: row.grid_at,
      scheduledAt: check.scheduledAt,
      finishedAt: check.finishedAt,
      intervalMs: row.interval_seconds * 1000,
      retryIntervalMs: row.retry_interval_seconds * 1000,
      confirming: step.confirming,
    })
    change.next_check_at = next.at
    change.grid_at = next.gridAt
    change.lease_owner = null
    change.lease_until = null
  } else if (step.confirming && row.lease_owner === null && (row.next_check_at ?? Infinity) > retryAt) {
    // A failure found by hand is confirmed on the retry schedule too.
    change.next_check_at = retryAt
  }

  // What it saw: a change of it may be news.
  if (outcome.observed !== undefined && outcome.observed !== null) {
    const after = [...outcome.observed]
    const before = row.last_observed
    change.last_observed = after
    if (before !== null && isNewsworthyChange(row.type, before, after))
      raise('change', changeMessage(row, before, after, at))
  }

  // When it expires: a warning may be due (a failing check says more than a warning would).
  if (outcome.expiresAt !== undefined) {
    const expiresAt = outcome.expiresAt
    change.expires_at = expiresAt
    const warnDays = definitionOf<MonitorRecord['settings']>(row.type).expiry?.warnDays(row.settings) ?? []
    const threshold = expiresAt !== null && outcome.ok ? dueWarning(expiresAt, at, warnDays, row.warned_for) : null
    // A warning held back by maintenance is given after it.
    if (expiresAt !== null && threshold !== null && !inMaintenance) {
      change.warned_for = warningKey(expiresAt, threshold)
      raise('expiry', expiryMessage(row, daysLeft(expiresAt, at), expiresAt))
    }
  }

  let openIncident: IncidentRow | null = null
  let resolveIncident: CheckEffects['resolveIncident'] = null
  let incidentId: string | null = null
  const timeline: TimelineMark[] = []
  if (transition.kind === 'down') {
    openIncident = {
      incident_id: newId(),
      user_id: row.user_id,
      monitor_id: row.monitor_id,
      started_at: transition.since,
      resolved_at: null,
      cause: outcome.message,
      acknowledged_at: null,
      acknowledged_by: null,
    }
    incidentId = openIncident.incident_id
    timeline.push({ incidentId, kind: 'failed', at: transition.since }, { incidentId, kind: 'confirmed', at })
    change.open_incident_id = openIncident.incident_id
    change.last_reminded_at = at
    raise('down', downMessage(row, transition.since, outcome.message), transition.since)
  } else if (transition.kind === 'up') {
    if (row.open_incident_id) {
      resolveIncident = { id: row.open_incident_id, at: transition.since }
      incidentId = row.open_incident_id
      timeline.push({ incidentId, kind: 'resolved', at: transition.since })
    }
    change.open_incident_id = null
    raise('up', upMessage(row, transition.since, row.failing_since ?? transition.since))
  } else if (health.status === 'down' && row.reminder_minutes !== null && !inMaintenance && !acknowledged) {
    // Still down: the channels are reminded every reminder_minutes (the bell already says it is down), until
    // someone acknowledges the incident.
    incidentId = row.open_incident_id
    const last = row.last_reminded_at ?? row.status_changed_at ?? at
    if (at - last >= row.reminder_minutes * 60_000) {
      change.last_reminded_at = at
      const since = row.failing_since ?? last
      raise('reminder', reminderMessage(row, since, outcome.message, at), since, false)
    }
  }

  return {
    result: {
      monitor_id: row.monitor_id,
      checked_at: at,
      status: health.status,
      ok: outcome.ok ? 1 : 0,
      response_ms: outcome.responseMs,
      message: outcome.message,
      detail: outcome.detail ?? null,
      verdict: resultVerdictOf(verdict),
      ...runOf(before, health, verdict, row, inMaintenance),
      in_maintenance: inMaintenance ? 1 : 0,
    },
    rollup: {
      status: time.status,
      ok: outcome.ok,
      responseMs: outcome.responseMs,
      weightMs: time.ms,
      maintenance: inMaintenance,
    },
    change,
    openIncident,
    resolveIncident,
    alerts,
    incidentId,
    timeline,
  }
}
