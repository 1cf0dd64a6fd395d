import type { MonitorStatus } from '@vigil/domain/monitor-status'
import {
  type ComponentState,
  componentState,
  type DayLevel,
  dayDowntime,
  dayLevel,
  maintenanceState,
  OVERALL_LABELS,
  type OverallIndicator,
  overallStatus,
  SHORT_OUTAGE_SHARE,
} from '@vigil/domain/status-rules'
import { describe, expect, it } from 'vitest'

describe('status page rules', () => {
  it.each<[MonitorStatus, boolean, ComponentState]>([
    ['up', false, 'operational'],
    ['degraded', false, 'degraded'],
    ['down', false, 'outage'],
    ['pending', false, 'unknown'],
    ['paused', false, 'unknown'],
    // A maintenance window covers whatever the checks find.
    ['up', true, 'maintenance'],
    ['down', true, 'maintenance'],
    ['degraded', true, 'maintenance'],
    ['pending', true, 'maintenance'],
    ['paused', true, 'maintenance'],
  ])('a %s monitor (in maintenance: %s) reads as %s', (status, inMaintenance, state) => {
    expect(componentState(status, inMaintenance)).toBe(state)
  })

  it.each<[ComponentState[], OverallIndicator]>([
    [[], 'unknown'],
    [['unknown'], 'unknown'],
    [['unknown', 'unknown'], 'unknown'],
    [['operational'], 'operational'],
    [['operational', 'operational', 'operational'], 'operational'],
    // Components without data neither help nor hurt the banner.
    [['operational', 'unknown'], 'operational'],
    [['degraded', 'operational'], 'partial_outage'],
    [['degraded'], 'partial_outage'],
    [['outage', 'operational'], 'partial_outage'],
    [['outage', 'operational', 'operational'], 'partial_outage'],
    // More than half of the components with a known state are out.
    [['outage', 'outage', 'operational'], 'major_outage'],
    [['outage'], 'major_outage'],
    [['outage', 'unknown', 'unknown'], 'major_outage'],
    [['outage', 'degraded'], 'partial_outage'],
    [['outage', 'outage', 'degraded'], 'major_outage'],
    // Maintenance is neither up nor down: it counts only when nothing is wrong.
    [['maintenance'], 'maintenance'],
    [['maintenance', 'unknown'], 'maintenance'],
    [['maintenance', 'operational'], 'maintenance'],
    [['maintenance', 'degraded'], 'partial_outage'],
    [['maintenance', 'maintenance', 'outage'], 'major_outage'],
    [['maintenance', 'outage', 'operational'], 'partial_outage'],
  ])('the banner over %j is %s', (states, indicator) => {
    expect(overallStatus(states)).toEqual({ indicator, description: OVERALL_LABELS[indicator] })
  })

  it('labels each banner in words', () => {
    expect(overallStatus(['operational']).description).toBe('All systems operational')
    expect(overallStatus(['outage']).description).toBe('Major outage')
    expect(overallStatus([]).description).toBe('No data yet')
  })

  const window = { starts_at: 10_000, ends_at: 20_000 }
  it.each([
    [0, 'scheduled'],
    [9_999, 'scheduled'],
    // The start is in the window, the end is not.
    [10_000, 'in_progress'],
    [19_999, 'in_progress'],
    [20_000, 'completed'],
    [99_999, 'completed'],
  ])('a 10 s–20 s window at %d ms is %s', (now, state) => {
    expect(maintenanceState(window, now)).toBe(state)
  })

  const MIN = 60_000
  it.each<[number | null, DayLevel, string]>([
    [null, 'none', 'no data'],
    [0, 'up', 'no downtime'],
    // A check's weight is at least a few seconds; a minute down on a monitor's first hour is still a short outage.
    [20_000, 'short', 'under 1 min down'],
    [MIN, 'short', '1 min down'],
    [12 * MIN, 'short', '12 min down'],
    [14 * MIN + 23_999, 'short', '14 min down'],
    // 1 % of a day: 14 min 24 s.
    [14 * MIN + 24_000, 'long', '14 min down'],
    [15 * MIN, 'long', '15 min down'],
    [60 * MIN, 'long', '1 h down'],
    [125 * MIN, 'long', '2 h 5 min down'],
    [24 * 60 * MIN, 'long', '24 h down'],
  ])('a day down %s ms is %s: "%s"', (downMs, level, words) => {
    expect(dayLevel(downMs)).toBe(level)
    expect(dayDowntime(downMs)).toBe(words)
  })

  it('draws the line between a short and a long outage at a share of the day', () => {
    expect(SHORT_OUTAGE_SHARE * 86_400_000).toBe(14 * MIN + 24_000)
  })
})
