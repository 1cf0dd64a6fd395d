import * as v from 'valibot'
import type { Verdict } from './monitor-state.ts'
import type { MonitorStatus } from './monitor-status.ts'

// What one check found, apart from the state it left the monitor in. A failure waiting for its retry leaves
// the monitor up: the result still failed, and says so ("Failed — confirming, 1 of 2"), never "Up". A success
// while the monitor is down waiting for its recovery checks reads "OK — recovering, 1 of 3". In a maintenance
// window the state stands still whatever the check finds.

export const RESULT_VERDICTS = ['ok', 'slow', 'failed'] as const
export const ResultVerdict = v.picklist(RESULT_VERDICTS)
export type ResultVerdict = v.InferOutput<typeof ResultVerdict>

/** A result on its way to changing the state: its place in the run of checks that will, and the run's length. */
export const Confirming = v.object({ step: v.number(), of: v.number() })
export type Confirming = v.InferOutput<typeof Confirming>

/** The state rules' verdict, as a result says it: worked, worked but slower than the threshold, failed. */
export const resultVerdictOf = (verdict: Verdict): ResultVerdict =>
  verdict === 'down' ? 'failed' : verdict === 'degraded' ? 'slow' : 'ok'

/**
 * The verdict of a result stored before verdicts were (migration 018): a failure from `ok`; a success that left
 * the monitor degraded was slow (the threshold of the time is not known, so a slow one that did not change the
 * state reads as ok).
 */
export const storedVerdict = (verdict: ResultVerdict | null, ok: boolean, status: MonitorStatus): ResultVerdict =>
  verdict ?? (!ok ? 'failed' : status === 'degraded' ? 'slow' : 'ok')

/** What the engine keeps per result to tell its place in a run; null where unknown (older results). */
export interface ResultRun {
  verdict: ResultVerdict
  /** The monitor's state after the result. */
  status: MonitorStatus
  /** Failures in a row (a failed result), or successes in a row while down (a good one); null when not counting. */
  streak: number | null
  /** How many in a row change the state: retries + 1 failures, or the recovery checks. */
  needed: number | null
  maintenance: boolean | null
}

/**
 * Where a result stands in a run not yet long enough to change the state: a failure while the monitor is still
 * up (or pending), or a success while it is still down. Null for anything else, and when the run is unknown.
 */
export const confirmingOf = ({ verdict, status, streak, needed, maintenance }: ResultRun): Confirming | null => {
  if (maintenance === true || streak === null || needed === null || streak >= needed) return null
  const failedWhileUp = verdict === 'failed' && status !== 'down' && status !== 'paused'
  const goodWhileDown = verdict !== 'failed' && status === 'down'
  return failedWhileUp || goodWhileDown ? { step: streak, of: needed } : null
}

export const VERDICT_LABELS: Record<ResultVerdict, string> = { ok: 'OK', slow: 'Slow', failed: 'Failed' }

/**
 * A result in words: "OK", "Slow", "Failed", "Failed — confirming, 1 of 2", "OK — recovering, 1 of 3",
 * "Failed — in maintenance".
 */
export const resultWords = (r: {
  verdict: ResultVerdict
  confirming: Confirming | null
  maintenance: boolean | null
}): string => {
  const label = VERDICT_LABELS[r.verdict]
  if (r.maintenance === true) return `${label} — in maintenance`
  if (r.confirming === null) return label
  const { step, of } = r.confirming
  return `${label} — ${r.verdict === 'failed' ? 'confirming' : 'recovering'}, ${step} of ${of}`
}
