import {
  DEFAULT_SLA_TARGET,
  type ReportInput,
  reportDownSpans,
  reportNumbers,
  reportTotals,
  slotNumbers,
} from '@vigil/domain/report'
import { toCsv } from '@vigil/domain/report-csv'
import { addResult, emptyRollup, type Rollup, uptimePercent } from '@vigil/domain/uptime'
import { describe, expect, it } from 'vitest'

// The numbers of an SLA report over a known history, each worked out here by hand from the history, not from the
// code under test.

const HOUR = 3_600_000
const DAY = 24 * HOUR
const from = Date.UTC(2026, 9, 1)
const to = Date.UTC(2026, 10, 1) // October 2026: 31 days

/** A rollup of `n` one-minute checks in one state, each answering in `ms`. */
const checks = (n: number, status: 'up' | 'down' | 'degraded', ms: number | null): Rollup => {
  const r = emptyRollup()
  for (let i = 0; i < n; i++)
    addResult(r, { status, ok: status !== 'down', responseMs: status === 'down' ? null : ms, weightMs: 60_000 })
  return r
}

/**
 * October: checked every minute from the 1st 00:00 to the 30th 24:00 (30 days; the 31st has no data), down for
 * 90 minutes on the 10th (an incident from 10:00 to 11:30) and 30 minutes on the 20th (10:00 to 10:30), and two
 * hours in a maintenance window on the 15th (no uptime counted).
 */
const october = (): ReportInput => {
  const minutes = 30 * 24 * 60 - 120 // two hours of maintenance are not counted
  return {
    from,
    to,
    rollups: [checks(minutes - 120 - 20, 'up', 100), checks(20, 'degraded', 900), checks(120, 'down', null)],
    incidents: [
      { started_at: from + 9 * DAY + 10 * HOUR, resolved_at: from + 9 * DAY + 11.5 * HOUR },
      { started_at: from + 19 * DAY + 10 * HOUR, resolved_at: from + 19 * DAY + 10.5 * HOUR },
    ],
    maintenance: [{ from: from + 14 * DAY + 2 * HOUR, to: from + 14 * DAY + 4 * HOUR }],
    sla_target: DEFAULT_SLA_TARGET,
    since: from - 90 * DAY,
  }
}

describe('an SLA report of one monitor', () => {
  it('counts uptime over the known time, with maintenance and the day without data left out', () => {
    const n = reportNumbers(october())
    const knownMinutes = 30 * 24 * 60 - 120
    // 120 of 43,080 known minutes down: 99.72144... %, rounded down.
    expect(n.uptime).toBe(Math.floor(((knownMinutes - 120) / knownMinutes) * 100 * 1000) / 1000)
    expect(n.uptime).toBe(99.721)
    expect(n.downtime_ms).toBe(120 * 60_000)
    expect(n.maintenance_ms).toBe(2 * HOUR)
    expect(n.no_data_ms).toBe(DAY)
    expect(n.checks).toBe(knownMinutes)
    expect(n.failures).toBe(120)
  })

  it('holds the target against it: 99.9 % of 43,080 minutes allows 43.08 minutes down; 120 were', () => {
    const n = reportNumbers(october())
    expect(n.sla_met).toBe(false)
    expect(n.sla).toBe('breached')
    expect(n.error_budget_ms).toBe(Math.round(43_080 * 60_000 * 0.001))
    expect(n.error_budget_left_ms).toBe(Math.round(43_080 * 60_000 * 0.001) - 120 * 60_000)
    const lenient = reportNumbers({ ...october(), sla_target: 99.5 })
    expect(lenient.sla_met).toBe(true)
    expect(lenient.sla).toBe('met')
    expect(lenient.error_budget_left_ms).toBeGreaterThan(0)
  })

  it('measures the incidents: count, longest, MTTR and MTBF', () => {
    const n = reportNumbers(october())
    expect(n.incidents).toBe(2)
    expect(n.longest_incident_ms).toBe(90 * 60_000)
    expect(n.mttr_ms).toBe(60 * 60_000) // (90 + 30) / 2 minutes
    expect(n.mtbf_ms).toBe(((43_080 - 120) * 60_000) / 2) // time up over the incidents
  })

  it('clips incidents to the period; one still open counts to its end and not in the MTTR', () => {
    const n = reportNumbers({
      ...october(),
      incidents: [
        { started_at: from - HOUR, resolved_at: from + HOUR }, // began in September
        { started_at: to - 3 * HOUR, resolved_at: null }, // still open
        { started_at: from - 3 * HOUR, resolved_at: from - 2 * HOUR }, // all in September
      ],
    })
    expect(n.incidents).toBe(2)
    expect(n.longest_incident_ms).toBe(3 * HOUR)
    expect(n.mttr_ms).toBe(HOUR)
  })

  it('reads response times from the histogram: average, p50, p95 and p99', () => {
    const n = reportNumbers(october())
    const up = 43_080 - 120 - 20
    expect(n.response_avg_ms).toBe(Math.round((up * 100 + 20 * 900) / (up + 20)))
    // 100 ms falls in the 100-150 ms bucket, which holds all but the 20 slow ones.
    expect(n.response_p50_ms).toBeGreaterThanOrEqual(100)
    expect(n.response_p50_ms).toBeLessThanOrEqual(150)
    expect(n.response_p99_ms).toBeLessThanOrEqual(150)
  })

  it('says "no data" rather than 100 % for a period without checks', () => {
    const n = reportNumbers({ ...october(), rollups: [], incidents: [], maintenance: [] })
    expect(n).toMatchObject({
      uptime: null,
      sla: 'no_data',
      sla_met: null,
      error_budget_ms: null,
      mtbf_ms: null,
      checks: 0,
    })
    expect(n.no_data_ms).toBe(31 * DAY)
    expect(n.response_p95_ms).toBeNull()
  })

  it('agrees with the uptime the monitor pages show for the same rollups', () => {
    const input = october()
    const shown = uptimePercent({
      up_ms: input.rollups.reduce((s, r) => s + r.up_ms, 0),
      degraded_ms: input.rollups.reduce((s, r) => s + r.degraded_ms, 0),
      down_ms: input.rollups.reduce((s, r) => s + r.down_ms, 0),
    })
    expect(reportNumbers(input).uptime).toBe(Math.floor((shown ?? 0) * 1000) / 1000)
  })
})

