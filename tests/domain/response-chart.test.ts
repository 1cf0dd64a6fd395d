import type { CheckSeries, MonitorStats, StatsPoint } from '@vigil/domain/check-result'
import {
  type CheckPoint,
  checkSeriesOf,
  drawsEachCheck,
  MAX_CHECK_POINTS,
  responseChart,
} from '@vigil/domain/response-chart'
import { noUptimeReason } from '@vigil/domain/uptime'
import { describe, expect, it } from 'vitest'

// What the response-time chart draws: each check of a window with few enough of them, or its steps; where its axis
// starts and that it ends now; which points a line joins; the bands it shades.

const STEP = 15 * 60_000
const FROM = Date.parse('2026-11-21T09:15:00.000Z')
const NOW = FROM + 24 * 3_600_000 - STEP + 5 * 60_000
const iso = (ms: number) => new Date(ms).toISOString()
const s = (ms: number) => ms / 1000

const base = (over: Partial<MonitorStats>): Parameters<typeof responseChart>[0] => ({
  window: '24h',
  from: iso(FROM),
  to: iso(NOW),
  series: [],
  checks_series: null,
  outages: [],
  maintenance: [],
  ...over,
})

/** A 24-hour window of 15-minute steps; `points` sets steps by index: a response time, or 'failed' (checks, none ok). */
const window = (points: Record<number, number | 'failed'>, over: Partial<MonitorStats> = {}) => {
  const series: StatsPoint[] = []
  for (let i = 0, t = FROM; t <= NOW; i++, t += STEP) {
    const p = points[i]
    series.push({
      t: iso(t),
      uptime: p === undefined ? null : p === 'failed' ? 0 : 100,
      avg_response_ms: typeof p === 'number' ? p : null,
      p95_response_ms: typeof p === 'number' ? p * 2 : null,
      checks: p === undefined ? 0 : 3,
      failures: p === 'failed' ? 3 : 0,
    })
  }
  return base({ series, ...over })
}
const at = (i: number) => FROM + i * STEP
const old = { created_at: '2026-01-01T00:00:00.000Z', interval_seconds: 60, timeout_seconds: 10 }

/** Checks every `every` ms from `start`, as the stats answer carries them; `ms` gives each one's response time. */
const checks = (start: number, count: number, every: number, ms: (i: number) => number | 'failed'): CheckSeries => {
  const points: CheckPoint[] = Array.from({ length: count }, (_, i) => {
    const m = ms(i)
    return { at: start + i * every, ok: m !== 'failed', response_ms: m === 'failed' ? null : m }
  })
  return checkSeriesOf(points, count) as CheckSeries
}

describe('the response-time chart of each check', () => {
  // A monitor made 13 minutes ago, checked every 30 s: 26 checks in the window's last step.
  const made = NOW - 13 * 60_000
  const young = { created_at: iso(made), interval_seconds: 30, timeout_seconds: 10 }
  const first = made + 2_000

  it('draws one point per check from the first check to now, joined by lines', () => {
    const chart = responseChart(base({ checks_series: checks(first, 26, 30_000, (i) => 40 + i) }), young)
    expect(chart.stepMs).toBeNull()
    expect(chart.points).toBe(26)
    expect(chart.x).toHaveLength(26)
    expect(chart.x[0]).toBe(s(first))
    expect(chart.x.at(-1)).toBe(s(first + 25 * 30_000))
    expect(chart.avg).toEqual(Array.from({ length: 26 }, (_, i) => 40 + i))
    expect(chart.p95.every((v) => v === null)).toBe(true)
    // The axis ends now, not a step later, and starts at the first check.
    expect(chart.range).toEqual([s(first), s(NOW)])
  })

  it('breaks the line at a failed check and across a silence longer than the checks leave', () => {
    const failed = responseChart(
      base({ checks_series: checks(first, 5, 30_000, (i) => (i === 2 ? 'failed' : 50)) }),
      young,
    )
    expect(failed.avg).toEqual([50, 50, null, 50, 50])
    expect(failed.points).toBe(4)
    // Paused for ten minutes: longer than two intervals, the timeout and a minute (2 min 10 s).
    const series = checkSeriesOf(
      [
        { at: first, ok: true, response_ms: 50 },
        { at: first + 30_000, ok: true, response_ms: 60 },
        { at: first + 630_000, ok: true, response_ms: 70 },
      ],
      3,
    )
    const paused = responseChart(base({ checks_series: series }), young)
    expect(paused.avg).toEqual([50, 60, null, 70])
    expect(paused.x).toEqual([s(first), s(first + 30_000), s(first + 330_000), s(first + 630_000)])
  })

  it('keeps the whole window for a monitor older than it', () => {
    const chart = responseChart(base({ checks_series: checks(NOW - 120_000, 3, 60_000, () => 80) }), old)
    expect(chart.range).toEqual([s(FROM), s(NOW)])
    expect(chart.points).toBe(3)
  })

  it('gives a single check just made an axis of its interval (a minute at least), ending now', () => {
    const fresh = { ...young, created_at: iso(NOW - 5_000) }
    const chart = responseChart(base({ checks_series: checks(NOW - 4_000, 1, 30_000, () => 90) }), fresh)
    expect(chart.range).toEqual([s(NOW - 60_000), s(NOW)])
    expect(chart.x).toEqual([s(NOW - 4_000)])
  })

  it('takes the results of a window as its checks, oldest first, unless some were pruned', () => {
    const points: CheckPoint[] = [
      { at: 3, ok: true, response_ms: 30 },
      { at: 1, ok: false, response_ms: null },
      { at: 2, ok: true, response_ms: 20 },
    ]
    expect(checkSeriesOf(points, 3)).toEqual({ at: [1, 2, 3], ok: [false, true, true], response_ms: [null, 20, 30] })
    // A check recorded between the two reads is drawn too.
    expect(checkSeriesOf(points, 2)?.at).toEqual([1, 2, 3])
    // The rollups counted checks whose results are gone: the steps draw the window instead.
    expect(checkSeriesOf(points, 4)).toBeNull()
  })

  it('draws each check up to MAX_CHECK_POINTS: a day of checks every 30 s, a week every 5 minutes', () => {
    expect(drawsEachCheck(0)).toBe(false)
    expect(drawsEachCheck(2_880)).toBe(true)
    expect(drawsEachCheck(2_016)).toBe(true)
    expect(drawsEachCheck(MAX_CHECK_POINTS)).toBe(true)
    expect(drawsEachCheck(MAX_CHECK_POINTS + 1)).toBe(false)
  })
})

