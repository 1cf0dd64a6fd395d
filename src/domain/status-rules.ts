import type { MonitorStatus } from './monitor-status.ts'

// What a public status page says: each component's state from its monitor, and the banner over them all.

export const COMPONENT_STATES = ['operational', 'degraded', 'outage', 'maintenance', 'unknown'] as const
export type ComponentState = (typeof COMPONENT_STATES)[number]

export const COMPONENT_STATE_LABELS: Record<ComponentState, string> = {
  operational: 'Operational',
  degraded: 'Degraded performance',
  outage: 'Outage',
  maintenance: 'Under maintenance',
  unknown: 'No data',
}

/** A monitor's state as visitors read it; a maintenance window covers whatever the checks find. */
export const componentState = (status: MonitorStatus, inMaintenance: boolean): ComponentState => {
  if (inMaintenance) return 'maintenance'
  if (status === 'up') return 'operational'
  if (status === 'degraded') return 'degraded'
  if (status === 'down') return 'outage'
  return 'unknown'
}

export const OVERALL_INDICATORS = ['operational', 'partial_outage', 'major_outage', 'maintenance', 'unknown'] as const
export type OverallIndicator = (typeof OVERALL_INDICATORS)[number]

export const OVERALL_LABELS: Record<OverallIndicator, string> = {
  operational: 'All systems operational',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
  maintenance: 'Under maintenance',
  unknown: 'No data yet',
}

/**
 * The banner: a major outage when more than half of the components with a known state are out; a partial one
 * when any is out or slow; maintenance when any is under maintenance and nothing is wrong; else all operational.
 */
export const overallStatus = (
  states: readonly ComponentState[],
): { indicator: OverallIndicator; description: string } => {
  const known = states.filter((s) => s !== 'unknown' && s !== 'maintenance')
  const out = states.filter((s) => s === 'outage').length
  let indicator: OverallIndicator
  if (states.length === 0 || (known.length === 0 && !states.includes('maintenance'))) indicator = 'unknown'
  else if (known.length > 0 && out > known.length / 2) indicator = 'major_outage'
  else if (out > 0 || states.includes('degraded')) indicator = 'partial_outage'
  else if (states.includes('maintenance')) indicator = 'maintenance'
  else indicator = 'operational'
  return { indicator, description: OVERALL_LABELS[indicator] }
}

export const MAINTENANCE_STATES = ['scheduled', 'in_progress', 'completed'] as const
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number]

export const maintenanceState = (window: { starts_at: number; ends_at: number }, now: number): MaintenanceState =>
  now < window.starts_at ? 'scheduled' : now < window.ends_at ? 'in_progress' : 'completed'

export type UptimeLevel = 'none' | 'up' | 'minor' | 'partial' | 'down'

/** The colour of a day's bar: full, slightly short, noticeably short, or badly short of 100 %. */
export const uptimeLevel = (uptime: number | null): UptimeLevel => {
  if (uptime === null) return 'none'
  if (uptime >= 100) return 'up'
  if (uptime >= 99) return 'minor'
  if (uptime >= 95) return 'partial'
  return 'down'
}

export type DayLevel = 'none' | 'up' | 'short' | 'long'

const DAY_MS = 86_400_000
/** Down for less than this share of a day (14 min 24 s) is a short outage; this much or more, a long one. */
export const SHORT_OUTAGE_SHARE = 0.01

/**
 * The colour of a day's bar on a public page, by the share of the day that was down (not of the time checked, so a
 * minute down on a monitor's first hour is a short outage, not a day in red): no data, none down, a short outage or a
 * long one. Degraded time is up, maintenance time is not counted.
 */
export const dayLevel = (downMs: number | null): DayLevel => {
  if (downMs === null) return 'none'
  if (downMs <= 0) return 'up'
  return downMs < SHORT_OUTAGE_SHARE * DAY_MS ? 'short' : 'long'
}

/** How long a day was down, in a day bar's words: `no data`, `no downtime`, `under 1 min down`, `12 min down`, `2 h 5 min down`. */
export const dayDowntime = (downMs: number | null): string => {
  if (downMs === null) return 'no data'
  if (downMs <= 0) return 'no downtime'
  const minutes = Math.round(downMs / 60_000)
  if (minutes < 1) return 'under 1 min down'
  if (minutes < 60) return `${minutes} min down`
  const rest = minutes % 60
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''} down`
}

/** A page's uptime: the mean of its components' that have data; null when none has. */
export const pageUptime = (uptimes: readonly (number | null)[]): number | null => {
  const known = uptimes.filter((u): u is number => u !== null)
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length
}