describe("a set's totals", () => {
  it("adds the monitors up, holds the set to its strictest target, and gives its time without data as a share of its monitors' time", () => {
    const a = october()
    const b: ReportInput = {
      ...october(),
      rollups: [checks(31 * 24 * 60, 'up', 50)],
      incidents: [],
      maintenance: [],
      sla_target: 99,
    }
    const totals = reportTotals([a, b])
    expect(totals?.sla_target).toBe(99.9)
    expect(totals?.incidents).toBe(2)
    expect(totals?.downtime_ms).toBe(120 * 60_000)
    expect(totals?.no_data_ms).toBe(DAY)
    expect(totals?.judged_ms).toBe(2 * 31 * DAY)
    // One day of 62 monitor-days, not "1 d" beside a period of 31.
    expect(totals?.no_data_share).toBe(Math.round((1 / 62) * 100_000) / 1000)
    const known = 43_080 + 31 * 24 * 60
    expect(totals?.uptime).toBe(Math.floor(((known - 120) / known) * 100 * 1000) / 1000)
    expect(reportTotals([])).toBeNull()
  })
})

describe('the CSV export', () => {
  it('quotes as RFC 4180 says and keeps spreadsheets from reading text as a formula', () => {
    const csv = toCsv([
      ['Monitor', 'Uptime %', 'Note'],
      ['Shop, EU', 99.72, 'said "hi"\nthen left'],
      ['=HYPERLINK("http://evil")', -3, '+1 555'],
      ['@SUM(A1)', null, '-x'],
    ])
    expect(csv).toBe(
      [
        'Monitor,Uptime %,Note',
        '"Shop, EU",99.72,"said ""hi""\nthen left"',
        `"'=HYPERLINK(""http://evil"")",-3,'+1 555`,
        "'@SUM(A1),,'-x",
        '',
      ].join('\r\n'),
    )
  })
})

/** A rollup of time in each state, without checks. */
const time = (up: number, down: number): Rollup => ({ ...emptyRollup(), up_ms: up, down_ms: down })

