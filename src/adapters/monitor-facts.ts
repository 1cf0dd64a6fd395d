import * as v from 'valibot'
import type { CheckResult } from '@vigil/domain/check-result'
import type { MonitorType } from '@vigil/domain/monitor.schema'
import { MONITOR_TYPE_DEFS } from '@vigil/domain/monitor-types'
import type { LatestFacts, MonitorFacts } from '../machines/monitor-detail.machine.ts'

// A result's `detail` is any JSON to the API's schema; the facts panel reads it with its type's schema
// here, so a view never meets a detail of the wrong shape.

const factsOf = (type: MonitorType, result: CheckResult): MonitorFacts | null => {
  const schema = MONITOR_TYPE_DEFS[type].facts as v.GenericSchema | null
  if (schema === null || result.detail === null) return null
  const parsed = v.safeParse(schema, result.detail)
  return parsed.success ? ({ type, detail: parsed.output } as MonitorFacts) : null
}

/** The newest check and the newest facts among `results` (newest first). */
export const latestFacts = (type: MonitorType, results: readonly CheckResult[]): LatestFacts => {
  for (const result of results) {
    const facts = factsOf(type, result)
    if (facts) return { newest: results[0] ?? null, reported: { checked_at: result.checked_at, facts } }
  }
  return { newest: results[0] ?? null, reported: null }
}
