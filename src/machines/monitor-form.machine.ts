import { checkForm } from '../domain/form-validation.ts'
import {
  MONITOR_INPUTS,
  type Monitor,
  type MonitorType,
  monitorPatchSchema,
  withTimingDefaults,
} from '../domain/monitor.schema.ts'
import { changedFields, type SaveRequest, type Submission, saveFormMachine } from './save-form.machine.ts'

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
  const whole = checkForm(MONITOR_INPUTS[type], withTimingDefaults({ ...values, type }))
  if (!whole.ok) return whole
  if (!monitor) return { ok: true, request: { id: null, body: whole.output as Record<string, unknown> } }
  const changes = changedFields(
    whole.output as Record<string, unknown>,
    monitor as unknown as Record<string, unknown>,
    'type',
  )
  if (Object.keys(changes).length === 0) return { ok: true, request: null }
  const patch = checkForm(monitorPatchSchema(type), changes)
  if (!patch.ok) return patch
  return { ok: true, request: { id: monitor.id, body: patch.output as Record<string, unknown> } }
}

// The create and edit forms of a monitor: checked as the server checks, saved, then closed; a refusal
// shows the server's message (a plan limit, a locked feature) and its errors at their fields.
export const monitorFormMachine = saveFormMachine<{ type: MonitorType; monitor: Monitor | null }, Monitor>({
  id: 'monitorForm',
  saveId: 'saveMonitor',
  submission: ({ type, monitor }: { type: MonitorType; monitor: Monitor | null }, values: MonitorValues) =>
    monitorSubmission(type, monitor, values),
})