describe('a monitor judged on the time it existed', () => {
  const day = Date.UTC(2026, 10, 10)
  const base: ReportInput = {
    from: day,
    to: day + DAY,
    since: day - DAY,
    rollups: [],
    incidents: [],
    maintenance: [],
    sla_target: 99.9,
  }

  it('made during the period: judged from then, the time before it not "no data"', () => {
    const n = reportNumbers({ ...base, since: day + 23 * HOUR, rollups: [time(HOUR, 0)] })
    expect(n).toMatchObject({ judged_ms: HOUR, measured_ms: HOUR, no_data_ms: 0, no_data_share: 0, uptime: 100 })
    expect(n.sla).toBe('met')
  })

  it('made after the period: nothing judged, no data', () => {
    const n = reportNumbers({ ...base, since: day + 2 * DAY })
    expect(n).toMatchObject({ judged_ms: 0, no_data_ms: 0, no_data_share: null, uptime: null, sla: 'no_data' })
  })

  it('says "Not enough data" under 10 % of the time measured, and judges it from 10 % on', () => {
    // 2 hours 24 minutes is 10 % of the day; 20 minutes of checks, half of them down, is not enough to say Breached.
    const few = reportNumbers({
      ...base,
      rollups: [time(10 * 60_000, 10 * 60_000)],
      incidents: [{ started_at: day + 10 * HOUR, resolved_at: day + 10 * HOUR + 10 * 60_000 }],
    })
    expect(few).toMatchObject({ uptime: 50, sla: 'not_enough_data', sla_met: null, downtime_ms: 10 * 60_000 })
    const enough = reportNumbers({ ...base, rollups: [time(2.4 * HOUR, 0)] })
    expect(enough).toMatchObject({ uptime: 100, sla: 'met', sla_met: true })
    const under = reportNumbers({ ...base, rollups: [time(2.4 * HOUR - 1, 0)] })
    expect(under.sla).toBe('not_enough_data')
    // Maintenance is not time to measure: 2 hours measured of a day with 12 hours of maintenance is enough.
    const maintained = reportNumbers({
      ...base,
      rollups: [time(2 * HOUR, 0)],
      maintenance: [{ from: day, to: day + 12 * HOUR }],
    })
    expect(maintained).toMatchObject({ sla: 'met', maintenance_ms: 12 * HOUR })
  })
})

describe('downtime, incidents and uptime from the same intervals', () => {
  const day = Date.UTC(2026, 10, 10)
  const base: ReportInput = {
    from: day,
    to: day + DAY,
    since: day - DAY,
    rollups: [],
    incidents: [],
    maintenance: [],
    sla_target: 99.9,
  }
  const MIN = 60_000

  it('counts the time of an incident no check counted (closed by an edit) as down: not 20 s beside 5 min 31 s', () => {
    // Made at 11:50, down at its first check, confirmed 20 s later, its address fixed at 11:55:31; up to 11:59.
    const made = day + 11 * HOUR + 50 * MIN
    const n = reportNumbers({
      ...base,
      to: day + 11 * HOUR + 59 * MIN,
      since: made,
      rollups: [time(209_000, 20_000)],
      incidents: [{ started_at: made, resolved_at: made + 331_000 }],
    })
    expect(n).toMatchObject({ downtime_ms: 331_000, longest_incident_ms: 331_000, measured_ms: 540_000 })
    expect(n.uptime).toBe(Math.floor((209 / 540) * 100_000) / 1000)
    expect(n.judged_ms).toBe(n.measured_ms + n.maintenance_ms + n.no_data_ms)
  })

  it('counts down time the checks gave outside the incident (the interval before a failure with no retries) as up', () => {
    // Checks at 10:00, 10:05 up, 10:10 and 10:15 failed, 10:20 up: the checks said 15 minutes down, the incident 10.
    const n = reportNumbers({
      ...base,
      rollups: [time(5 * MIN, 15 * MIN)],
      incidents: [{ started_at: day + 10 * HOUR + 10 * MIN, resolved_at: day + 10 * HOUR + 20 * MIN }],
    })
    expect(n).toMatchObject({ downtime_ms: 10 * MIN, measured_ms: 20 * MIN, uptime: 50, incidents: 1 })
    expect(n.error_budget_left_ms).toBe(Math.round(20 * MIN * 0.001) - 10 * MIN)
  })

  it('leaves maintenance out of the downtime of an incident open through it', () => {
    const input: ReportInput = {
      ...base,
      rollups: [time(22 * HOUR, HOUR)],
      incidents: [{ started_at: day + 10 * HOUR, resolved_at: day + 12 * HOUR }],
      maintenance: [{ from: day + 11 * HOUR, to: day + 12 * HOUR }],
    }
    expect(reportDownSpans(input)).toEqual([{ from: day + 10 * HOUR, to: day + 11 * HOUR }])
    expect(reportNumbers(input)).toMatchObject({
      downtime_ms: HOUR,
      longest_incident_ms: 2 * HOUR,
      maintenance_ms: HOUR,
    })
  })

  it("charts a step with the rows' rule: the incidents' time in it is its downtime", () => {
    const slot = { from: day + 10 * HOUR, to: day + 11 * HOUR }
    const spans = [
      { from: day + 9 * HOUR + 50 * MIN, to: day + 10 * HOUR + 15 * MIN },
      { from: day + 10 * HOUR + 50 * MIN, to: day + 11 * HOUR + 5 * MIN },
    ]
    const n = slotNumbers(time(40 * MIN, 20 * MIN), spans, slot)
    expect(n).toMatchObject({ downtime_ms: 25 * MIN, uptime: Math.floor((40 / 65) * 100_000) / 1000 })
    expect(slotNumbers(emptyRollup(), [], slot)).toMatchObject({ uptime: null, downtime_ms: 0 })
  })
})
