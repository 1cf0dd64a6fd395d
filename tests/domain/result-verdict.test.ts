import { describe, expect, it } from 'vitest'
import type { MonitorStatus } from '@vigil/domain/monitor-status'
import {
  type Confirming,
  confirmingOf,
  type ResultRun,
  type ResultVerdict,
  resultVerdictOf,
  resultWords,
  storedVerdict,
} from '@vigil/domain/result-verdict'
import { clipSpans, overlapsAny } from '@vigil/domain/time-spans'

describe('what a result found, in words', () => {
  it.each<[ResultVerdict, Confirming | null, boolean | null, string]>([
    ['ok', null, false, 'OK'],
    ['slow', null, false, 'Slow'],
    ['failed', null, false, 'Failed'],
    ['ok', null, null, 'OK'],
    ['failed', null, null, 'Failed'],
    ['failed', { step: 1, of: 2 }, false, 'Failed — confirming, 1 of 2'],
    ['failed', { step: 3, of: 4 }, false, 'Failed — confirming, 3 of 4'],
    ['ok', { step: 1, of: 3 }, false, 'OK — recovering, 1 of 3'],
    ['slow', { step: 2, of: 3 }, false, 'Slow — recovering, 2 of 3'],
    ['failed', null, true, 'Failed — in maintenance'],
    ['ok', null, true, 'OK — in maintenance'],
    ['slow', null, true, 'Slow — in maintenance'],
    // Maintenance freezes the state: it says more than a run would.
    ['failed', { step: 1, of: 2 }, true, 'Failed — in maintenance'],
  ])('%s, confirming %j, maintenance %s: "%s"', (verdict, confirming, maintenance, words) => {
    expect(resultWords({ verdict, confirming, maintenance })).toBe(words)
  })

  it('never says "Up" (or any state) for a result', () => {
    for (const verdict of ['ok', 'slow', 'failed'] as const)
      for (const confirming of [null, { step: 1, of: 2 }])
        for (const maintenance of [null, false, true])
          expect(resultWords({ verdict, confirming, maintenance })).not.toMatch(/\b(Up|Down|Degraded|Pending)\b/)
  })
})

describe('where a result stands in a run', () => {
  const run = (over: Partial<ResultRun>): ResultRun => ({
    verdict: 'failed',
    status: 'up',
    streak: 1,
    needed: 2,
    maintenance: false,
    ...over,
  })
  it.each<[string, Partial<ResultRun>, Confirming | null]>([
    ['a failure waiting for its retry', {}, { step: 1, of: 2 }],
    ['a failure of a new monitor waiting for its retry', { status: 'pending' }, { step: 1, of: 2 }],
    [
      'a failure of a slow monitor waiting for its retry',
      { status: 'degraded', streak: 2, needed: 3 },
      { step: 2, of: 3 },
    ],
    ['the failure that confirms the outage', { status: 'down', streak: 2 }, null],
    ['a failure while down', { status: 'down', streak: 5 }, null],
    ['a failure with no retries', { status: 'down', needed: 1 }, null],
    ['a success while down, first of three', { verdict: 'ok', status: 'down', needed: 3 }, { step: 1, of: 3 }],
    ['a slow success while down', { verdict: 'slow', status: 'down', streak: 2, needed: 3 }, { step: 2, of: 3 }],
    ['the success that ends the outage', { verdict: 'ok', status: 'up', streak: 3, needed: 3 }, null],
    ['a success while up', { verdict: 'ok', status: 'up', streak: null, needed: null }, null],
    ['a failure in maintenance', { maintenance: true, streak: null, needed: null }, null],
    ['a result stored before runs were', { streak: null, needed: null, maintenance: null }, null],
  ])('%s', (_, over, confirming) => {
    expect(confirmingOf(run(over))).toEqual(confirming)
  })

  it.each<[ResultVerdict | null, boolean, MonitorStatus, ResultVerdict]>([
    ['slow', true, 'up', 'slow'],
    ['failed', false, 'up', 'failed'],
    // Older results: from ok and the state they left.
    [null, false, 'up', 'failed'],
    [null, false, 'down', 'failed'],
    [null, true, 'degraded', 'slow'],
    [null, true, 'up', 'ok'],
    [null, true, 'down', 'ok'],
  ])('stored verdict %s, ok %s, state %s reads %s', (stored, ok, status, verdict) => {
    expect(storedVerdict(stored, ok, status)).toBe(verdict)
  })

  it('names the state rules verdicts as a result does', () => {
    expect([resultVerdictOf('up'), resultVerdictOf('degraded'), resultVerdictOf('down')]).toEqual([
      'ok',
      'slow',
      'failed',
    ])
  })
})

describe('spans of time on a chart', () => {
  it('cuts to the range, drops the empty, sorts and merges', () => {
    expect(
      clipSpans(
        [
          { from: 50, to: 70 },
          { from: 0, to: 20 },
          { from: 60, to: 90 },
          { from: 90, to: 95 },
          { from: 120, to: 130 },
          { from: 30, to: 30 },
          { from: 98, to: 200 },
        ],
        10,
        100,
      ),
    ).toEqual([
      { from: 10, to: 20 },
      { from: 50, to: 95 },
      { from: 98, to: 100 },
    ])
  })

  it('tells whether a span covers time strictly between two instants', () => {
    const spans = [{ from: 10, to: 20 }]
    expect(overlapsAny(spans, 0, 10)).toBe(false)
    expect(overlapsAny(spans, 20, 30)).toBe(false)
    expect(overlapsAny(spans, 15, 30)).toBe(true)
    expect(overlapsAny(spans, 0, 100)).toBe(true)
    // No time between two instants: nothing covers it, not even a span around them.
    expect(overlapsAny(spans, 15, 15)).toBe(false)
  })
})
