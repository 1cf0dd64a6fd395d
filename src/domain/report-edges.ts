import type { MonitorStatus } from './monitor-status.ts'
import { emptyRollup, type Rollup } from './uptime.ts'

// The time at a report's edges. The engine counts the time between two checks in the bucket of the later one
// (attributeTime in uptime.ts), so the rollups of a period hold the time from the last check before it to its own
// last check: a little before its start, and nothing from its last check to its end. A report counts the time inside
// its period, as it clips its incidents to it: the span between two checks that runs over an edge is cut there, its
// part before the start taken out and its part up to the end put in, in the state the engine gives that span (the
// state the later check decided when the earlier one was already part of its run, a failed retry before a confirmed
// outage or a good check before a confirmed recovery; otherwise the state the earlier check left).

export interface EdgeCheck {
  at: number
  /** The monitor's state after the check. */
  status: MonitorStatus
  /** The check itself worked (a failed one may be a retry before the outage is confirmed). */
  ok: boolean
  /** It ran in a maintenance window: the span it ends counts for nothing. */
  maintenance: boolean
}

/** The checks around an edge: the last one before it and the first one at or after it (null for none). */
export interface EdgeChecks {
  before: EdgeCheck | null
  after: EdgeCheck | null
}

export interface EdgeInput {
  /** The period, epoch ms, end excluded. */
  from: number
  to: number
  /** The time of the report: the span after the last check, not ended by another yet, runs to it. */
  now: number
  /** A longer span between two checks (the worker was stopped) counts for nothing (maxGapMs in uptime.ts). */
  maxGapMs: number
  /** The monitor is paused: the time since its last check counts for nothing. */
  paused: boolean
  start: EdgeChecks
  end: EdgeChecks
}

type CountedStatus = 'up' | 'degraded' | 'down'
interface Span {
  from: number
  to: number
  status: CountedStatus
}

const counted = (status: MonitorStatus): status is CountedStatus =>
  status === 'up' || status === 'degraded' || status === 'down'

/** The span between the checks around an edge as the engine counts it (or will, once the next check comes). */
const spanAround = ({ before, after }: EdgeChecks, input: EdgeInput): Span | null => {
  // Before the first check nothing is known.
  if (!before) return null
  if (after) {
    if (after.maintenance || after.at - before.at > input.maxGapMs) return null
    // attributeTime in uptime.ts: a confirmed outage from a failed retry, a confirmed recovery from a good check.
    const confirmsDown = after.status === 'down' && before.status !== 'down' && !before.ok
    const confirmsUp = before.status === 'down' && after.status !== 'down' && before.ok
    const status = confirmsDown || confirmsUp ? after.status : before.status
    return counted(status) ? { from: before.at, to: after.at, status } : null
  }
  if (input.paused || before.maintenance || input.now - before.at > input.maxGapMs) return null
  return counted(before.status) ? { from: before.at, to: input.now, status: before.status } : null
}

const timeIn = (status: CountedStatus, ms: number): Rollup => {
  const rollup = emptyRollup()
  rollup[`${status}_ms`] = ms
  return rollup
}

/**
 * What the edges add to the rollups of a period, each at the time whose day it belongs to: the time before the start
 * that its first check brought in (negative), and the time from its last check to its end (positive). No checks.
 */
export const edgeTime = (input: EdgeInput): { at: number; rollup: Rollup }[] => {
  const edges: { at: number; rollup: Rollup }[] = []
  const first = input.start.after
  const start = spanAround(input.start, input)
  // The span's later check is inside the period, so its rollups count the span whole: the part before the start out.
  if (start && first && first.at < input.to)
    edges.push({ at: first.at, rollup: timeIn(start.status, start.from - input.from) })
  // The span's later check is at or after the end (or not made yet): its rollups count none of it, its part inside in.
  const end = spanAround(input.end, input)
  if (end) {
    const at = Math.max(end.from, input.from)
    const ms = Math.min(end.to, input.to) - at
    if (ms > 0) edges.push({ at, rollup: timeIn(end.status, ms) })
  }
  return edges
}
