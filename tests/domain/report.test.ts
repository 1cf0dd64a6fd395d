import { describe, expect, it } from 'vitest'
import { DEFAULT_SLA_TARGET, type ReportInput, reportNumbers, reportTotals } from '@vigil/domain/report'
import { toCsv } from '@vigil/domain/report-csv'
import { addResult, emptyRollup, type Rollup, uptimePercent } from '@vigil/domain/uptime'

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
    maintenance_ms: 2 * HOUR,
    sla_target: DEFAULT_SLA_TARGET,
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
    expect(n.error_budget_ms).toBe(Math.round(43_080 * 60_000 * 0.001))
    expect(n.error_budget_left_ms).toBe(Math.round(43_080 * 60_000 * 0.001) - 120 * 60_000)
    const lenient = reportNumbers({ ...october(), sla_target: 99.5 })
    expect(lenient.sla_met).toBe(true)
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
    const n = reportNumbers({ ...october(), rollups: [], incidents: [], maintenance_ms: 0 })
    expect(n).toMatchObject({ uptime: null, sla_met: null, error_budget_ms: null, mtbf_ms: null, checks: 0 })
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
  it('adds the monitors up, holds the set to its strictest target, and sums the time without data', () => {
    const a = october()
    const b: ReportInput = {
      ...october(),
      rollups: [checks(31 * 24 * 60, 'up', 50)],
      incidents: [],
      maintenance_ms: 0,
      sla_target: 99,
    }
    const totals = reportTotals([a, b])
    expect(totals?.sla_target).toBe(99.9)
    expect(totals?.incidents).toBe(2)
    expect(totals?.downtime_ms).toBe(120 * 60_000)
    expect(totals?.no_data_ms).toBe(DAY)
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
