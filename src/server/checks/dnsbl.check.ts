import net from 'node:net'
import type { BlacklistZoneResult } from '@vigil/domain/check-details'
import type { CheckOutcome } from '@vigil/domain/check-result'
import { DEFAULTS } from '@vigil/domain/monitor.schema'
import { ipv6Groups } from '../net/target-policy.ts'
import { CANCELLED, type CheckContext, type CheckTarget } from './context.ts'
import { type Ask, configuredServers, errorCode, resolverFailure, type Servers, withResolvers } from './resolver.ts'

// Blacklist monitors and one-off checks: each address of the target is looked up in each DNSBL zone
// (`<reversed address>.<zone>` A; an answer in 127.0.0.0/8 means listed, its TXT says why). Queries go
// through the operator's resolvers (c-ares), never to the target: the target policy does not apply.

type BlacklistMonitor = Extract<CheckTarget, { type: 'blacklist' }>

export interface BlacklistReport {
  /** The addresses checked: the target itself, or a domain's A, AAAA and MX addresses. */
  addresses: string[]
  /** One result per address and zone, by address then zone. */
  zones: BlacklistZoneResult[]
  /** How many (zone, address) pairs are listed. */
  listed_count: number
}

/** The target has no address to check, or the resolver could not say: the message is for the user. */
export class BlacklistLookupError extends Error {}

const MAX_ADDRESSES = 10
const MAX_MX_HOSTS = 5
// Queries in flight at once: enough to finish quickly, few enough not to look like a flood to the zones.
const IN_FLIGHT = 20
const REASON_CAP = 300

/** The address as a DNSBL query name: IPv4 octets reversed; IPv6 as its 32 nibbles reversed. */
export const reversedName = (address: string): string => {
  if (net.isIPv4(address)) return address.split('.').reverse().join('.')
  const hex = ipv6Groups(address)
    .map((g) => g.toString(16).padStart(4, '0'))
    .join('')
  return [...hex].reverse().join('.')
}

/** An IPv4-mapped IPv6 address (::ffff:192.0.2.1) is that IPv4 host. */
const plainAddress = (address: string) => {
  if (!net.isIPv6(address)) return address
  const g = ipv6Groups(address)
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff
  return mapped ? [(g[6] ?? 0) >> 8, (g[6] ?? 0) & 255, (g[7] ?? 0) >> 8, (g[7] ?? 0) & 255].join('.') : address
}

type Settled<T> = { value: T } | { code: string }
const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ value }),
    (err) => ({ code: errorCode(err) }),
  )
const valuesOf = <T>(s: Settled<T[]>): T[] => ('value' in s ? s.value : [])

/** The target itself if it is an address; else its A and AAAA addresses, then those of its MX hosts. */
const addressesOf = async (target: string, ask: Ask, servers: Servers, seconds: number, expired: () => boolean) => {
  if (net.isIP(target)) return [plainAddress(target.toLowerCase())]
  const [a, aaaa, mx] = await Promise.all([
    settle(ask((r) => r.resolve4(target))),
    settle(ask((r) => r.resolve6(target))),
    settle(ask((r) => r.resolveMx(target))),
  ])
  const hosts = valuesOf(mx)
    .filter((m) => m.exchange !== '') // a null MX ("0 .") says the domain takes no mail
    .sort((x, y) => x.priority - y.priority)
    .slice(0, MAX_MX_HOSTS)
    .map((m) => m.exchange)
  const ofHosts = await Promise.all(
    hosts.flatMap((host) => [settle(ask((r) => r.resolve4(host))), settle(ask((r) => r.resolve6(host)))]),
  )
  const all = [valuesOf(a), valuesOf(aaaa), ...ofHosts.map(valuesOf)].flat().map((x) => x.toLowerCase())
  const addresses = [...new Set(all)].slice(0, MAX_ADDRESSES)
  if (addresses.length > 0) return addresses
  const codes = [a, aaaa, mx].map((s) => (expired() ? 'ETIMEOUT' : 'code' in s ? s.code : 'ENODATA'))
  if (codes.every((c) => c === 'ENOTFOUND')) throw new BlacklistLookupError(`${target} does not exist (NXDOMAIN).`)
  const failure = codes.find((c) => c !== 'ENOTFOUND' && c !== 'ENODATA')
  if (failure)
    throw new BlacklistLookupError(
      `The addresses of ${target} are unknown: ${servers.subject.replace(/^The/, 'the')} ${resolverFailure(failure, seconds)}.`,
    )
  throw new BlacklistLookupError(`${target} has no A, AAAA or MX records, so no address to check.`)
}

