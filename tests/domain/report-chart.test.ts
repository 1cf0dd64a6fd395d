import { chartStep, HOURLY_MAX_MS, hourStarts, responseAxis, uptimeAxis } from '@vigil/domain/report-chart'
import { describe, expect, it } from 'vitest'

// How a report charts its period: by the hour for a day or two, and axes that never cut a value.

const HOUR = 3_600_000
const DAY = 24 * HOUR

describe('the step of a report chart', () => {
  it('is the hour for a period of up to two days (and an hour of daylight saving), the day beyond', () => {
    expect(chartStep(0, DAY, true)).toBe('hour')
    expect(chartStep(0, 2 * DAY, true)).toBe('hour')
    expect(chartStep(0, HOURLY_MAX_MS, true)).toBe('hour')
    expect(chartStep(0, HOURLY_MAX_MS + 1, true)).toBe('day')
    expect(chartStep(0, 7 * DAY, true)).toBe('day')
    // Hours no longer kept (older than 35 days): by the day.
    expect(chartStep(0, DAY, false)).toBe('day')
  })

  it('takes every hour the period touches', () => {
    const start = Date.UTC(2026, 10, 10, 14, 5)
    expect(hourStarts(start, start + 2 * HOUR)).toEqual([
      Date.UTC(2026, 10, 10, 14),
      Date.UTC(2026, 10, 10, 15),
      Date.UTC(2026, 10, 10, 16),
    ])
    expect(hourStarts(Date.UTC(2026, 10, 10), Date.UTC(2026, 10, 11))).toHaveLength(24)
  })
})

describe('the uptime axis', () => {
  it('starts under a 72 % day with room to see it, not at 80 %', () => {
    const axis = uptimeAxis([99.9, 72, 100], 99.9)
    expect(axis).toMatchObject({ min: 60, max: 100, step: 10, ticks: [60, 70, 80, 90, 100] })
  })

  it('keeps the target inside, and a percent under 100 at least', () => {
    expect(uptimeAxis([100, 100], 99.9)).toMatchObject({ min: 99, max: 100, step: 0.2 })
    expect(uptimeAxis([100], 95).min).toBeLessThan(95)
    expect(uptimeAxis([null], null)).toMatchObject({ min: 99, max: 100 })
    expect(uptimeAxis([99.95, null, 100])).toMatchObject({
      min: 99,
      step: 0.2,
      ticks: [99, 99.2, 99.4, 99.6, 99.8, 100],
    })
    expect(uptimeAxis([12.5])).toMatchObject({ min: 0, step: 20 })
  })

  it('never puts a value under its floor, on it, or within a quarter step above it (but 0 % on 0)', () => {
    for (let k = 0; k <= 4000; k++) {
      const value = k / 40
      const axis = uptimeAxis([value, 100], null)
      expect(axis.ticks[0]).toBe(axis.min)
      expect(axis.ticks.at(-1)).toBe(100)
      expect(axis.ticks.length).toBeLessThanOrEqual(7)
      if (value === 0) expect(axis.min).toBe(0)
      else {
        expect(axis.min).toBeLessThan(value)
        if (axis.min > 0) expect(value - axis.min).toBeGreaterThanOrEqual(axis.step / 4 - 1e-9)
      }
    }
  })
})

describe('the response-time axis', () => {
  it('runs from 0 to a tick above the slowest value, with room over it', () => {
    expect(responseAxis([120, 440, null])).toMatchObject({ min: 0, max: 500, step: 100 })
    expect(responseAxis([500])).toMatchObject({ min: 0, max: 600, step: 100 })
    expect(responseAxis([null])).toMatchObject({ min: 0, max: 100 })
    for (const v of [1, 7, 99, 100, 101, 950, 12_345]) expect(responseAxis([v]).max).toBeGreaterThan(v)
  })
})
