import type { CheckOutcome } from '@vigil/domain/check-result'
import type { MonitorSettings, MonitorType } from '@vigil/domain/monitor.schema'
import type { NetworkConfig } from '../config.ts'
import type { TargetPolicy } from '../net/target-policy.ts'

// What every check runner takes: the monitor's fields of its type, and the context of the run.

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
  /** What the connected cloud accounts' syncs read: cloud monitors are judged on it. */
  cloud?: CloudFacts
}

/** A cloud account's synced facts, as cloud monitors read them (the engine provides them from the database). */
export interface CloudFacts {
  account(accountId: string): Promise<{ provider: string; status: string; synced_at: number | null } | null>
  /** A part of the account's last sync: did it read well, and if not why and what to allow. */
  part(
    accountId: string,
    area: string,
    scope: string,
  ): Promise<{ ok: boolean; message: string | null; action: string | null; read_at: number | null } | null>
  resource<T>(accountId: string, kind: string, scope: string, id: string): Promise<{ data: T; read_at: number } | null>
  /** The account's resources of a kind in one of these states (a tenant's open issues). */
  resourcesIn<T>(accountId: string, kind: string, states: readonly string[]): Promise<T[]>
  costs<T>(accountId: string, scope?: string): Promise<{ data: T; read_at: number } | null>
}

export const CANCELLED: CheckOutcome = { ok: false, responseMs: null, message: 'The check was cancelled.' }