/** Runs `fn` over `items` with at most `limit` running at once; results in the items' order. */
const pool = async <T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> => {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

const reasonOf = async (ask: Ask, name: string): Promise<string | null> => {
  try {
    const text = (await ask((r) => r.resolveTxt(name)))
      .map((chunks) => chunks.join(''))
      .join('; ')
      .trim()
    return text === '' ? null : text.slice(0, REASON_CAP)
  } catch {
    return null // the listing stands without its reason
  }
}

const askZone = async (
  ask: Ask,
  address: string,
  zone: string,
  seconds: number,
  expired: () => boolean,
): Promise<BlacklistZoneResult> => {
  const result: BlacklistZoneResult = { zone, address, listed: false, reason: null, error: null }
  const late = { ...result, error: `the resolver did not answer within ${seconds} s` }
  if (expired()) return late
  const name = `${reversedName(address)}.${zone}`
  let answer: string[]
  try {
    answer = await ask((r) => r.resolve4(name))
  } catch (err) {
    if (expired()) return late
    const code = errorCode(err)
    // NXDOMAIN (or a name without A records): not listed.
    if (code === 'ENOTFOUND' || code === 'ENODATA') return result
    return { ...result, error: `the resolver ${resolverFailure(code, seconds)}` }
  }
  // 127.255.255.x: Spamhaus and others refuse queries from public resolvers or over their rate this way.
  const refusal = answer.find((a) => a.startsWith('127.255.255.'))
  if (refusal) return { ...result, error: `the zone refused the query (${refusal})` }
  const foreign = answer.find((a) => !a.startsWith('127.'))
  if (foreign) return { ...result, error: `the zone answered ${foreign}, which is not a listing code` }
  return { ...result, listed: true, reason: await reasonOf(ask, name) }
}

/**
 * Looks the target (an address or a domain) up in every zone of DNSBL_ZONES. Throws BlacklistLookupError
 * when there is nothing to look up (a domain without addresses, no zones, the resolver not answering).
 */
export const checkBlacklist = async (
  target: string,
  ctx: CheckContext,
  seconds: number = DEFAULTS.timeout_seconds,
): Promise<BlacklistReport> => {
  const zones = ctx.network.dnsblZones
  if (zones.length === 0)
    throw new BlacklistLookupError('No blacklist zones are configured on this server (DNSBL_ZONES).')
  const servers = configuredServers(ctx.network.dnsServers)
  if ('problem' in servers) throw new BlacklistLookupError(servers.problem)
  const report = await withResolvers(servers, seconds * 1000, ctx.signal, async (ask, expired) => {
    const addresses = await addressesOf(target, ask, servers, seconds, expired)
    const pairs = addresses.flatMap((address) => zones.map((zone) => ({ address, zone })))
    const results = await pool(pairs, IN_FLIGHT, (p) => askZone(ask, p.address, p.zone, seconds, expired))
    return { addresses, zones: results, listed_count: results.filter((r) => r.listed).length }
  })
  if (ctx.signal?.aborted) throw ctx.signal.reason
  return report
}

const listOf = (items: string[], cap = 3) =>
  items.length > cap ? `${items.slice(0, cap).join(', ')} and ${items.length - cap} more` : items.join(', ')

/** The monitor: fails when any zone lists any address; `observed` is the `zone:address` pairs listed. */
export const checkBlacklistMonitor = async (monitor: BlacklistMonitor, ctx: CheckContext): Promise<CheckOutcome> => {
  const started = performance.now()
  let report: BlacklistReport
  try {
    report = await checkBlacklist(monitor.target, ctx, monitor.timeout_seconds)
  } catch (err) {
    if (ctx.signal?.aborted) return CANCELLED
    if (err instanceof BlacklistLookupError)
      return { ok: false, responseMs: null, message: err.message, observed: null }
    throw err
  }
  const responseMs = Math.round(performance.now() - started)
  const detail = { target: monitor.target, ...report }
  const zones = ctx.network.dnsblZones
  const answered = zones.filter((zone) => report.zones.some((r) => r.zone === zone && r.error === null))
  const listed = report.zones.filter((r) => r.listed)
  const [first] = listed
  if (first) {
    const reason = first.reason
      ? ` (${first.reason.length > 100 ? `${first.reason.slice(0, 99)}…` : first.reason})`
      : ''
    const more = listed.length > 1 ? ` and ${listed.length - 1} more` : ''
    const observed = listed.map((r) => `${r.zone}:${r.address}`).sort()
    return {
      ok: false,
      responseMs,
      message: `${first.address} is listed on ${first.zone}${reason}${more}.`,
      detail,
      observed,
    }
  }
  if (answered.length === 0) {
    const errors = zones.map((zone) => `${zone} (${report.zones.find((r) => r.zone === zone)?.error})`)
    return { ok: false, responseMs, message: `No blacklist answered: ${listOf(errors)}.`, detail, observed: null }
  }
  const silent = zones.filter((zone) => !answered.includes(zone))
  const message =
    silent.length > 0
      ? `Not listed on ${answered.length === 1 ? answered[0] : `any of the ${answered.length} blacklists that answered`} (${listOf(silent)} did not answer).`
      : zones.length === 1
        ? `Not listed on ${zones[0]}.`
        : `Not listed on any of ${zones.length} blacklists.`
  return { ok: true, responseMs, message, detail, observed: [] }
}
