import { describe, expect, it } from 'vitest'
import { reportDuration } from '@vigil/domain/report-format'
import { wholeSeconds } from '@vigil/domain/report-seconds'

// One rounding for a report's durations: the CSV's whole seconds and the words of the page and the PDF agree.

describe('wholeSeconds', () => {
  it('rounds to the nearest second, a half away from zero, the same on both sides of zero', () => {
    expect([319_688, 319_499, 319_500, 0, 400, 1_500].map(wholeSeconds)).toEqual([320, 319, 320, 0, 0, 2])
    expect([-319_688, -319_499, -319_500, -400, -1_500].map(wholeSeconds)).toEqual([-320, -319, -320, 0, -2])
    expect(Object.is(wholeSeconds(-400), 0)).toBe(true)
  })

  it('gives reportDuration its seconds: no "−0 s" for less than half a second overspent', () => {
    expect(reportDuration(-319_688)).toBe('−5 min 20 s')
    expect(reportDuration(-400)).toBe('0 s')
    expect(reportDuration(-500)).toBe('−1 s')
  })
})
