import { DEFAULTS, INTERVALS, type Monitor, type MonitorType } from '@vigil/domain/monitor.schema'
import { allowedIntervals } from '@vigil/domain/plan-limits'
import { DEFAULT_SLA_TARGET } from '@vigil/domain/report'
import type { MonitorValues } from '../../../machines/monitor-form.machine.ts'

// The monitor form as the inputs hold it (text, ticks and rows), and the values the form flow checks: here the
// fields every type has; each type's own are its module's (types/<type>.form.tsx). Nothing is judged here: an
// unreadable number is passed on as text so the schema says what is wrong.

/** The fields every monitor's form has. */
export interface CommonDraft {
  name: string
  interval_seconds: string
  timeout_seconds: string
  retries: string
  retry_interval_seconds: string
  recovery_checks: string
  degraded_threshold_ms: string
  /** All of the user's channels (integration_ids null), or the ones chosen. */
  alert_channels: 'all' | 'chosen'
  integration_ids: string[]
  /** A preset of REMINDER_CHOICES ('' is off), or 'other' with the minutes typed in `reminder_minutes`. */
  reminder: string
  reminder_minutes: string
  /** The uptime (percent) reports hold the monitor to. */
  sla_target: string
}

/** A monitor's form: the common fields and its type's own (`D`). */
export type MonitorDraft<D extends object = object> = CommonDraft & D

/** "Remind every": off, the usual choices in minutes, or another number of minutes. */
export const REMINDER_CHOICES = [
  { value: '', label: 'Off' },
  { value: '15', label: '15 minutes' },
  { value: '30', label: '30 minutes' },
  { value: '60', label: '1 hour' },
  { value: '240', label: '4 hours' },
  { value: '1440', label: '24 hours' },
  { value: 'other', label: 'Other...' },
] as const

export const ADVANCED_FIELDS = [
  'timeout_seconds',
  'retries',
  'retry_interval_seconds',
  'recovery_checks',
  'degraded_threshold_ms',
  'sla_target',
] as const

/** A number as an input holds it; nothing is empty. */
export const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))

/** A number when the text is one; nothing when empty (the default applies, or "required"); else the text. */
export const numberOf = (value: string): number | string | undefined => {
  const t = value.trim()
  if (t === '') return undefined
  const n = Number(t)
  return Number.isFinite(n) ? n : t
}

/** The fastest a monitor of this type may be checked on this plan: the slower of the two limits. */
export const typeMinInterval = (type: MonitorType, planMinSeconds: number) =>
  Math.max(planMinSeconds, INTERVALS[type].min)

/**
 * The common fields of a new monitor (the defaults, at the type's usual interval or the fastest the plan and type
 * allow, whichever is slower) or of an existing one.
 */
export const commonDraftOf = (type: MonitorType, monitor: Monitor | null, minIntervalSeconds: number): CommonDraft =>
  monitor
    ? {
        name: monitor.name,
        interval_seconds: text(monitor.interval_seconds),
        timeout_seconds: text(monitor.timeout_seconds),
        retries: text(monitor.retries),
        retry_interval_seconds: text(monitor.retry_interval_seconds),
        recovery_checks: text(monitor.recovery_checks),
        degraded_threshold_ms: text(monitor.degraded_threshold_ms),
        ...alertsDraft(monitor.integration_ids, monitor.reminder_minutes),
        sla_target: text(monitor.sla_target),
      }
    : {
        name: '',
        interval_seconds: String(Math.max(INTERVALS[type].default, typeMinInterval(type, minIntervalSeconds))),
        // Left empty, these follow the interval: the defaults, or the interval itself when it is shorter.
        timeout_seconds: '',
        retries: String(DEFAULTS.retries),
        retry_interval_seconds: '',
        recovery_checks: String(DEFAULTS.recovery_checks),
        degraded_threshold_ms: '',
        alert_channels: 'all',
        integration_ids: [],
        reminder: '',
        reminder_minutes: '',
        sla_target: String(DEFAULT_SLA_TARGET),
      }

const alertsDraft = (ids: readonly string[] | null, reminder: number | null) => {
  const preset = REMINDER_CHOICES.some((c) => c.value !== 'other' && c.value === text(reminder))
  return {
    alert_channels: ids === null ? ('all' as const) : ('chosen' as const),
    integration_ids: ids === null ? [] : [...ids],
    reminder: reminder === null ? '' : preset ? String(reminder) : 'other',
    reminder_minutes: reminder === null || preset ? '' : String(reminder),
  }
}

/** The values of the common fields, as the form flow checks and sends them. */
export const commonValuesOf = (d: CommonDraft): MonitorValues => {
  const threshold = numberOf(d.degraded_threshold_ms)
  return {
    name: d.name,
    interval_seconds: numberOf(d.interval_seconds),
    timeout_seconds: numberOf(d.timeout_seconds),
    retries: numberOf(d.retries),
    retry_interval_seconds: numberOf(d.retry_interval_seconds),
    recovery_checks: numberOf(d.recovery_checks),
    degraded_threshold_ms: threshold === undefined ? null : threshold,
    integration_ids: d.alert_channels === 'all' ? null : [...d.integration_ids],
    // "Other" left empty is passed on as text, so the schema asks for a number.
    reminder_minutes:
      d.reminder === '' ? null : (numberOf(d.reminder === 'other' ? d.reminder_minutes : d.reminder) ?? ''),
    // Left empty: the default target.
    sla_target: numberOf(d.sla_target),
  }
}

/**
 * The intervals the plan allows; a monitor's own interval stays a choice even when the plan no longer
 * allows it (after a change of plan), so editing another field does not change it.
 */
export const intervalOptions = (minSeconds: number, current?: number): number[] => {
  const allowed = allowedIntervals(minSeconds)
  return current === undefined || allowed.includes(current) ? allowed : [...allowed, current].sort((a, b) => a - b)
}
