import type { CaaRecord } from 'node:dns'
import type { CheckOutcome } from '@vigil/domain/check-result'
import { answerProblem, canonicalAnswer, type DnsRecordType } from '@vigil/domain/dns-records'
import { addressProblem } from '../net/target-policy.ts'
import { CANCELLED, type CheckContext, type CheckTarget } from './context.ts'
import {
  configuredServers,
  errorCode,
  parseServer,
  type Resolver,
  resolverFailure,
  type Servers,
  serversOf,
  withResolvers,
} from './resolver.ts'

// DNS monitors: one query of the chosen type through c-ares, the answer written as text, made canonical
// and compared with what is expected. The answer is `observed`, so the engine tells when it changes.

type DnsMonitor = Extract<CheckTarget, { type: 'dns' }>

/** CAA as `flags tag value`: Node gives `{ critical, issue: 'ca.example' }`, the tag as the key. */
const caaText = (record: CaaRecord) => {
  const [tag = '', value = ''] = Object.entries(record).find(([key]) => key !== 'critical') ?? []
  return `${record.critical} ${tag} ${value}`
}

const QUERIES: Record<DnsRecordType, (resolver: Resolver, name: string) => Promise<string[]>> = {
  A: (r, name) => r.resolve4(name),
  AAAA: (r, name) => r.resolve6(name),
  CNAME: (r, name) => r.resolveCname(name),
  NS: (r, name) => r.resolveNs(name),
  MX: async (r, name) => (await r.resolveMx(name)).map((mx) => `${mx.priority} ${mx.exchange}`),
  // A TXT record is a list of strings of at most 255 bytes each; its value is them joined.
  TXT: async (r, name) => (await r.resolveTxt(name)).map((chunks) => chunks.join('')),
  SOA: async (r, name) => {
    const s = await r.resolveSoa(name)
    return [`${s.nsname} ${s.hostmaster} ${s.serial} ${s.refresh} ${s.retry} ${s.expire} ${s.minttl}`]
  },
  CAA: async (r, name) => (await r.resolveCaa(name)).map(caaText),
  SRV: async (r, name) => (await r.resolveSrv(name)).map((s) => `${s.priority} ${s.weight} ${s.port} ${s.name}`),
}

/** The monitor's own resolver, which must pass the target policy, else the server's. */
const serversFor = (monitor: DnsMonitor, ctx: CheckContext): Servers | { problem: string } => {
  if (monitor.resolver === '') return configuredServers(ctx.network.dnsServers)
  const server = parseServer(monitor.resolver)
  if ('problem' in server) return server
  const refused = addressProblem(server.host, ctx.policy)
  return refused ? { problem: refused } : serversOf([server.text])
}

const SUMMARY_CAP = 200
const summary = (values: readonly string[]) => {
  const text = values.join(', ')
  return text.length > SUMMARY_CAP ? `${text.slice(0, SUMMARY_CAP - 1)}…` : text
}

export const checkDns = async (monitor: DnsMonitor, ctx: CheckContext): Promise<CheckOutcome> => {
  const servers = serversFor(monitor, ctx)
  if ('problem' in servers) return { ok: false, responseMs: null, message: servers.problem }
  if (ctx.signal?.aborted) return CANCELLED
  const { hostname, record_type: type, timeout_seconds: seconds } = monitor
  const detail = (answer: string[]) => ({ resolver: servers.list.join(', '), record_type: type, answer })
  const started = performance.now()
  return withResolvers(servers, seconds * 1000, ctx.signal, async (ask, expired): Promise<CheckOutcome> => {
    try {
      const answer = canonicalAnswer(type, await ask((resolver) => QUERIES[type](resolver, hostname)))
      const responseMs = Math.round(performance.now() - started)
      const problem = answerProblem(type, monitor.expected, monitor.expected_match, answer)
      const message = problem ?? `${type}: ${summary(answer)} in ${responseMs} ms`
      return { ok: problem === null, responseMs, message, detail: detail(answer), observed: answer }
    } catch (err) {
      if (ctx.signal?.aborted) return CANCELLED
      const code = expired() ? 'ETIMEOUT' : errorCode(err)
      const message =
        code === 'ENOTFOUND'
          ? `${hostname} does not exist (NXDOMAIN).`
          : code === 'ENODATA'
            ? `${hostname} has no ${type} records (NODATA).`
            : `${servers.subject} ${resolverFailure(code, seconds)}.`
      // No answer: what was last seen stands (a failure is told by the incident, not as a change).
      return { ok: false, responseMs: null, message, detail: detail([]), observed: null }
    }
  })
}
