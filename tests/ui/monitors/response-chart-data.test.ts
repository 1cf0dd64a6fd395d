import { describe, expect, it } from 'vitest'
import { chartSummary, nearestPoint } from '../../../src/ui/pages/monitors/response-chart-data.ts'

// The response-time chart's view besides its data (tests/domain/response-chart.test.ts): the point its pointer snaps
// to, and its text alternative.

const FROM = Date.parse('2026-11-21T09:15:00.000Z')
const NOW = FROM + 24 * 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

describe('the response-time chart view', () => {
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
