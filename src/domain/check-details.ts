import * as v from 'valibot'
import { BlacklistTarget } from './monitor-fields.ts'

// The facts each network check reports in a result's `detail`, as the check writes them and the pages read
// them. Times are ISO 8601 in UTC.

export const DnsDetail = v.object({
  /** The resolver asked, `ip:port`. */
  resolver: v.string(),
  record_type: v.string(),
  /** The answer, each value in its canonical text (see dns-records.ts), sorted. */
  answer: v.array(v.string()),
})
export type DnsDetail = v.InferOutput<typeof DnsDetail>

export const SslDetail = v.object({
  address: v.nullable(v.string()),
  subject: v.string(),
  issuer: v.string(),
  alt_names: v.array(v.string()),
  valid_from: v.string(),
  valid_to: v.string(),
  days_left: v.number(),
  /** The chain leads to a trusted root. */
  chain_valid: v.boolean(),
  /** Why it does not, in words (e.g. "self-signed"), or null. */
  chain_error: v.nullable(v.string()),
  hostname_match: v.boolean(),
  protocol: v.nullable(v.string()),
  cipher: v.nullable(v.string()),
  serial: v.string(),
  fingerprint256: v.string(),
})
export type SslDetail = v.InferOutput<typeof SslDetail>

export const DomainDetail = v.object({
  domain: v.string(),
  /** Where the data came from. */
  source: v.picklist(['rdap', 'whois']),
  server: v.string(),
  registrar: v.nullable(v.string()),
  registered_at: v.nullable(v.string()),
  expires_at: v.nullable(v.string()),
  days_left: v.nullable(v.number()),
  name_servers: v.array(v.string()),
  status: v.array(v.string()),
})
export type DomainDetail = v.InferOutput<typeof DomainDetail>

export const BlacklistZoneResult = v.object({
  zone: v.string(),
  address: v.string(),
  listed: v.boolean(),
  /** The zone's TXT reason when listed, if it gives one. */
  reason: v.nullable(v.string()),
  /** The zone could not be asked (timeout, refused): neither listed nor clean. */
  error: v.nullable(v.string()),
})
export type BlacklistZoneResult = v.InferOutput<typeof BlacklistZoneResult>

export const BlacklistDetail = v.object({
  target: v.string(),
  /** The addresses checked: the target itself, or a domain's A and MX addresses. */
  addresses: v.array(v.string()),
  zones: v.array(BlacklistZoneResult),
  listed_count: v.number(),
})
export type BlacklistDetail = v.InferOutput<typeof BlacklistDetail>

/** `POST /api/blacklist/check`: a one-off check of an address or a domain. */
export const BlacklistCheckInput = v.object({ target: BlacklistTarget })

/** Its answer: what the check found, and when; nothing is stored. */
export const BlacklistCheck = v.object({
  result: v.object({ ...BlacklistDetail.entries, checked_at: v.string() }),
})
export type BlacklistCheck = v.InferOutput<typeof BlacklistCheck>
