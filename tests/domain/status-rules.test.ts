import { describe, expect, it } from 'vitest'
import type { MonitorStatus } from '@vigil/domain/monitor-status'
import {
  type ComponentState,
  componentState,
  maintenanceState,
  OVERALL_LABELS,
  type OverallIndicator,
  overallStatus,
} from '@vigil/domain/status-rules'

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
})
