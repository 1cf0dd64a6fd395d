import {
  addResult,
  attributeTime,
  bucketStart,
  emptyRollup,
  histogramIndex,
  histogramPercentile,
  mergeRollups,
  percentile,
  roundUptime,
  uptimePercent,
  windowStart,
} from '@vigil/domain/uptime'
import { describe, expect, it } from 'vitest'

describe('uptime', () => {
  it('is the share of known time up or degraded; no known time is no data, not 100 %', () => {
    expect(uptimePercent({ up_ms: 0, degraded_ms: 0, down_ms: 0 })).toBeNull()
    expect(uptimePercent({ up_ms: 900, degraded_ms: 50, down_ms: 50 })).toBe(95)
    expect(uptimePercent({ up_ms: 0, degraded_ms: 0, down_ms: 10 })).toBe(0)
  })

  it('rounds down, so a little downtime never reads as 100 %', () => {
    expect(roundUptime(99.99996)).toBe(99.999)
    expect(roundUptime(100)).toBe(100)
    expect(roundUptime(null)).toBeNull()
  })

  it('leaves pending, paused and maintenance time out', () => {
    const r = emptyRollup()
    addResult(r, { status: 'pending', ok: true, responseMs: 10, weightMs: 1000 })
    addResult(r, { status: 'paused', ok: true, responseMs: 10, weightMs: 1000 })
    addResult(r, { status: 'down', ok: false, responseMs: null, weightMs: 1000, maintenance: true })
    expect(uptimePercent(r)).toBeNull()
    expect(r.checks).toBe(3)
    expect(r.failures).toBe(1)
    addResult(r, { status: 'up', ok: true, responseMs: 10, weightMs: 3000 })
    addResult(r, { status: 'down', ok: false, responseMs: null, weightMs: 1000 })
    expect(uptimePercent(r)).toBe(75)
  })

  it('merges rollups by adding them', () => {
    const a = addResult(emptyRollup(), { status: 'up', ok: true, responseMs: 40, weightMs: 60_000 })
    const b = addResult(emptyRollup(), { status: 'down', ok: false, responseMs: null, weightMs: 20_000 })
    const m = mergeRollups([a, b])
    expect(m).toMatchObject({
      up_ms: 60_000,
      down_ms: 20_000,
      checks: 2,
      failures: 1,
      rt_count: 1,
      rt_sum: 40,
      rt_max: 40,
    })
    expect(uptimePercent(m)).toBe(75)
  })
})

describe('time attribution between checks', () => {
  const base = {
    previousStatus: 'up' as const,
    accountedFrom: 1000,
    at: 31_000,
    decides: null,
    maxGapMs: 120_000,
  }
  it('gives the time since the last check to the state that check left', () => {
    expect(attributeTime(base)).toEqual({ status: 'up', ms: 30_000 })
  })
  it('counts the time as down when this check confirms an outage that began at the last one (a retry)', () => {
    expect(attributeTime({ ...base, decides: { status: 'down', since: 1000 } })).toEqual({ status: 'down', ms: 30_000 })
  })
  it('counts the time before a failure that confirms at once (no retries) as up: the incident starts at it', () => {
    expect(attributeTime({ ...base, decides: { status: 'down', since: 31_000 } })).toEqual({ status: 'up', ms: 30_000 })
  })
  it('counts the time from the first good recovery check as up when a later one confirms it: the incident ended there', () => {
    const down = { ...base, previousStatus: 'down' as const }
    expect(attributeTime({ ...down, decides: { status: 'up', since: 1000 } })).toEqual({ status: 'up', ms: 30_000 })
    expect(attributeTime({ ...down, decides: { status: 'degraded', since: 1000 } }).status).toBe('degraded')
    // One recovery check: the time before it is the outage's.
    expect(attributeTime({ ...down, decides: { status: 'up', since: 31_000 } })).toEqual({ status: 'down', ms: 30_000 })
  })
  it('counts nothing for a first check or for a gap longer than allowed (no worker ran)', () => {
    expect(attributeTime({ ...base, accountedFrom: null }).ms).toBe(0)
    expect(attributeTime({ ...base, at: 500_000 }).ms).toBe(0)
  })
})

describe('response-time percentiles', () => {
  it('are exact from raw values (nearest rank)', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(values, 50)).toBe(50)
    expect(percentile(values, 95)).toBe(95)
    expect(percentile(values, 99)).toBe(99)
    expect(percentile([], 95)).toBeNull()
  })

  it('from the histogram, land in the right bucket and never past the largest value', () => {
    const r = emptyRollup()
    for (let i = 1; i <= 100; i++) addResult(r, { status: 'up', ok: true, responseMs: i * 10, weightMs: 1 })
    // True values: p50 = 500, p95 = 950, p99 = 990.
    const p50 = histogramPercentile(r.hist, r.rt_max, 50) as number
    const p95 = histogramPercentile(r.hist, r.rt_max, 95) as number
    const p99 = histogramPercentile(r.hist, r.rt_max, 99) as number
    expect(p50).toBeGreaterThanOrEqual(300)
    expect(p50).toBeLessThanOrEqual(750)
    expect(p95).toBeGreaterThanOrEqual(750)
    expect(p95).toBeLessThanOrEqual(1000)
    expect(p99).toBeLessThanOrEqual(1000)
    expect(histogramPercentile(emptyRollup().hist, 0, 95)).toBeNull()
    const one = addResult(emptyRollup(), { status: 'up', ok: true, responseMs: 42_000, weightMs: 1 })
    expect(histogramPercentile(one.hist, one.rt_max, 99)).toBeLessThanOrEqual(42_000)
  })

  it('puts each value in its bucket by upper bound', () => {
    expect(histogramIndex(0)).toBe(0)
    expect(histogramIndex(9.9)).toBe(0)
    expect(histogramIndex(10)).toBe(1)
    expect(histogramIndex(100_000)).toBe(18)
  })
})

describe('buckets and windows', () => {
  const t = Date.parse('2026-11-23T10:17:42.500Z')
  it('align to UTC minutes, hours and days', () => {
    expect(new Date(bucketStart(t, 'minute')).toISOString()).toBe('2026-11-23T10:17:00.000Z')
    expect(new Date(bucketStart(t, 'hour')).toISOString()).toBe('2026-11-23T10:00:00.000Z')
    expect(new Date(bucketStart(t, 'day')).toISOString()).toBe('2026-11-23T00:00:00.000Z')
  })
  it('start a window on a step: as many steps as fit, the last one the current', () => {
    expect(new Date(windowStart(t, '24h')).toISOString()).toBe('2026-11-22T10:30:00.000Z')
    expect(new Date(windowStart(t, '90d')).toISOString()).toBe('2026-08-26T00:00:00.000Z')
  })
})
