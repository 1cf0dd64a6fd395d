import { describe, expect, it } from 'vitest'
import { coverRange } from '@vigil/domain/report-cover'
import { ROLLUP_RETENTION_MS } from '@vigil/domain/uptime'

// Which rollups add up to a period: whole days inside, hours and minutes at the edges, and edges moved to whole
// buckets where the finer ones are no longer kept. Instants worked out by hand.

const at = (iso: string) => Date.parse(iso)
const now = at('2026-11-26T18:07:30Z')
const keptFrom = {
  minute: now - ROLLUP_RETENTION_MS.minute,
  hour: now - ROLLUP_RETENTION_MS.hour,
  day: now - ROLLUP_RETENTION_MS.day,
}
const cover = (from: string, to: string | number) =>
  coverRange({ from: at(from), to: typeof to === 'number' ? to : at(to), now, keptFrom })
const piece = (period: string, from: string, to: string | null) => ({
  period,
  from: at(from),
  to: to === null ? null : at(to),
})

describe('the rollups of a period', () => {
  it('reads whole UTC days as day buckets', () => {
    expect(cover('2026-11-01T00:00:00Z', '2026-11-08T00:00:00Z')).toEqual({
      pieces: [piece('day', '2026-11-01T00:00:00Z', '2026-11-08T00:00:00Z')],
      from: at('2026-11-01T00:00:00Z'),
      to: at('2026-11-08T00:00:00Z'),
    })
  })

  it("reads a zone's days with hours at both edges", () => {
    // Paris days 20 to 21 November (UTC+1): 19 Nov 23:00 to 21 Nov 23:00 UTC.
    expect(cover('2026-11-19T23:00:00Z', '2026-11-21T23:00:00Z').pieces).toEqual([
      piece('hour', '2026-11-19T23:00:00Z', '2026-11-20T00:00:00Z'),
      piece('day', '2026-11-20T00:00:00Z', '2026-11-21T00:00:00Z'),
      piece('hour', '2026-11-21T00:00:00Z', '2026-11-21T23:00:00Z'),
    ])
  })

  it('runs a period that ends now to the last buckets, with minutes at its recent edge', () => {
    const last24h = cover('2026-11-25T18:07:30Z', now)
    expect(last24h.pieces).toEqual([
      piece('minute', '2026-11-25T18:08:00Z', '2026-11-25T19:00:00Z'),
      piece('hour', '2026-11-25T19:00:00Z', '2026-11-26T00:00:00Z'),
      piece('day', '2026-11-26T00:00:00Z', null),
    ])
    // Less than a minute at the start is the minute it falls in or nothing: results are minutes apart at best.
    expect(last24h).toMatchObject({ from: at('2026-11-25T18:08:00Z'), to: now })
  })

  it('ends a period that runs into the future at now', () => {
    const thisMonth = cover('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z')
    expect(thisMonth).toEqual({
      pieces: [piece('day', '2026-11-01T00:00:00Z', null)],
      from: at('2026-11-01T00:00:00Z'),
      to: now,
    })
  })

  it('moves an edge to a whole bucket when the finer ones are gone, to the nearer boundary', () => {
    // 60 days ago hours are no longer kept: 19:00 UTC is nearer the next midnight, 11:00 nearer the one before.
    const late = cover('2026-09-20T19:00:00Z', '2026-09-25T00:00:00Z')
    expect(late).toEqual({
      pieces: [piece('day', '2026-09-21T00:00:00Z', '2026-09-25T00:00:00Z')],
      from: at('2026-09-21T00:00:00Z'),
      to: at('2026-09-25T00:00:00Z'),
    })
    const early = cover('2026-09-20T11:00:00Z', '2026-09-25T00:00:00Z')
    expect(early.pieces[0]).toEqual(piece('day', '2026-09-20T00:00:00Z', '2026-09-21T00:00:00Z'))
    expect(early.from).toBe(at('2026-09-20T00:00:00Z'))
    // Within 35 days hours are kept, so the edge stays where it was asked.
    expect(cover('2026-11-10T19:00:00Z', '2026-11-12T00:00:00Z').from).toBe(at('2026-11-10T19:00:00Z'))
  })

  it('reads a short span inside one day with hours or minutes only', () => {
    expect(cover('2026-11-26T10:00:00Z', '2026-11-26T12:30:00Z').pieces).toEqual([
      piece('hour', '2026-11-26T10:00:00Z', '2026-11-26T12:00:00Z'),
      piece('minute', '2026-11-26T12:00:00Z', '2026-11-26T12:30:00Z'),
    ])
    expect(cover('2026-11-26T10:05:00Z', '2026-11-26T10:20:00Z').pieces).toEqual([
      piece('minute', '2026-11-26T10:05:00Z', '2026-11-26T10:20:00Z'),
    ])
  })
})
