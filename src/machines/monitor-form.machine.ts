import { checkForm } from '@vigil/domain/form-validation'
import {
  MONITOR_INPUTS,
  type Monitor,
  type MonitorType,
  monitorPatchSchema,
  withTimingDefaults,
} from '@vigil/domain/monitor.schema'
import { hiddenHeaderMessage, maskedHeaderName } from '@vigil/domain/secret-values'
import { MAX_TAGS_PER_MONITOR, TagInput, tagKey } from '@vigil/domain/tags'
import { type SaveRequest, type Submission, saveFormMachine, wholeOrPatch } from './save-form.machine.ts'

/**
 * What a submit carries besides the values: the ids of the tags chosen, all of them (none: tags left as they are),
 * and the names of new tags to create and add (typed, not yet the user's).
 */
export type MonitorSubmit = { tagIds?: readonly string[]; newTags?: readonly string[] }

/**
 * A monitor's save with its tags, when they change: their ids, all of them, the names of the new ones, and, when
 * nothing else changed, the monitor as it stands (its PATCH is left out). The form's save actor creates the new tags
 * (or finds them, when the user has one of that name by now) and sets them all once the monitor is saved.
 */
export type MonitorSaveRequest = SaveRequest & { tagIds?: string[]; newTags?: string[]; unchanged?: Monitor }

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
export const monitorSubmission = (type: MonitorType, monitor: Monitor | null, values: MonitorValues): Submission => {
  const submission = wholeOrPatch(
    { whole: MONITOR_INPUTS[type], patch: monitorPatchSchema(type) },
    withTimingDefaults({ ...values, type }),
    monitor && { id: monitor.id, values: monitor as unknown as Record<string, unknown>, skip: 'type' },
  )
  // A credential header answered masked (a copy of another monitor) means nothing to a new monitor: it is typed again.
  const hidden = submission.ok && submission.request?.id === null && maskedHeaderName(submission.request.body.headers)
  return hidden ? { ok: false, errors: { headers: hiddenHeaderMessage(hidden) } } : submission
}

/** Why the tags chosen cannot be saved: a new tag's name the server would refuse, or too many tags; null: none. */
const tagsRefusal = (count: number, newTags: readonly string[]): string | null => {
  for (const name of newTags) {
    const checked = checkForm(TagInput, { name })
    if (!checked.ok) return `“${name}”: ${Object.values(checked.errors)[0]}`
  }
  return count > MAX_TAGS_PER_MONITOR ? `A monitor has at most ${MAX_TAGS_PER_MONITOR} tags.` : null
}

/** Whether `ids` are the monitor's tags (a new monitor has none), in any order. */
const sameTags = (ids: readonly string[], monitor: Monitor | null) => {
  const before = new Set((monitor?.tags ?? []).map((t) => t.id))
  const after = new Set(ids)
  return after.size === before.size && [...after].every((id) => before.has(id))
}

/**
 * `monitorSubmission` with the tags chosen: when they differ from the monitor's, the request carries their ids and
 * the names of the new ones (and a change of the tags alone is a request too, its body empty). A new tag's name is
 * checked as the server checks it, and the count against the most a monitor has: the message is the `tags` field's.
 */
export const monitorSubmissionWithTags = (
  type: MonitorType,
  monitor: Monitor | null,
  values: MonitorValues,
  tagIds: readonly string[] | undefined,
  newTags: readonly string[] = [],
): Submission => {
  const submission = monitorSubmission(type, monitor, values)
  if (tagIds === undefined) return submission
  const ids = [...new Set(tagIds)]
  const names = newTags
    .map((name) => name.trim())
    .filter((name, i, all) => all.findIndex((n) => tagKey(n) === tagKey(name)) === i)
  const refusal = tagsRefusal(ids.length + names.length, names)
  if (refusal) return { ok: false, errors: { ...(submission.ok ? {} : submission.errors), tags: refusal } }
  if (!submission.ok || (names.length === 0 && sameTags(ids, monitor))) return submission
  const tags = { tagIds: ids, ...(names.length > 0 ? { newTags: names } : {}) }
  const request: MonitorSaveRequest | null = submission.request
    ? { ...submission.request, ...tags }
    : monitor && { id: monitor.id, body: {}, ...tags, unchanged: monitor }
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
  submission: ({ type, monitor }, values, event) =>
    monitorSubmissionWithTags(type, monitor, values, event.tagIds, event.newTags),
})
