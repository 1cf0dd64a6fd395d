import {
  MONITOR_INPUTS,
  type Monitor,
  type MonitorType,
  monitorPatchSchema,
  withTimingDefaults,
} from '@vigil/domain/monitor.schema'
import { type SaveRequest, type Submission, saveFormMachine, wholeOrPatch } from './save-form.machine.ts'

/** What a submit carries besides the values: the ids of the tags chosen, all of them (none: tags left as they are). */
export type MonitorSubmit = { tagIds?: readonly string[] }

/**
 * A monitor's save with its tags, when they change: their ids, all of them, and, when nothing else changed, the
 * monitor as it stands (its PATCH is left out). The form's save actor sets them once the monitor is saved.
 */
export type MonitorSaveRequest = SaveRequest & { tagIds?: string[]; unchanged?: Monitor }

/** The form's values: field name to value, typed as the schemas take them (numbers, booleans, lists). */
export type MonitorValues = Record<string, unknown>

/** A new monitor (POST, the whole monitor) or a change (PATCH, only the fields that differ). */
export type { SaveRequest }

/**
 * Checks the values with the server's own schemas (and its defaults: a timeout or retry interval left empty
 * fits a short interval): a new monitor with its type's input schema; a change
 * as the whole monitor it makes (the rules across fields hold) and then as the patch of the fields that
 * differ. `request` is null when nothing changed.
 */
export const monitorSubmission = (type: MonitorType, monitor: Monitor | null, values: MonitorValues): Submission =>
  wholeOrPatch(
    { whole: MONITOR_INPUTS[type], patch: monitorPatchSchema(type) },
    withTimingDefaults({ ...values, type }),
    monitor && { id: monitor.id, values: monitor as unknown as Record<string, unknown>, skip: 'type' },
  )

/** Whether `ids` are the monitor's tags (a new monitor has none), in any order. */
const sameTags = (ids: readonly string[], monitor: Monitor | null) => {
  const before = new Set((monitor?.tags ?? []).map((t) => t.id))
  const after = new Set(ids)
  return after.size === before.size && [...after].every((id) => before.has(id))
}

/**
 * `monitorSubmission` with the tags chosen: when they differ from the monitor's, the request carries their ids (and a
 * change of the tags alone is a request too, its body empty).
 */
export const monitorSubmissionWithTags = (
  type: MonitorType,
  monitor: Monitor | null,
  values: MonitorValues,
  tagIds: readonly string[] | undefined,
): Submission => {
  const submission = monitorSubmission(type, monitor, values)
  if (!submission.ok || tagIds === undefined || sameTags(tagIds, monitor)) return submission
  const ids = [...new Set(tagIds)]
  const request: MonitorSaveRequest | null = submission.request
    ? { ...submission.request, tagIds: ids }
    : monitor && { id: monitor.id, body: {}, tagIds: ids, unchanged: monitor }
  return { ok: true, request }
}

// The create and edit forms of a monitor: checked as the server checks, saved (then its tags set, when they
// changed), then closed; a refusal shows the server's message (a plan limit, a locked feature) and its errors at their
// fields.
export const monitorFormMachine = saveFormMachine<
  { type: MonitorType; monitor: Monitor | null },
  Monitor,
  Record<never, never>,
  MonitorSubmit
>({
  id: 'monitorForm',
  saveId: 'saveMonitor',
  submission: ({ type, monitor }, values, event) => monitorSubmissionWithTags(type, monitor, values, event.tagIds),
})
