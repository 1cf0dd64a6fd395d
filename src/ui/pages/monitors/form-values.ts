import type { AssertionOperator, AssertionType } from '../../../domain/assertion.ts'
import type { DnsRecordType } from '../../../domain/dns-records.ts'
import { DEFAULT_EXPECTED_STATUS } from '../../../domain/expected-status.ts'
import { DEFAULT_WARN_DAYS } from '../../../domain/expiry.ts'
import { DEFAULTS, INTERVALS, type Monitor, type MonitorType } from '../../../domain/monitor.schema.ts'
import { allowedIntervals } from '../../../domain/plan-limits.ts'
import type { MonitorValues } from '../../../machines/monitor-form.machine.ts'

// The monitor form as the inputs hold it (text, ticks and rows), and the values the form flow checks.
// Nothing is judged here: an unreadable number is passed on as text so the schema says what is wrong.

export interface HeaderRow {
  name: string
  value: string
}

export interface AssertionRow {
  type: AssertionType
  path: string
  operator: AssertionOperator
  value: string
}

export interface MonitorDraft {
  name: string
  interval_seconds: string
  timeout_seconds: string
  retries: string
  retry_interval_seconds: string
  recovery_checks: string
  degraded_threshold_ms: string
  url: string
  method: string
  expected_status: string
  keyword: string
  keyword_absent: boolean
  follow_redirects: boolean
  verify_tls: boolean
  headers: HeaderRow[]
  body: string
  assertions: AssertionRow[]
  host: string
  port: string
  count: string
  hostname: string
  record_type: DnsRecordType
  /** One row per expected value of a DNS answer. */
  expected: string[]
  expected_match: 'contains' | 'exact'
  resolver: string
  /** Days before expiry to warn at, as typed: "30, 14, 7, 1". */
  warn_days: string
  domain: string
  target: string
  /** All of the user's channels (integration_ids null), or the ones chosen. */
  alert_channels: 'all' | 'chosen'
  integration_ids: string[]
  /** A preset of REMINDER_CHOICES ('' is off), or 'other' with the minutes typed in `reminder_minutes`. */
  reminder: string
  reminder_minutes: string
}

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
] as const

export const newAssertion = (): AssertionRow => ({ type: 'status', path: '', operator: 'equals', value: '200' })

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))

/** "30, 14, 7, 1" */
export const warnDaysText = (days: readonly number[]) => days.join(', ')

/** The fastest a monitor of this type may be checked on this plan: the slower of the two limits. */
export const typeMinInterval = (type: MonitorType, planMinSeconds: number) =>
  Math.max(planMinSeconds, INTERVALS[type].min)

/**
 * The draft of a new monitor (the defaults, at the type's usual interval or the fastest the plan and type
 * allow, whichever is slower) or of an existing one.
 */
