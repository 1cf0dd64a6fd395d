import { type ReportSchedule, ReportScheduleInput, ReportSchedulePatch } from '@vigil/domain/report-schedule'
import { type Submission, saveFormMachine, wholeOrPatch } from './save-form.machine.ts'

/** A stored schedule as the form's schema reads it, to tell what an edit changes. */
const valuesOfSchedule = (schedule: ReportSchedule): Record<string, unknown> => ({
  name: schedule.name,
  frequency: schedule.frequency,
  recipients: schedule.recipients,
  selection: schedule.selection,
  time_zone: schedule.time_zone,
})

/**
 * Checks the values with the server's own schema, whole (a new schedule and a change alike), then a change as the
 * patch of the fields that differ from the stored schedule. `request` is null when nothing changed.
 */
export const reportScheduleSubmission = (
  schedule: ReportSchedule | null,
  values: Record<string, unknown>,
): Submission =>
  wholeOrPatch(
    { whole: ReportScheduleInput, patch: ReportSchedulePatch },
    values,
    schedule && { id: schedule.id, values: valuesOfSchedule(schedule) },
  )

// The create and edit form of a scheduled report: checked as the server checks, saved, then closed; a refusal shows
// the server's message and its errors at their fields.
export const reportScheduleFormMachine = saveFormMachine<{ schedule: ReportSchedule | null }, ReportSchedule>({
  id: 'reportScheduleForm',
  saveId: 'saveSchedule',
  submission: ({ schedule }, values) => reportScheduleSubmission(schedule, values),
})
