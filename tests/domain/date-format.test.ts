import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATE_FORMAT, formatDateTime, localizeUtcTimes } from '@vigil/domain/date-format'
import { formatUtc, upMessage } from '@vigil/domain/incident-message'

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

describe('localizeUtcTimes', () => {
  // A zone without daylight saving, half an hour off: a conversion that only moved whole hours would show.
  const zone = process.env.TZ
  beforeAll(() => {
    process.env.TZ = 'Asia/Kolkata'
  })
  afterAll(() => {
    process.env.TZ = zone
  })

  it("writes the server's UTC times in the viewer's zone and the one format", () => {
    expect(localizeUtcTimes('Shop has been down since 23 Nov 2026, 04:50 UTC: HTTP 503.')).toBe(
      'Shop has been down since 23 Nov 2026, 10:20 AM: HTTP 503.',
    )
    // Past midnight in the viewer's zone: the day moves too.
    expect(localizeUtcTimes('At 31 Dec 2026, 20:00 UTC the answer changed.')).toBe(
      'At 01 Jan 2027, 01:30 AM the answer changed.',
    )
  })

  it('reads every time the incident messages write', () => {
    const since = Date.UTC(2026, 10, 23, 4, 50)
    const { description } = upMessage({ name: 'Shop' }, since + 3_600_000, since)
    expect(description).toContain('UTC')
    expect(localizeUtcTimes(description)).toBe(
      `Shop is up again since ${formatDateTime(since + 3_600_000)}, after 1 hour of downtime.`,
    )
    expect(localizeUtcTimes(formatUtc(since))).toBe(formatDateTime(since))
  })

  it('leaves other text alone, dates without a time included', () => {
    for (const text of ['Your password was changed.', 'Pro stays until 30 Nov 2026 (UTC).', 'p95 above 2 s', ''])
      expect(localizeUtcTimes(text)).toBe(text)
  })
})