describe('the response-time chart of steps', () => {
  it('starts the axis at the first check of a monitor younger than the window, and joins consecutive points', () => {
    const young = { ...old, created_at: iso(at(90) + 60_000) }
    const chart = responseChart(window({ 90: 120, 91: 130, 92: 110 }), young)
    expect(chart.stepMs).toBe(STEP)
    expect(chart.range).toEqual([s(at(90)), s(NOW)])
    expect(chart.x).toEqual([s(at(90)), s(at(91)), s(at(92))])
    expect(chart.avg).toEqual([120, 130, 110])
    expect(chart.p95).toEqual([240, 260, 220])
    expect(chart.points).toBe(3)
  })

  it('keeps the whole window for a monitor older than it, with no empty steps drawn', () => {
    const chart = responseChart(window({ 90: 120, 91: 130 }), old)
    expect(chart.range).toEqual([s(FROM), s(NOW)])
    expect(chart.avg).toEqual([120, 130])
  })

  it('ends the axis now when the first step is the current one', () => {
    const young = { ...old, created_at: iso(NOW - 60_000) }
    const chart = responseChart(window({ 95: 80 }), young)
    expect(at(95)).toBeLessThan(NOW)
    expect(chart.range).toEqual([s(NOW - STEP), s(NOW)])
    expect(chart.x).toEqual([s(at(95))])
  })

  it('joins points across steps the interval leaves empty', () => {
    const hourly = { ...old, interval_seconds: 3600 }
    const chart = responseChart(window({ 80: 100, 84: 110, 88: 120 }), hourly)
    expect(chart.avg).toEqual([100, 110, 120])
  })

  it('leaves a gap where steps have no checks: a pause, failures, an outage', () => {
    // Every minute: three empty steps are a pause.
    expect(responseChart(window({ 10: 100, 14: 110 }), old).avg).toEqual([100, null, 110])
    // A step of failures between two good ones.
    const failed = responseChart(window({ 10: 100, 11: 'failed', 12: 110 }), old)
    expect(failed.avg).toEqual([100, null, 110])
    expect(failed.x).toEqual([s(at(10)), s(at(11)), s(at(12))])
    // Hourly checks: the gap is the interval's, but an outage in it explains it.
    const hourly = { ...old, interval_seconds: 3600 }
    const outage = window({ 80: 100, 84: 110 }, { outages: [{ from: iso(at(81)), to: iso(at(82)) }] })
    expect(responseChart(outage, hourly).avg).toEqual([100, null, 110])
  })

  it('joins consecutive points even inside an outage (its band says it)', () => {
    const outage = window({ 10: 100, 11: 120 }, { outages: [{ from: iso(at(10) + 60_000), to: iso(at(11) + 60_000) }] })
    const chart = responseChart(outage, old)
    expect(chart.avg).toEqual([100, 120])
    expect(chart.outages).toEqual([[s(at(10) + 60_000), s(at(11) + 60_000)]])
  })

  it('shades outages and maintenance within the axis, in seconds', () => {
    const young = { ...old, created_at: iso(at(40)) }
    const chart = responseChart(
      window(
        { 40: 100, 41: 100, 42: 'failed', 43: 100 },
        {
          outages: [
            { from: iso(at(10)), to: iso(at(12)) },
            { from: iso(at(42)), to: iso(at(43)) },
          ],
          maintenance: [{ from: iso(at(90)), to: iso(NOW) }],
        },
      ),
      young,
    )
    // The first outage ended before the first check of this chart.
    expect(chart.outages).toEqual([[s(at(42)), s(at(43))]])
    expect(chart.maintenance).toEqual([[s(at(90)), s(NOW)]])
  })
})

describe('an uptime without a figure', () => {
  const windowFrom = Date.parse('2026-11-21T10:00:00.000Z')
  it('says why: first checks pending for a new monitor, paused, or no checks in the window', () => {
    expect(noUptimeReason({ paused: false, created_at: '2026-11-22T09:47:00.000Z' }, windowFrom)).toBe(
      'first checks pending',
    )
    expect(noUptimeReason({ paused: true, created_at: '2026-11-22T09:47:00.000Z' }, windowFrom)).toBe('paused')
    expect(noUptimeReason({ paused: false, created_at: '2026-01-01T00:00:00.000Z' }, windowFrom)).toBe(
      'no checks in this window',
    )
  })
})
