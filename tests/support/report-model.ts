import type { Recorder } from '../../src/server/engine/recorder.ts'

// A monitor's report numbers worked out from its checks alone, apart from the rollups the server reads: for the
// tests that hold the server's reports to what the checks say. Checks with no retries.

export interface ModelCheck {
  at: number
  ok: boolean
  /** The response time of a check that answered; null for one that did not. */
  ms: number | null
  /** In an announced maintenance window. */
  maintenance: boolean
}

/**
 * Over [from, to): each check accounts for the time since the one before, as down when it follows a failure (with no
 * retries the outage, and its incident, begin at the first failed check and end at the first good one), as up
 * otherwise, and as nothing inside maintenance (the first check accounts for nothing); only the part of that time
 * inside [from, to) counts, as a report cuts the time at its edges. The series ends long before the report is made:
 * nothing is counted after its last check.
 */
export const expectedReport = (checks: readonly ModelCheck[], from: number, to: number) => {
  let up = 0
  let down = 0
  let count = 0
  let failures = 0
  const responses: number[] = []
  checks.forEach((c, i) => {
    if (c.at >= from && c.at < to) {
      count += 1
      if (!c.ok) failures += 1
      if (c.ms !== null) responses.push(c.ms)
    }
    const before = checks[i - 1]
    if (!before || c.maintenance) return
    const inside = Math.max(0, Math.min(c.at, to) - Math.max(before.at, from))
    if (!before.ok && !before.maintenance) down += inside
    else up += inside
  })
  const known = up + down
  return {
    uptime: known === 0 ? null : Math.floor((up / known) * 100 * 1000) / 1000,
    downtime_ms: down,
    checks: count,
    failures,
    response_avg_ms: responses.length ? Math.round(responses.reduce((a, b) => a + b, 0) / responses.length) : null,
    known,
  }
}

interface RecordingApp {
  clock: { set(ms: number): void }
  deps: { recorder: Recorder }
}

/**
 * Writes the checks of some monitors (the same instants for each) through the server's recorder, as the engine
 * writes them, with the clock at each (the recorder asks which monitors are in maintenance at its clock's time).
 */
export const recordChecks = async (app: RecordingApp, series: [monitorId: string, checks: readonly ModelCheck[]][]) => {
  const count = series[0]?.[1].length ?? 0
  for (let k = 0; k < count; k++) {
    const at = series[0]?.[1][k]?.at as number
    app.clock.set(at)
    const written = Promise.all(
      series.map(([monitorId, checks]) => {
        const c = checks[k] as ModelCheck
        return app.deps.recorder.record({
          monitorId,
          lease: null,
          scheduledAt: at,
          startedAt: at,
          finishedAt: at,
          outcome: { ok: c.ok, responseMs: c.ms, message: c.ok ? 'OK' : 'Connection refused.' },
        })
      }),
    )
    await app.deps.recorder.flush()
    await written
  }
}

/** Forty checks five minutes apart from `start`, the last `failLast` of them failed: a day-long series for a list. */
export const fortyChecks = (start: number, failLast: number): ModelCheck[] =>
  Array.from({ length: 40 }, (_, k) => ({
    at: start + k * 300_000,
    ok: k < 40 - failLast,
    ms: k < 40 - failLast ? 100 + k : null,
    maintenance: false,
  }))
