import type * as v from 'valibot'
import { api } from './api.ts'
import { aws } from './aws.ts'
import { azure } from './azure.ts'
import { blacklist } from './blacklist.ts'
import type { MonitorTypeDef } from './define.ts'
import { dns } from './dns.ts'
import { domain } from './domain.ts'
import { microsoft365 } from './microsoft365.ts'
import type { MonitorType } from './pages.ts'
import { ping } from './ping.ts'
import { port } from './port.ts'
import { ssl } from './ssl.ts'
import { web } from './web.ts'
import { AVAILABILITY, type IncidentWords, type Observes } from './words.ts'

// Every monitor type, once. Adding a type: its file in this folder and a line here, then a line in each of the
// server's and the UI's registries (docs/architecture.md, "Adding a monitor type").
export const MONITOR_TYPE_DEFS = {
  web,
  api,
  port,
  ping,
  dns,
  ssl,
  domain,
  blacklist,
  aws,
  azure,
  microsoft365,
} as const

export type MonitorTypeDefs = typeof MONITOR_TYPE_DEFS

// Each type once, keyed by its own type, and every type of the pages' registry defined.
MONITOR_TYPE_DEFS satisfies { [K in MonitorType]: { type: K } }

/**
 * The definition of a monitor's type, its functions taking that monitor's settings. Each function of a definition
 * takes its own type's settings; keyed by the monitor's own type, the pair always matches.
 */
export const definitionOf = <S>(type: MonitorType) =>
  MONITOR_TYPE_DEFS[type] as unknown as MonitorTypeDef<MonitorType, never, never, unknown> & {
    target: (settings: S) => string
    connectHosts: (settings: S) => { field: string; host: string }[]
    expiry?: { what: string; label: string; warnDays: (settings: S) => readonly number[] }
    cloudAccount?: { provider: string; id: (settings: S) => string }
  }

/** What a type's checks report for its page, read with the type's facts schema: a union over the types with facts. */
export type MonitorFacts = {
  [K in MonitorType]: NonNullable<MonitorTypeDefs[K]['facts']> extends v.GenericSchema<unknown, infer F>
    ? [F] extends [never]
      ? never
      : { type: K; detail: F }
    : never
}[MonitorType]

/** Whether monitors of `type` watch something expire (a certificate, a registration): their definition has `expiry`. */
export const watchesExpiry = (type: string): boolean =>
  Boolean((MONITOR_TYPE_DEFS as Record<string, { expiry?: object }>)[type]?.expiry)

/** What a type watches expire, and how it is named; null for a type that watches none. */
export const expiryOf = (type: string): { what: string; label: string } | null =>
  (MONITOR_TYPE_DEFS as Record<string, { expiry?: { what: string; label: string } }>)[type]?.expiry ?? null

/** A type's definition, for a type that may be none of the registry's. */
const known = (type: string): MonitorTypeDef<MonitorType, never, never, unknown> | null =>
  Object.hasOwn(MONITOR_TYPE_DEFS, type)
    ? (MONITOR_TYPE_DEFS[type as MonitorType] as unknown as MonitorTypeDef<MonitorType, never, never, unknown>)
    : null

/** How a type's notifications tell its incidents; up and down for a type the registry does not know. */
export const incidentWordsOf = (type: string): IncidentWords => known(type)?.incidentWords ?? AVAILABILITY

/** What a type's checks observe and how its changes are told; null for a type whose checks observe nothing. */
export const observesOf = (type: string): Observes | null => known(type)?.observes ?? null

export { defineMonitorType, hostPort, type MonitorTypeDef, urlHost } from './define.ts'
export { MONITOR_TYPE_PAGES, type MonitorType } from './pages.ts'
export { AVAILABILITY, type IncidentWords, listOf, type ObservedChange, type Observes } from './words.ts'
