import {
  type Monitor,
  type MonitorInput,
  type MonitorStatus,
  type MonitorType,
  SETTINGS_SCHEMAS,
} from '../../../domain/monitor.schema.ts'
import type { Health } from '../../../domain/monitor-state.ts'
import { newId } from '../../ids.ts'
import type { MonitorRow } from './monitors.repo.ts'

// A monitor row and what the domain and the API see of it.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** The monitor's configuration, as the check runners take it. */
export const toMonitorInput = (row: MonitorRow): MonitorInput =>
  ({
    type: row.type as MonitorType,
    name: row.name,
    interval_seconds: row.interval_seconds,
    timeout_seconds: row.timeout_seconds,
    retries: row.retries,
    retry_interval_seconds: row.retry_interval_seconds,
    recovery_checks: row.recovery_checks,
    degraded_threshold_ms: row.degraded_threshold_ms,
    integration_ids: row.integration_ids === null ? null : (JSON.parse(row.integration_ids) as string[]),
    reminder_minutes: row.reminder_minutes,
    ...JSON.parse(row.settings),
  }) as MonitorInput

export const healthOf = (row: MonitorRow): Health => ({
  status: (row.status === 'paused' ? 'pending' : row.status) as Health['status'],
  failures: row.failures,
  failingSince: row.failing_since,
  successes: row.successes,
  recoveringSince: row.recovering_since,
})

export interface MonitorFigures {
  uptime_24h?: number | null
  uptime_30d?: number | null
  avg_response_ms_24h?: number | null
}

/** The monitor as the API answers it: configuration, settings and live state, times in ISO 8601. */
export const toMonitor = (row: MonitorRow, figures: MonitorFigures = {}): Monitor =>
  ({
    id: row.monitor_id,
    ...toMonitorInput(row),
    status: row.status as MonitorStatus,
    paused: row.paused === 1,
    last_checked_at: iso(row.last_checked_at),
    last_response_ms: row.last_response_ms,
    last_error: row.last_error,
    status_changed_at: iso(row.status_changed_at),
    next_check_at: row.paused === 1 ? null : iso(row.next_check_at),
    created_at: new Date(row.created_at).toISOString(),
    expires_at: iso(row.expires_at),
    ...figures,
  }) as Monitor

/** The columns of a monitor's configuration: the common fields, and the type's settings as JSON. */
export const configColumns = (input: MonitorInput) => {
  const settingKeys = Object.keys(SETTINGS_SCHEMAS[input.type].entries)
  const record = input as unknown as Record<string, unknown>
  return {
    name: input.name,
    interval_seconds: input.interval_seconds,
    timeout_seconds: input.timeout_seconds,
    retries: input.retries,
    retry_interval_seconds: input.retry_interval_seconds,
    recovery_checks: input.recovery_checks,
    degraded_threshold_ms: input.degraded_threshold_ms,
    settings: JSON.stringify(Object.fromEntries(settingKeys.map((k) => [k, record[k]]))),
    integration_ids: input.integration_ids === null ? null : JSON.stringify(input.integration_ids),
    reminder_minutes: input.reminder_minutes,
  }
}

/** A new monitor's row: pending, first checked at once (so it shows its state within seconds) unless told. */
export const newMonitorRow = (
  userId: string,
  input: MonitorInput,
  now: number,
  opts: { monitorId?: string; nextCheckAt?: number } = {},
): MonitorRow => ({
  monitor_id: opts.monitorId ?? newId(),
  user_id: userId,
  type: input.type,
  ...configColumns(input),
  paused: 0,
  status: 'pending',
  failures: 0,
  failing_since: null,
  successes: 0,
  recovering_since: null,
  open_incident_id: null,
  last_checked_at: null,
  last_response_ms: null,
  last_error: null,
  status_changed_at: now,
  accounted_at: null,
  last_observed: null,
  expires_at: null,
  warned_for: null,
  last_reminded_at: null,
  next_check_at: opts.nextCheckAt ?? now,
  lease_owner: null,
  lease_until: null,
  created_at: now,
  updated_at: now,
})
