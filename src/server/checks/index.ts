import type { CheckOutcome } from '@vigil/domain/check-result'
import type { MonitorType } from '@vigil/domain/monitor.schema'
import { CANCELLED, type CheckContext, type CheckTarget } from './context.ts'
import { CHECK_RUNNERS, type CheckRunner } from './registry.ts'

// The check runners' front door: the scheduler calls runCheck and stores what it answers.

export type { TargetPolicy } from '../net/target-policy.ts'
export { addressProblem, classifyAddress, policyLookup, resolveTarget } from '../net/target-policy.ts'
export type { CheckContext, CheckTarget } from './context.ts'
export { BlacklistLookupError, checkBlacklist } from './dnsbl.check.ts'

/** Runs one check. Never throws: every failure is an outcome with ok=false and a sentence. */
export const runCheck = async (monitor: CheckTarget, ctx: CheckContext): Promise<CheckOutcome> => {
  if (ctx.signal?.aborted) return CANCELLED
  // Any type name that reached here from stored data: a runner is found only for the known ones.
  const run = Object.hasOwn(CHECK_RUNNERS, monitor.type)
    ? (CHECK_RUNNERS[monitor.type] as CheckRunner<MonitorType>)
    : null
  if (!run)
    return {
      ok: false,
      responseMs: null,
      message: `Monitors of type ${String((monitor as { type?: unknown }).type)} cannot be checked.`,
    }
  try {
    return await run(monitor, ctx)
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    return { ok: false, responseMs: null, message: `The check failed unexpectedly: ${reason.replace(/\.$/, '')}.` }
  }
}
