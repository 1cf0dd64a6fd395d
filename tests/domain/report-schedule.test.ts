import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { timeInside } from '@vigil/domain/report'
import { ReportQuery, reportSearch, resolveReportQuery } from '@vigil/domain/report-query'
import { lastPeriod, nextSendAt, ReportScheduleInput, selectionTitle } from '@vigil/domain/report-schedule'

// Schedules' periods (weeks from Monday, months from the 1st, at midnight in the schedule's zone, across daylight
// saving), the report query made whole, and maintenance time counted once where windows overlap.

const at = (iso: string) => Date.parse(iso)

describe('scheduled report periods', () => {
  it('sends a weekly report on Monday at midnight for the week before', () => {
    const wednesday = at('2026-11-18T09:30:00Z')
    expect(nextSendAt('weekly', wednesday, 'UTC')).toBe(at('2026-11-23T00:00:00Z'))
    expect(lastPeriod('weekly', at('2026-11-23T00:01:00Z'), 'UTC')).toEqual({
      from: at('2026-11-16T00:00:00Z'),
      to: at('2026-11-23T00:00:00Z'),
    })
    // A Monday is the start of its own week.
    expect(nextSendAt('weekly', at('2026-11-23T00:00:00Z'), 'UTC')).toBe(at('2026-11-30T00:00:00Z'))
  })

  it('keeps midnight in the zone across a change of daylight saving', () => {
    // New York leaves daylight saving on 1 Nov 2026: the week of 26 Oct starts at 04:00 UTC and ends at 05:00 UTC.
    expect(lastPeriod('weekly', at('2026-11-02T12:00:00Z'), 'America/New_York')).toEqual({
      from: at('2026-10-26T04:00:00Z'),
      to: at('2026-11-02T05:00:00Z'),
    })
    expect(lastPeriod('monthly', at('2026-11-02T12:00:00Z'), 'America/New_York')).toEqual({
      from: at('2026-10-01T04:00:00Z'),
      to: at('2026-11-01T04:00:00Z'),
    })
    expect(nextSendAt('monthly', at('2026-11-18T09:30:00Z'), 'Pacific/Auckland')).toBe(at('2026-11-30T11:00:00Z'))
  })

  it('checks a schedule and names its set', () => {
    const ok = v.safeParse(ReportScheduleInput, {
      name: ' Weekly ',
      frequency: 'weekly',
      recipients: ['A@Example.com', 'a@example.com'],
      selection: { kind: 'type', type: 'dns' },
      time_zone: 'Europe/Paris',
    })
    expect(ok.success && ok.output).toMatchObject({ name: 'Weekly', recipients: ['a@example.com'] })
    expect(selectionTitle({ kind: 'monitors', monitor_ids: ['a'] }, {})).toBe('1 monitor')
    expect(selectionTitle({ kind: 'status_page', status_page_id: 'p' }, { statusPageName: 'Acme' })).toBe(
      'Status page Acme',
    )
  })
})

describe('the report query', () => {
  const now = at('2026-11-26T18:00:00Z')
  const resolve = (query: Record<string, string>) => resolveReportQuery(v.parse(ReportQuery, query), now)

  it('reads calendar days in the zone, both included, and instants as given', () => {
    expect(resolve({ from: '2026-11-01', to: '2026-11-02', tz: 'Europe/Paris' })).toEqual({
      ok: true,
      selection: { kind: 'all' },
      from: at('2026-10-31T23:00:00Z'),
      to: at('2026-11-02T23:00:00Z'),
      tz: 'Europe/Paris',
      format: 'json',
    })
    expect(
      resolve({ from: '2026-11-01T10:00:00+02:00', to: '2026-11-01T12:00:00Z', monitor_ids: 'b, a,b' }),
    ).toMatchObject({
      from: at('2026-11-01T08:00:00Z'),
      to: at('2026-11-01T12:00:00Z'),
      selection: { kind: 'monitors', monitor_ids: ['b', 'a'] },
      tz: 'UTC',
    })
  })

  it('writes the query back for a link that opens the same report', () => {
    const search = reportSearch({ kind: 'monitors', monitor_ids: ['a', 'b'] }, at('2026-11-01T00:00:00Z'), now, 'UTC')
    expect(search).toBe('monitor_ids=a%2Cb&from=2026-11-01T00%3A00%3A00.000Z&to=2026-11-26T18%3A00%3A00.000Z&tz=UTC')
    expect(resolve(Object.fromEntries(new URLSearchParams(search)))).toMatchObject({
      ok: true,
      from: at('2026-11-01T00:00:00Z'),
      to: now,
    })
  })
})

describe('maintenance time', () => {
  it('counts overlapping windows once and only inside the period', () => {
    const spans = [
      { from: 0, to: 100 },
      { from: 50, to: 150 },
      { from: 300, to: 400 },
      { from: 900, to: 1200 },
    ]
    expect(timeInside(spans, 20, 1000)).toBe(130 + 100 + 100)
    expect(timeInside([], 0, 10)).toBe(0)
  })
})
