import * as v from 'valibot'
import { CheckResult } from './check-result.ts'
import { DEFAULTS, int, Name, SlaTarget } from './monitor-fields.ts'
import { MONITOR_STATUSES } from './monitor-status.ts'
import type { SettingsOf } from './monitor-types/define.ts'
import { MONITOR_TYPE_DEFS, type MonitorType, type MonitorTypeDefs } from './monitor-types/index.ts'
import { patchSchema } from './patch-schema.ts'
import { DEFAULT_SLA_TARGET } from './report.ts'
import { ResultVerdict } from './result-verdict.ts'
import { TagRef } from './tags.ts'

// Monitors: the common fields of every type, joined with each type's own (monitor-types/), united by `type`.
// The server validates requests with these and the forms validate with the same ones, so a message reads the
// same in both places.

export { DEFAULTS, HTTP_METHODS } from './monitor-fields.ts'
export { MONITOR_STATUSES, type MonitorStatus } from './monitor-status.ts'
export type { MonitorType } from './monitor-types/index.ts'

export const MONITOR_TYPES = Object.keys(MONITOR_TYPE_DEFS) as MonitorType[]
const TYPE_MESSAGE = `Type must be one of ${MONITOR_TYPES.join(', ')}.`
export const MonitorTypeSchema = v.picklist(MONITOR_TYPES, TYPE_MESSAGE)

/** A record with a value for every monitor type, made from each type's definition. */
const eachType = <R>(make: <K extends MonitorType>(type: K) => R): Record<MonitorType, R> =>
  Object.fromEntries(MONITOR_TYPES.map((type) => [type, make(type)])) as Record<MonitorType, R>

/**
 * How often each type may and does check, before the plan's own limit. Registration data changes slowly and
 * registries limit queries: a domain at most every 6 hours. Blacklists ban those who ask too often.
 */
export const INTERVALS: Record<MonitorType, { default: number; min: number; why?: string }> = eachType(
  (type) => MONITOR_TYPE_DEFS[type].interval,
)

/** Fields every type has; the interval's default depends on the type. */
const commonFor = (type: MonitorType) => ({
  name: Name,
  interval_seconds: v.optional(int('Interval', 1, 86_400), INTERVALS[type].default),
  timeout_seconds: v.optional(int('Timeout', 1, 120), DEFAULTS.timeout_seconds),
  retries: v.optional(int('Retries', 0, 10), DEFAULTS.retries),
  retry_interval_seconds: v.optional(int('Retry interval', 1, 3600), DEFAULTS.retry_interval_seconds),
  recovery_checks: v.optional(int('Recovery checks', 1, 10), DEFAULTS.recovery_checks),
  degraded_threshold_ms: v.optional(v.nullable(int('Degraded threshold', 1, 600_000)), DEFAULTS.degraded_threshold_ms),
  /** The alert channels (integration ids) this monitor alerts; null: all of the user's. */
  integration_ids: v.optional(
    v.nullable(
      v.pipe(
        v.array(v.pipe(v.string('Integration ids are text.'), v.maxLength(64)), 'Integration ids must be a list.'),
        v.maxLength(50, 'At most 50 integrations.'),
        v.transform((ids) => [...new Set(ids)]),
      ),
    ),
    null,
  ),
  /** Remind the channels every this many minutes while the monitor stays down; null: no reminders. */
  reminder_minutes: v.optional(v.nullable(int('Reminder interval', 5, 10_080)), null),
  /** The uptime (percent) reports hold this monitor to. */
  sla_target: v.optional(SlaTarget, DEFAULT_SLA_TARGET),
})
const common = commonFor('web')
type Common = SettingsOf<typeof common>

/** The settings of each type, beyond the common fields. */
export const SETTINGS_SCHEMAS = eachType((type) => v.object(MONITOR_TYPE_DEFS[type].settings)) as {
  [K in MonitorType]: v.ObjectSchema<MonitorTypeDefs[K]['settings'], undefined>
}
export type MonitorSettings = { [K in MonitorType]: SettingsOf<MonitorTypeDefs[K]['settings']> }

