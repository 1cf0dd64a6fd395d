import { describe, expect, it } from 'vitest'
import type { MonitorStats, StatsPoint } from '@vigil/domain/check-result'
import { chartSummary, nearestPoint, responseChart } from '../../../src/ui/pages/monitors/response-chart-data.ts'
import { stats as statsFixture } from '../../fixtures/monitors.ts'

// The response-time chart's data, shaped from the stats answer: where its axis starts, which points a line
// joins, and the bands it shades.

const STEP = 15 * 60_000
const FROM = Date.parse('2026-11-21T09:15:00.000Z')
const NOW = FROM + 24 * 3_600_000 - STEP + 5 * 60_000
const iso = (ms: number) => new Date(ms).toISOString()
const s = (ms: number) => ms / 1000

/** A 24-hour window of 15-minute steps; `points` sets steps by index: a response time, or 'failed' (checks, none ok). */
const window = (points: Record<number, number | 'failed'>, over: Partial<MonitorStats> = {}): MonitorStats => {
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
  return statsFixture({ window: '24h', from: iso(FROM), to: iso(NOW), series, outages: [], maintenance: [], ...over })
}
const at = (i: number) => FROM + i * STEP
const old = { created_at: '2026-01-01T00:00:00.000Z', interval_seconds: 60 }

describe('the response-time chart data', () => {
  it('starts the axis at the first check of a monitor younger than the window, and joins consecutive points', () => {
    const young = { created_at: iso(at(90) + 60_000), interval_seconds: 60 }
    const chart = responseChart(window({ 90: 120, 91: 130, 92: 110 }), young)
    expect(chart.range).toEqual([s(at(90)), s(NOW)])
    expect(chart.x).toEqual([s(at(90)), s(at(91)), s(at(92))])
    expect(chart.avg).toEqual([120, 130, 110])
    expect(chart.p95).toEqual([240, 260, 220])
  })

  it('keeps the whole window for a monitor older than it, with no empty steps drawn', () => {
    const chart = responseChart(window({ 90: 120, 91: 130 }), old)
    expect(chart.range).toEqual([s(FROM), s(NOW)])
    expect(chart.avg).toEqual([120, 130])
  })

  it('gives a single check an axis of at least one step', () => {
    const young = { created_at: iso(NOW - 60_000), interval_seconds: 60 }
    const chart = responseChart(window({ 95: 80 }), young)
    expect(chart.range).toEqual([s(at(95)), s(at(96))])
    expect(chart.x).toEqual([s(at(95))])
  })

  it('joins points across steps the interval leaves empty', () => {
    const hourly = { ...old, interval_seconds: 3600 }
    const chart = responseChart(window({ 80: 100, 84: 110, 88: 120 }), hourly)
    expect(chart.avg).toEqual([100, 110, 120])
  })

  it('breaks the line where the checks stopped (a pause), where checks failed, and across an outage', () => {
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
    const young = { created_at: iso(at(40)), interval_seconds: 60 }
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

  it('finds the point nearest the pointer that has a value', () => {
    const values = [null, 10, null, null, 20, null]
    expect(nearestPoint(values, 1)).toBe(1)
    expect(nearestPoint(values, 2)).toBe(1)
    expect(nearestPoint(values, 3)).toBe(4)
    expect(nearestPoint(values, 0)).toBe(1)
    expect(nearestPoint(values, 5)).toBe(4)
    expect(nearestPoint([null, null], 1)).toBeNull()
    expect(nearestPoint([], 0)).toBeNull()
  })

  it('says what it shows in words', () => {
    const base = { avg_response_ms: 87, p95_response_ms: 240, outages: [], maintenance: [] }
    expect(chartSummary(base, 'last 24 hours')).toBe('Response time over the last 24 hours: average 87 ms, p95 240 ms')
    const span = { from: iso(FROM), to: iso(NOW) }
    expect(chartSummary({ ...base, outages: [span, span], maintenance: [span] }, 'last 7 days')).toBe(
      'Response time over the last 7 days: average 87 ms, p95 240 ms; marked: 2 outages, 1 maintenance window',
    )
  })
})
