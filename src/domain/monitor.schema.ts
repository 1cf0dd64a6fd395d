import * as v from 'valibot'
import { Assertion } from './assertion.ts'
import {
  BlacklistTarget,
  bool,
  DEFAULT_EXPECTED_STATUS,
  DnsName,
  DomainName,
  defaultWarnDays,
  ExpectedMatch,
  ExpectedStatus,
  ExpectedValues,
  Headers,
  Host,
  HttpUrl,
  int,
  Name,
  RecordType,
  Resolver,
  WarnDays,
} from './monitor-fields.ts'
import { MONITOR_STATUSES } from './monitor-status.ts'

// Monitors: one schema per type, united by `type`. The server validates requests with these and the
// forms validate with the same ones, so a message reads the same in both places.

export const MONITOR_TYPES = ['web', 'api', 'port', 'ping', 'dns', 'ssl', 'domain', 'blacklist'] as const
export type MonitorType = (typeof MONITOR_TYPES)[number]
const TYPE_MESSAGE = `Type must be one of ${MONITOR_TYPES.join(', ')}.`
export const MonitorTypeSchema = v.picklist(MONITOR_TYPES, TYPE_MESSAGE)

export { MONITOR_STATUSES, type MonitorStatus } from './monitor-status.ts'

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const

export const DEFAULTS = {
  interval_seconds: 300,
  timeout_seconds: 10,
  retries: 1,
  retry_interval_seconds: 20,
  recovery_checks: 1,
  degraded_threshold_ms: null,
  ping_count: 3,
  tls_port: 443,
} as const

/**
 * How often each type may and does check, before the plan's own limit. Registration data changes slowly and
 * registries limit queries: a domain at most every 6 hours. Blacklists ban those who ask too often.
 */
export const INTERVALS: Record<MonitorType, { default: number; min: number; why?: string }> = {
  web: { default: 300, min: 1 },
  api: { default: 300, min: 1 },
  port: { default: 300, min: 1 },
  ping: { default: 300, min: 1 },
  dns: { default: 300, min: 1 },
  ssl: { default: 3600, min: 1 },
  domain: { default: 86_400, min: 21_600, why: 'Domain registration data is checked at most every 6 hours' },
  blacklist: { default: 3600, min: 300, why: 'Blacklists are asked at most every 5 minutes' },
}

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
})
const common = commonFor('web')

const http = {
  url: HttpUrl,
  method: v.optional(v.picklist(HTTP_METHODS, `Method must be one of ${HTTP_METHODS.join(', ')}.`), 'GET'),
  expected_status: v.optional(ExpectedStatus, DEFAULT_EXPECTED_STATUS),
  follow_redirects: v.optional(bool('Follow redirects'), true),
  verify_tls: v.optional(bool('Verify TLS'), true),
}

export const WebFields = v.object({
  ...http,
  keyword: v.optional(
    v.pipe(v.string('Keyword must be text.'), v.maxLength(500, 'Keyword must be at most 500 characters.')),
    '',
  ),
  /** true: the check fails when the keyword IS on the page (an error message that must not appear). */
  keyword_absent: v.optional(bool('Keyword absent'), false),
})

export const ApiFields = v.object({
  ...http,
  headers: v.optional(Headers, {}),
  body: v.optional(v.pipe(v.string('Body must be text.'), v.maxLength(16_384, 'Body must be at most 16 KB.')), ''),
  assertions: v.optional(
    v.pipe(v.array(Assertion, 'Assertions must be a list.'), v.maxLength(20, 'At most 20 assertions.')),
    [],
  ),
})

export const PortFields = v.object({
  host: Host,
  port: int('Port', 1, 65_535),
})

export const PingFields = v.object({
  host: Host,
  count: v.optional(int('Count', 1, 10), DEFAULTS.ping_count),
})

export const DnsFields = v.object({
  hostname: DnsName,
  record_type: RecordType,
  /** Values the answer must hold (`contains`) or be (`exact`); none: any answer, but a change is told. */
  expected: v.optional(ExpectedValues, []),
  expected_match: v.optional(ExpectedMatch, 'contains'),
  /** `ip[:port]` of the resolver to ask; empty: the server's (DNS_SERVERS, else the system's). */
  resolver: v.optional(Resolver, ''),
})

export const SslFields = v.object({
  host: Host,
  port: v.optional(int('Port', 1, 65_535), DEFAULTS.tls_port),
  warn_days: v.optional(WarnDays, defaultWarnDays),
})

export const DomainFields = v.object({
  domain: DomainName,
  warn_days: v.optional(WarnDays, defaultWarnDays),
})

export const BlacklistFields = v.object({
  target: BlacklistTarget,
})