/** A monitor's configuration of one type: the common fields and its own. */
export type MonitorInputOf<K extends MonitorType> = { type: K } & Common & MonitorSettings[K]
/** A new monitor: `POST /api/monitors`. */
export type MonitorInput = { [K in MonitorType]: MonitorInputOf<K> }[MonitorType]

const inputSchema = (type: MonitorType) =>
  v.object({ type: v.literal(type), ...commonFor(type), ...MONITOR_TYPE_DEFS[type].settings })

type Timed = { type: MonitorType; interval_seconds: number; timeout_seconds: number; retry_interval_seconds: number }

const timing = <T extends Timed>(schema: v.GenericSchema<unknown, T>) =>
  v.pipe(
    schema,
    v.forward(
      v.check(
        (m: T) => m.interval_seconds >= INTERVALS[m.type].min,
        (issue) => {
          const { min, why } = INTERVALS[(issue.input as T).type]
          return `${why ?? 'This type checks at most that often'}: choose an interval of at least ${min} seconds.`
        },
      ),
      ['interval_seconds'] as never,
    ),
    v.forward(
      v.check((m: T) => m.timeout_seconds <= m.interval_seconds, 'Timeout must not be longer than the interval.'),
      ['timeout_seconds'] as never,
    ),
    v.forward(
      v.check(
        (m: T) => m.retry_interval_seconds <= m.interval_seconds,
        'Retry interval must not be longer than the interval.',
      ),
      ['retry_interval_seconds'] as never,
    ),
  )

export const MonitorInput = v.variant(
  'type',
  MONITOR_TYPES.map(inputSchema),
  TYPE_MESSAGE,
) as unknown as v.GenericSchema<unknown, MonitorInput>

/** Checks a complete monitor (create, or the result of a patch) including the rules across fields. */
export const MONITOR_INPUTS = eachType((type) =>
  timing(inputSchema(type) as unknown as v.GenericSchema<unknown, Timed>),
) as unknown as { [K in MonitorType]: v.GenericSchema<unknown, MonitorInputOf<K>> }
export const WebMonitorInput = MONITOR_INPUTS.web
export const ApiMonitorInput = MONITOR_INPUTS.api
export const PortMonitorInput = MONITOR_INPUTS.port
export const PingMonitorInput = MONITOR_INPUTS.ping

/**
 * A timeout or retry interval left out defaults to 10 s and 20 s, or to the interval itself when that is
 * shorter, so a monitor checked every 5 s needs no more fields than one checked every 5 minutes.
 */
export const withTimingDefaults = (input: unknown): unknown => {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input
  const record = input as Record<string, unknown>
  const type = record.type as MonitorType
  const interval = record.interval_seconds ?? (type in INTERVALS ? INTERVALS[type].default : undefined)
  if (typeof interval !== 'number' || !Number.isInteger(interval) || interval < 1) return input
  const orFitted = (value: unknown, fallback: number) => (value === undefined ? Math.min(fallback, interval) : value)
  return {
    ...record,
    timeout_seconds: orFitted(record.timeout_seconds, DEFAULTS.timeout_seconds),
    retry_interval_seconds: orFitted(record.retry_interval_seconds, DEFAULTS.retry_interval_seconds),
  }
}

export const validateMonitor = (input: unknown) => {
  const filled = withTimingDefaults(input)
  const type = (filled as { type?: unknown } | null)?.type
  if (typeof type === 'string' && type in MONITOR_INPUTS)
    return v.safeParse(MONITOR_INPUTS[type as MonitorType] as v.GenericSchema<unknown, MonitorInput>, filled)
  return v.safeParse(MonitorInput, filled)
}

