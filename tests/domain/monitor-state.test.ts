import { describe, expect, it } from 'vitest'
import { applyVerdict, type Health, initialHealth, nextDue, type Verdict, verdictOf } from '@vigil/domain/monitor-state'

const run = (verdicts: Verdict[], policy = { retries: 1, recovery_checks: 1 }, start: Health = initialHealth()) => {
  let health = start
  const steps = verdicts.map((verdict, i) => {
    const step = applyVerdict(health, verdict, 1000 * (i + 1), policy)
    health = step.health
    return step
  })
  return {
    health,
    steps,
    statuses: steps.map((s) => s.health.status),
    transitions: steps.map((s) => s.transition.kind),
  }
}

describe('monitor state rules', () => {
  it('a new monitor is pending until its first check', () => {
    expect(initialHealth().status).toBe('pending')
    expect(run(['up']).statuses).toEqual(['up'])
    expect(run(['degraded']).statuses).toEqual(['degraded'])
  })

  it('goes down only after retries + 1 failures in a row, re-checking sooner while it confirms', () => {
    const r = run(['up', 'down', 'down', 'down'])
    expect(r.statuses).toEqual(['up', 'up', 'down', 'down'])
    expect(r.transitions).toEqual(['none', 'none', 'down', 'none'])
    expect(r.steps.map((s) => s.confirming)).toEqual([false, true, false, false])
    // The incident starts at the first failure, not at the confirmation.
    expect(r.steps[2]?.transition).toEqual({ kind: 'down', since: 2000 })
  })

  it.each([
    [0, ['down'], ['down']],
    [2, ['down', 'down', 'down'], ['up', 'up', 'down']],
    [3, ['down', 'down', 'down', 'down'], ['up', 'up', 'up', 'down']],
  ] as const)('with %i retries: %j gives %j', (retries, verdicts, statuses) => {
    expect(run(['up', ...verdicts], { retries, recovery_checks: 1 }).statuses.slice(1)).toEqual(statuses)
  })

  it('a failure that does not repeat raises nothing and resets the count', () => {
    const r = run(['up', 'down', 'up', 'down', 'up'])
    expect(r.statuses).toEqual(['up', 'up', 'up', 'up', 'up'])
    expect(r.transitions.every((t) => t === 'none')).toBe(true)
  })

  it('a new monitor whose first checks fail stays pending until confirmed, then goes down', () => {
    expect(run(['down', 'down']).statuses).toEqual(['pending', 'down'])
  })

  it('comes back up after recovery_checks successes, closing the incident at the first of them', () => {
    const r = run(['up', 'down', 'down', 'up', 'up'], { retries: 1, recovery_checks: 2 })
    expect(r.statuses).toEqual(['up', 'up', 'down', 'down', 'up'])
    expect(r.steps[4]?.transition).toEqual({ kind: 'up', since: 4000 })
    expect(r.steps[3]?.confirming).toBe(true)
    // A failure during recovery starts the count again.
    const again = run(['down', 'down', 'up', 'down', 'up', 'up'], { retries: 1, recovery_checks: 2 })
    expect(again.statuses).toEqual(['pending', 'down', 'down', 'down', 'down', 'up'])
  })

  it('moves between up and degraded without an incident', () => {
    const r = run(['up', 'degraded', 'up'])
    expect(r.statuses).toEqual(['up', 'degraded', 'up'])
    expect(r.transitions).toEqual(['none', 'none', 'none'])
  })

  it('judges a check: failed, slower than the threshold, or up', () => {
    expect(verdictOf(false, 10, 100)).toBe('down')
    expect(verdictOf(true, 101, 100)).toBe('degraded')
    expect(verdictOf(true, 100, 100)).toBe('up')
    expect(verdictOf(true, 5000, null)).toBe('up')
  })
})

describe('next due time', () => {
  const base = { gridAt: null, intervalMs: 30_000, retryIntervalMs: 10_000 }
  const at = (o: Parameters<typeof nextDue>[0]) => nextDue(o).at
  it('keeps a fixed rate from the scheduled time, whatever the check took', () => {
    expect(nextDue({ ...base, scheduledAt: 0, finishedAt: 2_500, confirming: false })).toEqual({
      at: 30_000,
      gridAt: 30_000,
    })
  })
  it('skips slots already missed instead of running them in a burst', () => {
    expect(at({ ...base, scheduledAt: 0, finishedAt: 95_000, confirming: false })).toBe(120_000)
    expect(at({ ...base, scheduledAt: 0, finishedAt: 30_000, confirming: false })).toBe(60_000)
  })
  it('re-checks at the retry interval after the check while confirming, or at the next slot when that comes first', () => {
    expect(nextDue({ ...base, scheduledAt: 0, finishedAt: 1_000, confirming: true })).toEqual({
      at: 11_000,
      gridAt: 30_000,
    })
    expect(at({ ...base, retryIntervalMs: 25_000, scheduledAt: 0, finishedAt: 8_000, confirming: true })).toBe(30_000)
  })
  it('keeps the grid after a retry: the check after it is on the next slot, not an interval after the retry', () => {
    // The grid is :05/:35; the retry ran at :15 (between slots) and at :40 (past the one it replaced).
    expect(nextDue({ ...base, gridAt: 35_000, scheduledAt: 15_000, finishedAt: 15_400, confirming: false })).toEqual({
      at: 35_000,
      gridAt: 35_000,
    })
    expect(at({ ...base, gridAt: 35_000, scheduledAt: 40_000, finishedAt: 40_400, confirming: false })).toBe(65_000)
    expect(at({ ...base, gridAt: 35_000, scheduledAt: 15_000, finishedAt: 15_400, confirming: true })).toBe(25_400)
  })
})
