import dns from 'node:dns'
import net from 'node:net'
import { parseResolver } from '@vigil/domain/dns-records'

// The c-ares resolvers of the DNS and blacklist checks. c-ares sends its own packets on the event loop;
// dns.lookup (getaddrinfo) would take one of libuv's four thread-pool slots per query and could not be
// pointed at a chosen server.

export type Resolver = dns.promises.Resolver

/** `ip:port` texts as `setServers` takes them (IPv6 in brackets), the form the checks report too. */
export interface Servers {
  list: string[]
  /** "The resolver 9.9.9.9:53" or "The resolvers 9.9.9.9:53, 1.1.1.1:53", to start a sentence. */
  subject: string
}

const withPort = (host: string, port: number) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`)

/** `9.9.9.9`, `9.9.9.9:5353`, `[::1]:53` or `::1`: its IP and its `ip:port` text, or why it is none of them. */
export const parseServer = (value: string): { host: string; text: string } | { problem: string } => {
  const parsed = parseResolver(value, (s) => net.isIP(s) as 0 | 4 | 6)
  return typeof parsed === 'string'
    ? { problem: parsed }
    : { host: parsed.host, text: withPort(parsed.host, parsed.port) }
}

export const serversOf = (list: string[]): Servers => ({
  list,
  subject: `${list.length === 1 ? 'The resolver' : 'The resolvers'} ${list.join(', ')}`,
})

/**
 * The operator's resolvers (DNS_SERVERS), else the system's. The operator chose them, so the target policy
 * does not apply to them.
 */
export const configuredServers = (dnsServers: readonly string[]): Servers | { problem: string } => {
  const list: string[] = []
  for (const value of dnsServers.length > 0 ? dnsServers : dns.getServers()) {
    const server = parseServer(value)
    if ('problem' in server) return { problem: `DNS_SERVERS has an invalid entry "${value}": ${server.problem}` }
    list.push(server.text)
  }
  if (list.length === 0) return { problem: 'No DNS resolver is configured on this server (DNS_SERVERS is empty).' }
  return serversOf(list)
}

// c-ares (1.34 in Node 20 and 22) waits at most 5 s for the answer to one try. Once a server has answered three
// queries on a channel it waits only five times their average (at least 250 ms) and drops a later answer to
// an earlier try: a channel that asked a cached name quickly would then fail a slower name long before the
// check's timeout. So every query has a channel of its own (it costs about 0.05 ms): its first try waits the
// check's timeout or 5 s, and longer timeouts are covered by further 5 s tries. The check's own deadline
// ends them all.
const MAX_WAIT_MS = 5000

const newResolver = (servers: Servers, timeoutMs: number): Resolver => {
  const timeout = Math.max(1, Math.min(Math.round(timeoutMs), MAX_WAIT_MS))
  const resolver = new dns.promises.Resolver({ timeout, tries: Math.max(1, Math.ceil(timeoutMs / MAX_WAIT_MS)) })
  resolver.setServers(servers.list)
  return resolver
}

/** Asks one query on a channel of its own; rejects with ECANCELLED once the check's deadline has passed. */
export type Ask = <T>(query: (resolver: Resolver) => Promise<T>) => Promise<T>

/**
 * Runs `work` until it is done, `timeoutMs` has passed or `signal` aborts: then its pending queries are
 * cancelled and reject with ECANCELLED, which `work` sees as any other error (`expired()` tells a deadline).
 */
export const withResolvers = async <T>(
  servers: Servers,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  work: (ask: Ask, expired: () => boolean) => Promise<T>,
): Promise<T> => {
  const pending = new Set<Resolver>()
  let ended = false
  const end = () => {
    ended = true
    for (const resolver of pending) resolver.cancel()
  }
  const ask: Ask = async (query) => {
    if (ended) throw Object.assign(new Error('The check ended before this query.'), { code: 'ECANCELLED' })
    const resolver = newResolver(servers, timeoutMs)
    pending.add(resolver)
    try {
      return await query(resolver)
    } finally {
      pending.delete(resolver)
    }
  }
  const timer = setTimeout(end, timeoutMs)
  signal?.addEventListener('abort', end, { once: true })
  try {
    return await work(ask, () => ended)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', end)
  }
}

/** The c-ares error code of a failed query ('ENOTFOUND', 'ETIMEOUT', ...); ECANCELLED after the deadline. */
export const errorCode = (err: unknown): string => String((err as NodeJS.ErrnoException)?.code ?? 'EUNKNOWN')

/** What went wrong with a query, as a predicate for "The resolver 9.9.9.9:53 ...". */
export const resolverFailure = (code: string, seconds: number): string => {
  switch (code) {
    case 'ETIMEOUT':
      return `did not answer within ${seconds} s`
    case 'EREFUSED':
      return 'refused the query (REFUSED)'
    case 'ESERVFAIL':
      return 'could not answer (SERVFAIL)'
    case 'ECONNREFUSED':
      return 'could not be reached (connection refused)'
    case 'ENOTIMP':
      return 'does not support this query (NOTIMP)'
    case 'EBADRESP':
    case 'EFORMERR':
    case 'EBADFAMILY':
      return `sent an answer that could not be read (${code})`
    default:
      return `failed to answer (${code})`
  }
}