/** The settings of each type, beyond the common fields. */
export const SETTINGS_SCHEMAS = {
  web: WebFields,
  api: ApiFields,
  port: PortFields,
  ping: PingFields,
  dns: DnsFields,
  ssl: SslFields,
  domain: DomainFields,
  blacklist: BlacklistFields,
} as const
export type MonitorSettings = { [K in MonitorType]: v.InferOutput<(typeof SETTINGS_SCHEMAS)[K]> }

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

const WebMonitor = v.object({ type: v.literal('web'), ...commonFor('web'), ...WebFields.entries })
const ApiMonitor = v.object({ type: v.literal('api'), ...commonFor('api'), ...ApiFields.entries })
const PortMonitor = v.object({ type: v.literal('port'), ...commonFor('port'), ...PortFields.entries })
const PingMonitor = v.object({ type: v.literal('ping'), ...commonFor('ping'), ...PingFields.entries })
const DnsMonitor = v.object({ type: v.literal('dns'), ...commonFor('dns'), ...DnsFields.entries })
const SslMonitor = v.object({ type: v.literal('ssl'), ...commonFor('ssl'), ...SslFields.entries })
const DomainMonitor = v.object({ type: v.literal('domain'), ...commonFor('domain'), ...DomainFields.entries })
const BlacklistMonitor = v.object({
  type: v.literal('blacklist'),
  ...commonFor('blacklist'),
  ...BlacklistFields.entries,
})

/** A new monitor: `POST /api/monitors`. */
export const MonitorInput = v.variant(
  'type',
  [WebMonitor, ApiMonitor, PortMonitor, PingMonitor, DnsMonitor, SslMonitor, DomainMonitor, BlacklistMonitor],
  TYPE_MESSAGE,
)
export type MonitorInput = v.InferOutput<typeof MonitorInput>

/** Checks a complete monitor (create, or the result of a patch) including the rules across fields. */
export const MONITOR_INPUTS = {
  web: timing(WebMonitor),
  api: timing(ApiMonitor),
  port: timing(PortMonitor),
  ping: timing(PingMonitor),
  dns: timing(DnsMonitor),
  ssl: timing(SslMonitor),
  domain: timing(DomainMonitor),
  blacklist: timing(BlacklistMonitor),
} as const
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
  v.strictObject(
    {
      ...v.partial(v.object(common)).entries,
      ...v.partial(SETTINGS_SCHEMAS[type]).entries,
      type: v.optional(v.literal(type, 'The type of a monitor cannot change; create a new monitor instead.')),
    },
    'This field is not part of this type of monitor.',
  )

export const COMMON_FIELDS = Object.keys(common) as (keyof typeof common)[]

// The monitor the API answers with: the common fields, the type's settings, and its live state.
const MonitorState = {
  id: v.string(),
  status: v.picklist(MONITOR_STATUSES),
  paused: v.boolean(),
  last_checked_at: v.nullable(v.string()),
  last_response_ms: v.nullable(v.number()),
  last_error: v.nullable(v.string()),
  status_changed_at: v.nullable(v.string()),
  next_check_at: v.nullable(v.string()),
  created_at: v.string(),
  /** When what an SSL or domain monitor watches expires, as last seen. */
  expires_at: v.optional(v.nullable(v.string())),
  uptime_24h: v.optional(v.nullable(v.number())),
  uptime_30d: v.optional(v.nullable(v.number())),
  avg_response_ms_24h: v.optional(v.nullable(v.number())),
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
}

export const Monitor = v.variant('type', [
  v.object({ type: v.literal('web'), ...commonOut, ...WebFields.entries, ...MonitorState }),
  v.object({ type: v.literal('api'), ...commonOut, ...ApiFields.entries, ...MonitorState }),
  v.object({ type: v.literal('port'), ...commonOut, port: v.number(), host: v.string(), ...MonitorState }),
  v.object({ type: v.literal('ping'), ...commonOut, count: v.number(), host: v.string(), ...MonitorState }),
  v.object({
    type: v.literal('dns'),
    ...commonOut,
    hostname: v.string(),
    record_type: RecordType,
    expected: v.array(v.string()),
    expected_match: ExpectedMatch,
    resolver: v.string(),
    ...MonitorState,
  }),
  v.object({
    type: v.literal('ssl'),
    ...commonOut,
    host: v.string(),
    port: v.number(),
    warn_days: v.array(v.number()),
    ...MonitorState,
  }),
  v.object({
    type: v.literal('domain'),
    ...commonOut,
    domain: v.string(),
    warn_days: v.array(v.number()),
    ...MonitorState,
  }),
  v.object({ type: v.literal('blacklist'), ...commonOut, target: v.string(), ...MonitorState }),
])
export type Monitor = v.InferOutput<typeof Monitor>

/** Monitor list filter: `GET /api/monitors?type=`. */
export const MonitorListQuery = v.object({ type: v.optional(MonitorTypeSchema) })
