import { describe, expect, it } from 'vitest'
import { DATE_FORMAT, formatDateTime } from '../../src/domain/date-format.ts'

// Dates are built in local time, so the expected text is the same in every time zone.
describe('formatDateTime', () => {
  it('uses the spec format', () => expect(DATE_FORMAT).toBe('DD MMM YYYY, hh:mm A'))

  it.each([
    [new Date(2026, 10, 22, 9, 5), '22 Nov 2026, 09:05 AM'],
    [new Date(2026, 0, 3, 0, 7), '03 Jan 2026, 12:07 AM'],
    [new Date(2026, 1, 5, 11, 59), '05 Feb 2026, 11:59 AM'],
    [new Date(2026, 5, 9, 12, 0), '09 Jun 2026, 12:00 PM'],
    [new Date(2026, 8, 30, 13, 1), '30 Sep 2026, 01:01 PM'],
    [new Date(2026, 11, 31, 23, 59, 59), '31 Dec 2026, 11:59 PM'],
  ])('%s -> %s', (date, text) => expect(formatDateTime(date)).toBe(text))

  it('takes epoch milliseconds and strings too', () => {
    const date = new Date(2027, 2, 4, 18, 30)
    expect(formatDateTime(date.getTime())).toBe('04 Mar 2027, 06:30 PM')
    expect(formatDateTime(date.toISOString())).toBe('04 Mar 2027, 06:30 PM')
    expect(formatDateTime('2027-03-04T18:30:00')).toBe('04 Mar 2027, 06:30 PM') // no zone: local time
  })
})