/** A change: any field but the type, which a monitor keeps for life. */
export const monitorPatchSchema = (type: MonitorType) =>
  patchSchema(
    v.strictObject(
      {
        ...v.partial(v.object(common)).entries,
        ...v.partial(SETTINGS_SCHEMAS[type] as v.ObjectSchema<v.ObjectEntries, undefined>).entries,
        type: v.optional(v.literal(type, 'The type of a monitor cannot change; create a new monitor instead.')),
      },
      'This field is not part of this type of monitor.',
    ),
  )

export const COMMON_FIELDS = Object.keys(common) as (keyof typeof common)[]

/** One check in a list row's heartbeat bar. */
export const Heartbeat = v.object({
  checked_at: v.string(),
  ok: v.boolean(),
  status: v.picklist(MONITOR_STATUSES),
  response_ms: v.nullable(v.number()),
  message: v.string(),
  /** What the check found (ok, slow, failed), where the server tells it; else read from `ok` and `status`. */
  verdict: v.optional(v.nullable(ResultVerdict)),
  /** The check ran in a maintenance window, where the server tells it. */
  maintenance: v.optional(v.nullable(v.boolean())),
})
export type Heartbeat = v.InferOutput<typeof Heartbeat>

// The monitor the API answers with: the common fields, the type's settings, and its live state.
const MonitorState = {
  id: v.string(),
  status: v.picklist(MONITOR_STATUSES),
  paused: v.boolean(),
  /** Paused by a plan change (over a lower plan's limit, or of a type it locks): the next plan with room resumes it. */
  paused_by_plan: v.boolean(),
  last_checked_at: v.nullable(v.string()),
  last_response_ms: v.nullable(v.number()),
  last_error: v.nullable(v.string()),
  status_changed_at: v.nullable(v.string()),
  /** The incident open now, while it is down. */
  open_incident_id: v.optional(v.nullable(v.string())),
  next_check_at: v.nullable(v.string()),
  created_at: v.string(),
  /** When what an SSL or domain monitor watches expires, as last seen. */
  expires_at: v.optional(v.nullable(v.string())),
  uptime_24h: v.optional(v.nullable(v.number())),
  uptime_30d: v.optional(v.nullable(v.number())),
  avg_response_ms_24h: v.optional(v.nullable(v.number())),
  /** Its tags, by name. */
  tags: v.optional(v.array(TagRef)),
  /** Its last checks, oldest first (in a page of the list). */
  heartbeats: v.optional(v.array(Heartbeat)),
}

const commonOut = {
  name: v.string(),
  interval_seconds: v.number(),
  timeout_seconds: v.number(),
  retries: v.number(),
  retry_interval_seconds: v.number(),
  recovery_checks: v.number(),
  degraded_threshold_ms: v.nullable(v.number()),
  integration_ids: v.nullable(v.array(v.string())),
  reminder_minutes: v.nullable(v.number()),
  sla_target: v.number(),
}
type MonitorOut = SettingsOf<typeof commonOut> & SettingsOf<typeof MonitorState>

/** A monitor of one type as the API answers it. */
export type MonitorOf<K extends MonitorType> = { type: K } & MonitorOut & SettingsOf<MonitorTypeDefs[K]['shown']>
export type Monitor = { [K in MonitorType]: MonitorOf<K> }[MonitorType]

export const Monitor = v.variant(
  'type',
  MONITOR_TYPES.map((type) =>
    v.object({ type: v.literal(type), ...commonOut, ...MONITOR_TYPE_DEFS[type].shown, ...MonitorState }),
  ),
) as unknown as v.GenericSchema<unknown, Monitor>

export const OneMonitor = v.object({ monitor: Monitor })
export type OneMonitor = v.InferOutput<typeof OneMonitor>

/** A monitor saved; `warning` when what it watches could not be checked (a cloud account not read yet). */
export const SavedMonitor = v.object({ monitor: Monitor, warning: v.optional(v.string()) })
export type SavedMonitor = v.InferOutput<typeof SavedMonitor>

/** `POST /api/monitors/{id}/check`: the check run now, and the monitor after it. */
export const CheckedNow = v.object({ result: CheckResult, monitor: Monitor })
export type CheckedNow = v.InferOutput<typeof CheckedNow>
