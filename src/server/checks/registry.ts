import type { CheckOutcome } from '@vigil/domain/check-result'
import type { MonitorType } from '@vigil/domain/monitor.schema'
import { checkAws } from './aws.check.ts'
import { checkAzure } from './azure.check.ts'
import type { CheckContext, CheckTarget } from './context.ts'
import { checkDns } from './dns.check.ts'
import { checkBlacklistMonitor } from './dnsbl.check.ts'
import { checkDomain } from './domain.check.ts'
import { checkHttp } from './http.check.ts'
import { checkPing } from './icmp.check.ts'
import { checkMicrosoft365 } from './microsoft365.check.ts'
import { checkPort } from './tcp.check.ts'
import { checkTls } from './tls.check.ts'

/** A check runner: one monitor of its type in, the outcome out; never throws. */
export type CheckRunner<K extends MonitorType> = (
  monitor: Extract<CheckTarget, { type: K }>,
  ctx: CheckContext,
) => Promise<CheckOutcome>

// The check runner of every monitor type, once; a type without one does not compile.
export const CHECK_RUNNERS: { [K in MonitorType]: CheckRunner<K> } = {
  web: checkHttp,
  api: checkHttp,
  port: checkPort,
  ping: checkPing,
  dns: checkDns,
  ssl: checkTls,
  domain: checkDomain,
  blacklist: checkBlacklistMonitor,
  aws: checkAws,
  azure: checkAzure,
  microsoft365: checkMicrosoft365,
}
