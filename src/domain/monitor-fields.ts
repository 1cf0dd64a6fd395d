import * as v from 'valibot'
import { DNS_RECORD_TYPES, EXPECTED_MATCHES, isDnsName, parseResolver } from './dns-records.ts'
import { DEFAULT_EXPECTED_STATUS, formatExpectedStatus, parseExpectedStatus } from './expected-status.ts'
import { DEFAULT_WARN_DAYS } from './expiry.ts'
import { hostProblem, isHostName, isIPv4, isIPv6, normalizeHost } from './host.ts'
import { plainLine } from './plain-text.ts'
import { TlsTrust } from './tls-trust.ts'

// The field schemas the monitor types are made of. Each message names the field and says what to enter.

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

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const

export const int = (label: string, min: number, max: number) =>
  v.pipe(
    v.number(`${label} must be a number.`),
    v.integer(`${label} must be a whole number.`),
    v.minValue(min, `${label} must be at least ${min}.`),
    v.maxValue(max, `${label} must be at most ${max}.`),
  )

const SLA_MESSAGE = 'SLA target must be a percent from 50 to 100.'

/** A percent from 50 to 100 with at most 3 decimals (99.999 %). */
export const SlaTarget = v.pipe(
  v.number(SLA_MESSAGE),
  v.minValue(50, SLA_MESSAGE),
  v.maxValue(100, SLA_MESSAGE),
  v.check((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, 'SLA target has at most 3 decimals.'),
)

export const bool = (label: string) => v.boolean(`${label} must be true or false.`)

export const Name = v.pipe(
  v.string('Name is required.'),
  v.trim(),
  v.nonEmpty('Name is required.'),
  v.maxLength(100, 'Name must be at most 100 characters.'),
  plainLine('Name'),
)

export const HttpUrl = v.pipe(
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

export const Host = v.pipe(
  v.string('Host is required.'),
  v.trim(),
  v.check(
    (s) => hostProblem(s) === null,
    (issue) => hostProblem(String(issue.input)) ?? 'Enter a host.',
  ),
  v.transform(normalizeHost),
)

export const ExpectedStatus = v.pipe(
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
export const Headers = v.pipe(
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

export { DEFAULT_EXPECTED_STATUS }

/**
 * The request of web and API monitors: URL, method, the status expected, redirects and TLS: the certificates an
 * https:// URL's host is trusted with, or none checked at all (`verify_tls` false: "Ignore certificate errors").
 */
export const HttpRequestFields = {
  url: HttpUrl,
  method: v.optional(v.picklist(HTTP_METHODS, `Method must be one of ${HTTP_METHODS.join(', ')}.`), 'GET'),
  expected_status: v.optional(ExpectedStatus, DEFAULT_EXPECTED_STATUS),
  follow_redirects: v.optional(bool('Follow redirects'), true),
  verify_tls: v.optional(bool('Verify TLS'), true),
  tls_trust: TlsTrust,
}

/** A name to ask DNS about: `example.com`, `_sip._tcp.example.com`; not an address or a URL. */
export const DnsName = v.pipe(
  v.string('Host name is required.'),
  v.trim(),
  v.nonEmpty('Host name is required.'),
  v.toLowerCase(),
  v.check(
    (s) => !/^[a-z][a-z0-9+.-]*:\/\//.test(s) && !s.includes('/'),
    'Enter a host name without a scheme or path, such as example.com.',
  ),
  v.check(
    (s) => isDnsName(s),
    (issue) => `"${String(issue.input)}" is not a valid host name.`,
  ),
  v.transform((s) => s.replace(/\.$/, '')),
)

export const RecordType = v.picklist(DNS_RECORD_TYPES, `Record type must be one of ${DNS_RECORD_TYPES.join(', ')}.`)

const ipVersion = (s: string): 4 | 6 | 0 => (isIPv4(s) ? 4 : isIPv6(s) ? 6 : 0)

/** `''` for the server's resolvers, or `ip[:port]`. */
export const Resolver = v.pipe(
  v.string('Resolver must be text.'),
  v.trim(),
  v.check(
    (s) => s === '' || typeof parseResolver(s, ipVersion) !== 'string',
    (issue) => String(parseResolver(String(issue.input).trim(), ipVersion)),
  ),
)

export const ExpectedValues = v.pipe(
  v.array(
    v.pipe(
      v.string('Each expected value must be text.'),
      v.trim(),
      v.nonEmpty('An expected value cannot be empty.'),
      v.maxLength(500, 'An expected value is at most 500 characters.'),
    ),
    'Expected values must be a list.',
  ),
  v.maxLength(50, 'At most 50 expected values.'),
)

export const ExpectedMatch = v.picklist(EXPECTED_MATCHES, 'Match must be contains or exact.')
export type ExpectedMatch = v.InferOutput<typeof ExpectedMatch>

/** Days before expiry to warn at: whole days from 1 to 365, at most 10, largest first. */
export const WarnDays = v.pipe(
  v.array(int('Each warning day', 1, 365), 'Warning days must be a list of numbers of days.'),
  v.minLength(1, 'Give at least one number of days to warn at.'),
  v.maxLength(10, 'At most 10 warning days.'),
  v.transform((days) => [...new Set(days)].sort((a, b) => b - a)),
)
export const defaultWarnDays = () => [...DEFAULT_WARN_DAYS]

/** A registered domain: a host name with at least two labels, such as example.com; international names in punycode. */
export const DomainName = v.pipe(
  v.string('Domain is required.'),
  v.trim(),
  v.nonEmpty('Domain is required.'),
  v.check(
    (s) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(s) && !s.includes('/'),
    'Enter the domain alone, without a scheme or path, such as example.com.',
  ),
  v.transform((s) => toAsciiName(s)),
  v.check(
    (s) => isHostName(s) && s.includes('.'),
    (issue) => `"${String(issue.input)}" is not a registered domain such as example.com.`,
  ),
)

/** An address or a domain whose addresses a blacklist check looks up. */
export const BlacklistTarget = v.pipe(
  v.string('Target is required.'),
  v.trim(),
  v.nonEmpty('Target is required.'),
  v.transform((s) =>
    isIPv4(s) || isIPv6(s.replace(/^\[|\]$/g, '')) ? s.replace(/^\[|\]$/g, '').toLowerCase() : toAsciiName(s),
  ),
  v.check(
    (s) => isIPv4(s) || isIPv6(s) || (isHostName(s) && s.includes('.')),
    (issue) => `"${String(issue.input)}" is not an IPv4 or IPv6 address or a domain such as example.com.`,
  ),
)

/** Lower case, without the final dot, international names in punycode (as a URL host would be written). */
export const toAsciiName = (value: string): string => {
  const text = value.trim().toLowerCase().replace(/\.$/, '')
  // Plain ASCII needs no conversion; anything else goes through the URL parser's IDNA (punycode).
  if ([...text].every((ch) => ch.charCodeAt(0) < 128)) return text
  try {
    return new URL(`http://${text}`).hostname
  } catch {
    return text
  }
}
