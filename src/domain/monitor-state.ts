import type { MonitorStatus } from './monitor-status.ts'

// The state rules of a monitor. A failed check counts as down only once `retries` re-checks (at the
// shorter retry interval) have failed too, so one dropped packet raises no alarm; it is up again after
// `recovery_checks` successes in a row. Degraded is up, but slower than the threshold. Going down opens
// an incident; coming back closes it.

/** What one check found, before the rules: it worked (fast or slow), or it failed. */
export type Verdict = 'up' | 'degraded' | 'down'

export interface Health {
  status: Exclude<MonitorStatus, 'paused'>
  /** Failed checks in a row, and when the first of them ran (the incident starts there). */
  failures: number
  failingSince: number | null
  /** Successful checks in a row while down, and when the first of them ran (the incident ends there). */
  successes: number
  recoveringSince: number | null
}

export interface Policy {
  retries: number
  recovery_checks: number
}

export type Transition =
  | { kind: 'none' }
  /** Down confirmed: an incident opens, from the first failed check of the run. */
  | { kind: 'down'; since: number }
  /** Back up: the open incident closes at the first good check of the run. */
  | { kind: 'up'; since: number }

export interface Step {
  health: Health
  transition: Transition
  /** Re-check at the retry interval: a failure or a recovery is being confirmed. */
  confirming: boolean
}

export const initialHealth = (): Health => ({
  status: 'pending',
  failures: 0,
  failingSince: null,
  successes: 0,
  recoveringSince: null,
})

export const verdictOf = (ok: boolean, responseMs: number | null, degradedThresholdMs: number | null): Verdict => {
  if (!ok) return 'down'
  if (degradedThresholdMs !== null && responseMs !== null && responseMs > degradedThresholdMs) return 'degraded'
  return 'up'
}

/** The health after one check at time `at`. */
export const applyVerdict = (health: Health, verdict: Verdict, at: number, policy: Policy): Step => {
  if (verdict === 'down') {
    const failures = health.failures + 1
    const failingSince = health.failingSince ?? at
    const cleared = { successes: 0, recoveringSince: null }
    if (health.status === 'down')
      return {
        health: { ...health, ...cleared, failures, failingSince },
        transition: { kind: 'none' },
        confirming: false,
      }
    if (failures > policy.retries)
      return {
        health: { status: 'down', failures, failingSince, ...cleared },
        transition: { kind: 'down', since: failingSince },
        confirming: false,
      }
    // Not yet confirmed: the status stays as it was (pending, up or degraded) and a retry comes sooner.
    return { health: { ...health, ...cleared, failures, failingSince }, transition: { kind: 'none' }, confirming: true }
  }

  if (health.status === 'down') {
    const successes = health.successes + 1
    const recoveringSince = health.recoveringSince ?? at
    if (successes >= policy.recovery_checks)
      return {
        health: { status: verdict, failures: 0, failingSince: null, successes: 0, recoveringSince: null },
        transition: { kind: 'up', since: recoveringSince },
        confirming: false,
      }
    return { health: { ...health, successes, recoveringSince }, transition: { kind: 'none' }, confirming: true }
  }

  return {
    health: { status: verdict, failures: 0, failingSince: null, successes: 0, recoveringSince: null },
    transition: { kind: 'none' },
    confirming: false,
  }
}

/**
 * When the next check is due. Fixed rate: the next slot of the monitor's own grid after the check (the grid is its
 * first check's time plus whole intervals; `gridAt` is a slot of it, null when this check starts a new one), skipping
 * slots already missed (after a pause of the worker) instead of running them in a burst. A check that confirms a
 * failure or a recovery is followed by an extra one at the retry interval, between the slots (or the next slot, when
 * that comes first): retries never move the grid. `gridAt` is the next slot, for the next check to keep to.
 */
export const nextDue = (opts: {
  gridAt: number | null
  scheduledAt: number
  finishedAt: number
  intervalMs: number
  retryIntervalMs: number
  confirming: boolean
}): { at: number; gridAt: number } => {
  const { scheduledAt, finishedAt, intervalMs, retryIntervalMs, confirming } = opts
  const anchor = opts.gridAt ?? scheduledAt
  const after = Math.max(scheduledAt, finishedAt)
  const slot = anchor + (Math.floor((after - anchor) / intervalMs) + 1) * intervalMs
  return { at: confirming ? Math.min(finishedAt + retryIntervalMs, slot) : slot, gridAt: slot }
}
