import type { Monitor, MonitorInput, MonitorStatus, MonitorType } from '../../../domain/monitor.schema.ts'
import type { Health } from '../../../domain/monitor-state.ts'
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
