import type { CheckOutcome } from '../../domain/check-result.ts'
import type { MonitorSettings, MonitorType } from '../../domain/monitor.schema.ts'
import type { NetworkConfig } from '../config.ts'
import { checkDns } from './dns.check.ts'
import { checkBlacklistMonitor } from './dnsbl.check.ts'
import { checkDomain } from './domain.check.ts'
import { checkHttp } from './http.check.ts'
import { checkPing } from './icmp.check.ts'
import type { TargetPolicy } from './target-policy.ts'
import { CANCELLED, checkPort } from './tcp.check.ts'
import { checkTls } from './tls.check.ts'

// The check runners' front door: the scheduler calls runCheck and stores what it answers.

export { BlacklistLookupError, checkBlacklist } from './dnsbl.check.ts'
export type { TargetPolicy } from './target-policy.ts'
export { addressProblem, classifyAddress, policyLookup, resolveTarget } from './target-policy.ts'

/** The fields the runners read, per type: a MonitorInput is one, and tests can pass no more than these. */
export type CheckTarget = {
  [K in MonitorType]: { type: K; timeout_seconds: number } & MonitorSettings[K]
}[MonitorType]

export interface CheckContext {
  policy: TargetPolicy
  /** Where DNS, blacklist, domain and SSL checks ask: resolvers, DNSBL zones, registries, extra CAs. */
  network: NetworkConfig
  /** Aborting ends the check at once with "The check was cancelled." (shutdown, monitor deleted). */
  signal?: AbortSignal
  /** The ping executable; tests point it elsewhere. Default /usr/bin/ping, else ping on PATH. */
  pingPath?: string
}

/** Runs one check. Never throws: every failure is an outcome with ok=false and a sentence. */
export const runCheck = async (monitor: CheckTarget, ctx: CheckContext): Promise<CheckOutcome> => {
  if (ctx.signal?.aborted) return CANCELLED
  try {
    switch (monitor.type) {
      case 'web':
      case 'api':
        return await checkHttp(monitor, ctx)
      case 'port':
        return await checkPort(monitor, ctx)
      case 'ping':
        return await checkPing(monitor, ctx)
      case 'dns':
        return await checkDns(monitor, ctx)
      case 'ssl':
        return await checkTls(monitor, ctx)
      case 'domain':
        return await checkDomain(monitor, ctx)
      case 'blacklist':
        return await checkBlacklistMonitor(monitor, ctx)
      default:
        return {
          ok: false,
          responseMs: null,
          message: `Monitors of type ${String((monitor as { type?: unknown }).type)} cannot be checked.`,
        }
    }
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    return { ok: false, responseMs: null, message: `The check failed unexpectedly: ${reason.replace(/\.$/, '')}.` }
  }
}
