import type { CheckResult } from '@vigil/domain/check-result'
import type { Monitor } from '@vigil/domain/monitor.schema'
import { confirmingOf, storedVerdict } from '@vigil/domain/result-verdict'
import { maskHeaders } from '@vigil/domain/secret-values'
import type { CheckResultRecord } from '../db/repos/check-results.repo.ts'
import { type MonitorRecord, toMonitorInput } from '../db/repos/monitor-record.ts'

// A monitor, and one of its check results, as the API answers them.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export interface MonitorFigures {
  uptime_24h?: number | null
  uptime_30d?: number | null
  avg_response_ms_24h?: number | null
}

/** The configuration as the API shows it: credential headers masked. */
const shownConfig = (monitor: MonitorRecord) => {
  const input = toMonitorInput(monitor)
  return input.type === 'api' ? { ...input, headers: maskHeaders(input.headers) } : input
}

/** Configuration, settings and live state, times in ISO 8601. */
export const toMonitor = (monitor: MonitorRecord, figures: MonitorFigures = {}): Monitor =>
  ({
    id: monitor.monitor_id,
    ...shownConfig(monitor),
    status: monitor.status,
    paused: monitor.paused === 1,
    paused_by_plan: monitor.paused_by_plan === 1,
    last_checked_at: iso(monitor.last_checked_at),
    last_response_ms: monitor.last_response_ms,
    last_error: monitor.last_error,
    status_changed_at: iso(monitor.status_changed_at),
    open_incident_id: monitor.open_incident_id,
    next_check_at: monitor.paused === 1 ? null : iso(monitor.next_check_at),
    created_at: new Date(monitor.created_at).toISOString(),
    expires_at: iso(monitor.expires_at),
    ...figures,
  }) as Monitor

export const toCheckResult = (row: CheckResultRecord): CheckResult => {
  const verdict = storedVerdict(row.verdict, row.ok === 1, row.status)
  const maintenance = row.in_maintenance === null ? null : row.in_maintenance === 1
  const run = { verdict, status: row.status, streak: row.streak, needed: row.streak_needed, maintenance }
  return {
    checked_at: new Date(row.checked_at).toISOString(),
    status: row.status,
    ok: row.ok === 1,
    response_ms: row.response_ms,
    message: row.message,
    detail: row.detail,
    verdict,
    confirming: confirmingOf(run),
    maintenance,
  }
}
