import type { CheckOutcome } from '@vigil/domain/check-result'
import { daysLeft } from '@vigil/domain/expiry'
import type { NetworkConfig } from '../config.ts'
import { CANCELLED, type CheckContext, type CheckTarget } from './context.ts'
import { daysText, dayText } from './dates.ts'
import { rdapBaseFor, rdapLookup } from './rdap.ts'
import { type Registration, type RegistryAnswer, RegistryError } from './registration.ts'
import { parseWhois, whoisQuery, whoisServerFor } from './whois.ts'

// Domain monitors: the registration as the registry holds it, by RDAP, else by WHOIS for TLDs without RDAP.
// Registries are not chosen by users, so the target policy does not apply to them; the domain itself is
// never connected to. `expiresAt` is the registration's end, from which the engine sends the warnings.

type DomainMonitor = Extract<CheckTarget, { type: 'domain' }>

/** Asks the registry of `domain`: RDAP where the bootstrap (or RDAP_BASE_URL) has one, else WHOIS. */
const askRegistry = async (
  domain: string,
  network: NetworkConfig,
  signal: AbortSignal,
  seconds: number,
): Promise<RegistryAnswer> => {
  const base = network.rdapBaseUrl ?? (await rdapBaseFor(domain, network.rdapBootstrapUrl, signal, seconds))
  if (base !== null) {
    const server = `${base}domain/${domain}`
    const started = performance.now()
    const registration = await rdapLookup(server, signal, seconds)
    return { source: 'rdap', server, ms: Math.round(performance.now() - started), registration }
  }
  const tld = domain.split('.').at(-1) as string
  const server = network.whoisServer ?? (await whoisServerFor(tld, signal, seconds))
  if (server === null) throw new RegistryError(`No RDAP or WHOIS server is known for .${tld} domains.`)
  const started = performance.now()
  const text = await whoisQuery(server, domain, signal, seconds)
  return {
    source: 'whois',
    server,
    ms: Math.round(performance.now() - started),
    registration: parseWhois(text, server),
  }
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

const detailOf = (domain: string, answer: RegistryAnswer, registration: Registration | null, now: number) => ({
  domain,
  source: answer.source,
  server: answer.server,
  registrar: registration?.registrar ?? null,
  registered_at: iso(registration?.registeredAt ?? null),
  expires_at: iso(registration?.expiresAt ?? null),
  days_left: registration?.expiresAt == null ? null : daysLeft(registration.expiresAt, now),
  name_servers: registration?.nameServers ?? [],
  status: registration?.status ?? [],
})

const outcomeOf = (domain: string, answer: RegistryAnswer): CheckOutcome => {
  const now = Date.now()
  const { registration, ms: responseMs } = answer
  const detail = detailOf(domain, answer, registration, now)
  if (registration === null)
    return {
      ok: false,
      responseMs,
      message: `${domain} is not registered (the registry does not know it).`,
      detail,
      expiresAt: null,
    }
  const { expiresAt, registrar } = registration
  if (expiresAt === null)
    return {
      ok: true,
      responseMs,
      message: `${domain} is registered; the registry gives no expiry date.`,
      detail,
      expiresAt: null,
    }
  if (expiresAt < now)
    return { ok: false, responseMs, message: `${domain} expired on ${dayText(expiresAt)}.`, detail, expiresAt }
  const by = registrar ? `, registrar ${registrar}` : ''
  const message = `Registered until ${dayText(expiresAt)} (${daysText(daysLeft(expiresAt, now))})${by}`
  return { ok: true, responseMs, message, detail, expiresAt }
}

export const checkDomain = async (monitor: DomainMonitor, ctx: CheckContext): Promise<CheckOutcome> => {
  const { domain, timeout_seconds: seconds } = monitor
  if (ctx.signal?.aborted) return CANCELLED
  const deadline = AbortSignal.timeout(seconds * 1000)
  const signal = ctx.signal ? AbortSignal.any([deadline, ctx.signal]) : deadline
  try {
    return outcomeOf(domain, await askRegistry(domain, ctx.network, signal, seconds))
  } catch (err) {
    if (ctx.signal?.aborted) return CANCELLED
    // A registry that cannot be asked says nothing about the expiry: the one last seen stands.
    if (err instanceof RegistryError) return { ok: false, responseMs: null, message: err.message }
    throw err
  }
}
