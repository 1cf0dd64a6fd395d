import * as v from 'valibot'
import { Assertion } from './assertion.ts'
import { DEFAULT_EXPECTED_STATUS, formatExpectedStatus, parseExpectedStatus } from './expected-status.ts'
import { hostProblem, normalizeHost } from './host.ts'
import { MONITOR_STATUSES } from './monitor-status.ts'

// Monitors: one schema per type, united by `type`. The server validates requests with these and the
// forms validate with the same ones, so a message reads the same in both places.

export const MONITOR_TYPES = ['web', 'api', 'port', 'ping'] as const
export type MonitorType = (typeof MONITOR_TYPES)[number]
export const MonitorTypeSchema = v.picklist(MONITOR_TYPES, 'Type must be one of web, api, port or ping.')

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
} as const

const int = (label: string, min: number, max: number) =>
  v.pipe(
    v.number(`${label} must be a number.`),
    v.integer(`${label} must be a whole number.`),
    v.minValue(min, `${label} must be at least ${min}.`),
    v.maxValue(max, `${label} must be at most ${max}.`),
  )

const bool = (label: string) => v.boolean(`${label} must be true or false.`)

const Name = v.pipe(
  v.string('Name is required.'),
  v.trim(),
  v.nonEmpty('Name is required.'),
  v.maxLength(100, 'Name must be at most 100 characters.'),
)

const HttpUrl = v.pipe(
  v.string('URL is required.'),
  v.trim(),
  v.nonEmpty('URL is required.'),
  v.maxLength(2048, 'URL must be at most 2048 characters.'),
  v.check((s) => /^https?:\/\//i.test(s), 'URL must start with http:// or https://.'),
  v.url('Enter a full URL, such as https://example.com/health.'),
  v.check((s) => {
    try {
      return new URL(s).hostname !== ''
    } catch {
      return false
    }
  }, 'The URL needs a host name.'),
)

const Host = v.pipe(
  v.string('Host is required.'),
  v.trim(),
  v.check(
    (s) => hostProblem(s) === null,
    (issue) => hostProblem(String(issue.input)) ?? 'Enter a host.',
  ),
  v.transform(normalizeHost),
)

const ExpectedStatus = v.pipe(
  v.union(
    [v.string(), v.array(v.union([v.string(), v.number()]))],
    'Expected status must be codes or ranges, such as 200-299.',
  ),
  v.check(
    (s) => typeof parseExpectedStatus(s) !== 'string',
    (issue) => String(parseExpectedStatus(issue.input as string)),
  ),
  v.transform((s) =>
    formatExpectedStatus(parseExpectedStatus(s) as Exclude<ReturnType<typeof parseExpectedStatus>, string>),
  ),
)

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const Headers = v.pipe(
  v.record(
    v.string(),
    v.pipe(v.string('Header values must be text.'), v.maxLength(4096, 'A header value is too long.')),
    'Headers must be an object of names and values.',
  ),
  v.check((h) => Object.keys(h).length <= 50, 'At most 50 headers.'),
  v.check(
    (h) => Object.keys(h).every((k) => HEADER_NAME.test(k)),
    'A header name has letters, digits and hyphens only.',
  ),
  v.check(
    (h) => Object.values(h).every((value) => !/[\r\n\0]/.test(value)),
    'A header value cannot contain line breaks.',
  ),
)

/** Fields every type has. */
const common = {
  name: Name,
  interval_seconds: v.optional(int('Interval', 1, 86_400), DEFAULTS.interval_seconds),
  timeout_seconds: v.optional(int('Timeout', 1, 120), DEFAULTS.timeout_seconds),
  retries: v.optional(int('Retries', 0, 10), DEFAULTS.retries),
  retry_interval_seconds: v.optional(int('Retry interval', 1, 3600), DEFAULTS.retry_interval_seconds),
  recovery_checks: v.optional(int('Recovery checks', 1, 10), DEFAULTS.recovery_checks),
  degraded_threshold_ms: v.optional(v.nullable(int('Degraded threshold', 1, 600_000)), DEFAULTS.degraded_threshold_ms),
}

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

/** The settings of each type, beyond the common fields. */
export const SETTINGS_SCHEMAS = { web: WebFields, api: ApiFields, port: PortFields, ping: PingFields } as const
export type MonitorSettings = {
  web: v.InferOutput<typeof WebFields>
  api: v.InferOutput<typeof ApiFields>
  port: v.InferOutput<typeof PortFields>
  ping: v.InferOutput<typeof PingFields>
}

const timing = <T extends { interval_seconds: number; timeout_seconds: number; retry_interval_seconds: number }>(
  schema: v.GenericSchema<unknown, T>,
) =>
  v.pipe(
    schema,
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

const WebMonitor = v.object({ type: v.literal('web'), ...common, ...WebFields.entries })
const ApiMonitor = v.object({ type: v.literal('api'), ...common, ...ApiFields.entries })
const PortMonitor = v.object({ type: v.literal('port'), ...common, ...PortFields.entries })
const PingMonitor = v.object({ type: v.literal('ping'), ...common, ...PingFields.entries })

export const WebMonitorInput = timing(WebMonitor)
export const ApiMonitorInput = timing(ApiMonitor)
export const PortMonitorInput = timing(PortMonitor)
export const PingMonitorInput = timing(PingMonitor)

/** A new monitor: `POST /api/monitors`. */
export const MonitorInput = v.variant(
  'type',
  [WebMonitor, ApiMonitor, PortMonitor, PingMonitor],
  'Type must be one of web, api, port or ping.',
)
export type MonitorInput = v.InferOutput<typeof MonitorInput>

/** Checks a complete monitor (create, or the result of a patch) including the rules across fields. */
export const MONITOR_INPUTS = {
  web: WebMonitorInput,
  api: ApiMonitorInput,
  port: PortMonitorInput,
  ping: PingMonitorInput,
} as const

/**
 * A timeout or retry interval left out defaults to 10 s and 20 s, or to the interval itself when that is
 * shorter, so a monitor checked every 5 s needs no more fields than one checked every 5 minutes.
 */
export const withTimingDefaults = (input: unknown): unknown => {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input
  const record = input as Record<string, unknown>
  const interval = record.interval_seconds
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
}

export const Monitor = v.variant('type', [
  v.object({ type: v.literal('web'), ...commonOut, ...WebFields.entries, ...MonitorState }),
  v.object({ type: v.literal('api'), ...commonOut, ...ApiFields.entries, ...MonitorState }),
  v.object({ type: v.literal('port'), ...commonOut, port: v.number(), host: v.string(), ...MonitorState }),
  v.object({ type: v.literal('ping'), ...commonOut, count: v.number(), host: v.string(), ...MonitorState }),
])
export type Monitor = v.InferOutput<typeof Monitor>

/** Monitor list filter: `GET /api/monitors?type=`. */
export const MonitorListQuery = v.object({ type: v.optional(MonitorTypeSchema) })
