import type { MonitorInput } from './monitor.schema.ts'
import { definitionOf } from './monitor-types/index.ts'

export { urlHost } from './monitor-types/define.ts'

// A monitor's target as its type's definition reads it.

/** What a monitor watches, in one line: its URL, host:port, host, host name and record type, domain or address. */
export const monitorTarget = (monitor: MonitorInput): string => definitionOf<MonitorInput>(monitor.type).target(monitor)

/** The hosts a check of this monitor connects to, with the field each comes from (the target policy judges them). */
export const connectHosts = (monitor: MonitorInput): { field: string; host: string }[] =>
  definitionOf<MonitorInput>(monitor.type).connectHosts(monitor)

/** The connected cloud account a monitor of a cloud type reads (null for the other types). */
export const cloudAccountOf = (monitor: MonitorInput): { provider: string; id: string } | null => {
  const account = definitionOf<MonitorInput>(monitor.type).cloudAccount
  return account ? { provider: account.provider, id: account.id(monitor) } : null
}