export const draftOf = (type: MonitorType, monitor: Monitor | null, minIntervalSeconds: number): MonitorDraft => {
  const blank: MonitorDraft = {
    name: '',
    interval_seconds: String(Math.max(INTERVALS[type].default, typeMinInterval(type, minIntervalSeconds))),
    // Left empty, these follow the interval: the defaults, or the interval itself when it is shorter.
    timeout_seconds: '',
    retries: String(DEFAULTS.retries),
    retry_interval_seconds: '',
    recovery_checks: String(DEFAULTS.recovery_checks),
    degraded_threshold_ms: '',
    url: '',
    method: 'GET',
    expected_status: DEFAULT_EXPECTED_STATUS,
    keyword: '',
    keyword_absent: false,
    follow_redirects: true,
    verify_tls: true,
    headers: [],
    body: '',
    assertions: [],
    host: '',
    port: type === 'ssl' ? String(DEFAULTS.tls_port) : '',
    count: String(DEFAULTS.ping_count),
    hostname: '',
    record_type: 'A',
    expected: [],
    expected_match: 'contains',
    resolver: '',
    warn_days: warnDaysText(DEFAULT_WARN_DAYS),
    domain: '',
    target: '',
    alert_channels: 'all',
    integration_ids: [],
    reminder: '',
    reminder_minutes: '',
  }
  if (!monitor) return blank
  const common = {
    ...blank,
    name: monitor.name,
    interval_seconds: text(monitor.interval_seconds),
    timeout_seconds: text(monitor.timeout_seconds),
    retries: text(monitor.retries),
    retry_interval_seconds: text(monitor.retry_interval_seconds),
    recovery_checks: text(monitor.recovery_checks),
    degraded_threshold_ms: text(monitor.degraded_threshold_ms),
    ...alertsDraft(monitor.integration_ids, monitor.reminder_minutes),
  }
  switch (monitor.type) {
    case 'web':
      return {
        ...common,
        url: monitor.url,
        method: monitor.method,
        expected_status: monitor.expected_status,
        keyword: monitor.keyword,
        keyword_absent: monitor.keyword_absent,
        follow_redirects: monitor.follow_redirects,
        verify_tls: monitor.verify_tls,
      }
    case 'api':
      return {
        ...common,
        url: monitor.url,
        method: monitor.method,
        expected_status: monitor.expected_status,
        follow_redirects: monitor.follow_redirects,
        verify_tls: monitor.verify_tls,
        headers: Object.entries(monitor.headers).map(([name, value]) => ({ name, value })),
        body: monitor.body,
        assertions: monitor.assertions.map((a) => ({ ...a })),
      }
    case 'port':
      return { ...common, host: monitor.host, port: text(monitor.port) }
    case 'ping':
      return { ...common, host: monitor.host, count: text(monitor.count) }
    case 'dns':
      return {
        ...common,
        hostname: monitor.hostname,
        record_type: monitor.record_type,
        expected: [...monitor.expected],
        expected_match: monitor.expected_match,
        resolver: monitor.resolver,
      }
    case 'ssl':
      return { ...common, host: monitor.host, port: text(monitor.port), warn_days: warnDaysText(monitor.warn_days) }
    case 'domain':
      return { ...common, domain: monitor.domain, warn_days: warnDaysText(monitor.warn_days) }
    case 'blacklist':
      return { ...common, target: monitor.target }
  }
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

/** A number when the text is one; nothing when empty (the default applies, or "required"); else the text. */
const numberOf = (value: string): number | string | undefined => {
  const t = value.trim()
  if (t === '') return undefined
  const n = Number(t)
  return Number.isFinite(n) ? n : t
}

/** "30, 14 7;1" as numbers; a word that is no number is passed on as text for the schema to name. Empty: the default. */
const daysOf = (value: string): (number | string)[] | undefined => {
  const words = value.split(/[\s,;]+/).filter((w) => w !== '')
  return words.length === 0 ? undefined : words.map((w) => numberOf(w) as number | string)
}

/** Header rows as the record the API takes; rows left wholly empty are dropped. */
const headersOf = (rows: readonly HeaderRow[]) =>
  Object.fromEntries(rows.filter((r) => r.name.trim() !== '' || r.value !== '').map((r) => [r.name.trim(), r.value]))

/** The values of a draft for its type, as the form flow checks and sends them. */
export const valuesOf = (type: MonitorType, d: MonitorDraft): MonitorValues => {
  const threshold = numberOf(d.degraded_threshold_ms)
  const common = {
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
  }
  const http = {
    url: d.url,
    method: d.method,
    expected_status: d.expected_status,
    follow_redirects: d.follow_redirects,
    verify_tls: d.verify_tls,
  }
  switch (type) {
    case 'web':
      return { ...common, ...http, keyword: d.keyword, keyword_absent: d.keyword_absent }
    case 'api':
      return {
        ...common,
        ...http,
        headers: headersOf(d.headers),
        body: d.body,
        assertions: d.assertions.map((a) => ({ ...a })),
      }
    case 'port':
      return { ...common, host: d.host, port: numberOf(d.port) }
    case 'ping':
      return { ...common, host: d.host, count: numberOf(d.count) }
    case 'dns':
      return {
        ...common,
        hostname: d.hostname,
        record_type: d.record_type,
        expected: [...d.expected],
        expected_match: d.expected_match,
        resolver: d.resolver,
      }
    case 'ssl':
      return { ...common, host: d.host, port: numberOf(d.port), warn_days: daysOf(d.warn_days) }
    case 'domain':
      return { ...common, domain: d.domain, warn_days: daysOf(d.warn_days) }
    case 'blacklist':
      return { ...common, target: d.target }
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
