import { type EdgeCheck, type EdgeInput, edgeTime } from '@vigil/domain/report-edges'
import { describe, expect, it } from 'vitest'

// The time at a report's edges, worked out from the checks around them (the server test runs it on both databases).

const check = (at: number, status: EdgeCheck['status'], maintenance = false, ok = status !== 'down'): EdgeCheck => ({
  at,
  status,
  ok,
  maintenance,
})
const none = { before: null, after: null }
const input = (over: Partial<EdgeInput>): EdgeInput => ({
  from: 1_000,
  to: 2_000,
  now: 10_000,
  maxGapMs: 500,
  paused: false,
  start: none,
  end: none,
  ...over,
})
/** The edges as [at, up, down] triples. */
const edges = (over: Partial<EdgeInput>) => edgeTime(input(over)).map((e) => [e.at, e.rollup.up_ms, e.rollup.down_ms])

describe('edgeTime', () => {
  it('takes out the time a first check brings in from before the start, and adds the time after the last', () => {
    const start = { before: check(900, 'up'), after: check(1_100, 'up') }
    const end = { before: check(1_900, 'down'), after: check(2_100, 'down') }
    expect(edges({ start, end })).toEqual([
      [1_100, -100, 0],
      [1_900, 0, 100],
    ])
  })

  it('gives the span the state the engine gives it: down when its later check confirmed an outage its earlier one began', () => {
    // The earlier check a failed retry (its state still up): the outage began there.
    const retry = check(1_900, 'up', false, false)
    expect(edges({ end: { before: retry, after: check(2_100, 'down') } })).toEqual([[1_900, 0, 100]])
    // The earlier check worked: the outage (no retries) began at the later one, the span is up.
    expect(edges({ end: { before: check(1_900, 'up'), after: check(2_100, 'down') } })).toEqual([[1_900, 100, 0]])
    expect(edges({ end: { before: check(1_900, 'pending'), after: check(2_100, 'up') } })).toEqual([])
  })

  it('gives a span up when its later check confirmed a recovery its earlier one began', () => {
    // A good check while down (its state still down), confirmed by the next: the incident ended at the first.
    const recovering = check(1_900, 'down', false, true)
    expect(edges({ end: { before: recovering, after: check(2_100, 'up') } })).toEqual([[1_900, 100, 0]])
    // One recovery check: the span before it is the outage's.
    expect(edges({ end: { before: check(1_900, 'down'), after: check(2_100, 'up') } })).toEqual([[1_900, 0, 100]])
  })

  it('counts nothing for a span ended in maintenance, too long, or before the first check', () => {
    expect(edges({ end: { before: check(1_900, 'up'), after: check(2_100, 'up', true) } })).toEqual([])
    expect(edges({ end: { before: check(1_400, 'up'), after: check(2_100, 'up') } })).toEqual([])
    expect(edges({ start: { before: null, after: check(1_100, 'up') } })).toEqual([])
  })

  it('runs a span without a later check to now, unless the monitor is paused or stopped long ago', () => {
    const end = { before: check(1_900, 'down'), after: null }
    expect(edges({ end, now: 1_950, to: 1_951 })).toEqual([[1_900, 0, 50]])
    expect(edges({ end, now: 1_950, to: 1_951, paused: true })).toEqual([])
    expect(edges({ end, now: 2_500 })).toEqual([])
  })

  it('counts the part inside of a span over the whole period once', () => {
    const around = { before: check(900, 'down'), after: check(2_100, 'down') }
    expect(edges({ start: around, end: around, maxGapMs: 2_000 })).toEqual([[1_000, 0, 1_000]])
  })
})
