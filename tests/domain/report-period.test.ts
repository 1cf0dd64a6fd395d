import { describe, expect, it } from 'vitest'
import {
  checkRange,
  customRange,
  isTimeZone,
  presetRange,
  RANGE_BACKWARDS,
  RANGE_TOO_LONG,
} from '@vigil/domain/report-period'

// The periods of a report in the viewer's time zone, against instants worked out by hand (Auckland is UTC+13 in
// November under daylight saving time, UTC+12 without; New York UTC-5 in November and January).

const now = Date.parse('2026-11-26T18:00:00Z') // 27 Nov 07:00 in Auckland, 26 Nov 13:00 in New York

describe('report periods', () => {
  it('ends rolling periods now', () => {
    expect(presetRange('24h', now, 'UTC')).toEqual({ ok: true, from: now - 86_400_000, to: now })
    expect(presetRange('30d', now, 'Pacific/Auckland')).toEqual({ ok: true, from: now - 30 * 86_400_000, to: now })
  })

  it('keeps midnight across a change of daylight saving inside the period', () => {
    // New York leaves daylight saving on 1 Nov 2026: November starts at 04:00 UTC (EDT), December at 05:00 (EST).
    expect(presetRange('last_month', Date.parse('2026-12-15T12:00:00Z'), 'America/New_York')).toEqual({
      ok: true,
      from: Date.parse('2026-11-01T04:00:00Z'),
      to: Date.parse('2026-12-01T05:00:00Z'),
    })
  })

  it("starts calendar periods at the viewer's midnight", () => {
    expect(presetRange('this_month', now, 'America/New_York')).toEqual({
      ok: true,
      from: Date.parse('2026-11-01T04:00:00Z'), // 1 Nov 00:00 EDT (daylight saving ends that morning at 2:00)
      to: now,
    })
    expect(presetRange('last_month', now, 'Pacific/Auckland')).toEqual({
      ok: true,
      from: Date.parse('2026-09-30T11:00:00Z'), // 1 Oct 00:00 NZDT
      to: Date.parse('2026-10-31T11:00:00Z'), // 1 Nov 00:00 NZDT
    })
    expect(presetRange('this_year', now, 'UTC')).toEqual({
      ok: true,
      from: Date.parse('2026-01-01T00:00:00Z'),
      to: now,
    })
  })

  it('takes a custom range of whole days, both included, and refuses one backwards or over 400 days', () => {
    expect(customRange('2026-10-01', '2026-10-31', 'UTC')).toEqual({
      ok: true,
      from: Date.parse('2026-10-01T00:00:00Z'),
      to: Date.parse('2026-11-01T00:00:00Z'),
    })
    expect(customRange('2026-10-31', '2026-10-01', 'UTC')).toEqual({ ok: false, message: RANGE_BACKWARDS })
    expect(customRange('2025-01-01', '2026-02-05', 'UTC')).toEqual({ ok: false, message: RANGE_TOO_LONG })
    expect(customRange('2025-01-01', '2026-02-04', 'UTC').ok).toBe(true) // 400 days exactly
    expect(customRange('1 Oct', '2026-10-31', 'UTC')).toEqual({ ok: false, message: 'Give days as YYYY-MM-DD.' })
    expect(checkRange(5, 5)).toEqual({ ok: false, message: RANGE_BACKWARDS })
  })

  it('knows time zones by their IANA names', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
  })
})
