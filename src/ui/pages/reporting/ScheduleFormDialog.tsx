import {
  MAX_REPORT_RECIPIENTS,
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  type ReportFrequency,
  type ReportSchedule,
} from '@vigil/domain/report-schedule'
import type { ReportSelection } from '@vigil/domain/report-view'
import { memo, useId, useMemo } from 'react'
import { reportScheduleFormLogic, reportsApi } from '../../../adapters/reports-api.ts'
import * as Field from '../../components/field.tsx'
import { FormDialog, type SaveDialogProps } from '../FormDialog.tsx'
import { errorAt, useDraft } from '../monitors/draft-setter.ts'
import { fieldGrid, SelectField, TextField, wide } from '../monitors/form-fields.tsx'
import { useSaveForm } from '../use-save-form.ts'
import { type ChoicesLoad, SetFields, type SetValue } from './ReportChoiceFields.tsx'
import { rawSelection } from './report-choice.ts'
import { useChangesOf } from '../../components/use-changes-of.ts'

export interface ScheduleFormDialogProps extends SaveDialogProps<ReportSchedule> {
  /** The schedule to edit; null to create one. */
  schedule: ReportSchedule | null
  /** A new schedule's set: the page's current choice. */
  set: SetValue
  /** A new schedule's zone: the viewer's. */
  zone: string
  choices: ChoicesLoad
}

/** The form's fields; messages of any other field are listed on top. */
const LABELS: Record<string, string> = {
  name: 'Name',
  frequency: 'Frequency',
  recipients: 'Recipients',
  selection: 'Monitors',
  time_zone: 'Time zone',
}

interface ScheduleDraft extends SetValue {
  name: string
  frequency: ReportFrequency
  /** Addresses as typed: separated by commas, semicolons, spaces or new lines. */
  recipients: string
  time_zone: string
}

const setOf = (selection: ReportSelection): SetValue => ({
  set: selection.kind,
  type: selection.kind === 'type' ? selection.type : '',
  status_page_id: selection.kind === 'status_page' ? selection.status_page_id : '',
  monitor_ids: selection.kind === 'monitors' ? [...selection.monitor_ids] : [],
})

const draftOf = (schedule: ReportSchedule | null, set: SetValue, zone: string): ScheduleDraft =>
  schedule
    ? {
        name: schedule.name,
        frequency: schedule.frequency,
        recipients: schedule.recipients.join('\n'),
        time_zone: schedule.time_zone,
        ...setOf(schedule.selection),
      }
    : { name: '', frequency: 'weekly', recipients: '', time_zone: zone, ...set }

/** The addresses typed, one per item; the schema checks each. */
export const recipientsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean)

/** The zones the browser knows, offered as the time zone is typed (made once: the list does not change). */
const ZoneSuggestions = memo(function ZoneSuggestions({ id }: { id: string }) {
  const zones = useMemo(() => ['UTC', ...Intl.supportedValuesOf('timeZone')], [])
  return (
    <datalist id={id}>
      {zones.map((z) => (
        <option key={z} value={z} />
      ))}
    </datalist>
  )
})

/** The create and edit form of a scheduled report, in a dialog (loaded when first opened). */
export function ScheduleFormDialog({
  schedule,
  set: pageSet,
  zone,
  choices,
  onSaved,
  onClose,
}: ScheduleFormDialogProps) {
  const logic = useMemo(() => reportScheduleFormLogic(reportsApi, onSaved), [onSaved])
  const { form, errors, formView } = useSaveForm(logic, { schedule }, onClose)
  const { draft, set, field, update } = useDraft(() => draftOf(schedule, pageSet, zone), errors)
  const zonesId = useId()
  const values = () => ({
    name: draft.name,
    frequency: draft.frequency,
    recipients: recipientsOf(draft.recipients),
    selection: rawSelection(draft),
    time_zone: draft.time_zone,
  })
  useChangesOf(draft, () => form.send({ type: 'form.change', values: values() }))

  return (
    <FormDialog
      title={schedule ? `Edit ${schedule.name}` : 'Schedule a report'}
      {...formView}
      labels={LABELS}
      submitLabel={schedule ? 'Save changes' : 'Schedule the report'}
      onSubmit={() => form.send({ type: 'form.submit', values: values() })}
      onClose={onClose}
      wide
    >
      <div className={fieldGrid}>
        <TextField {...field('name')} label="Name" required placeholder="Monthly SLA for Acme" />
        <SelectField
          {...field('frequency')}
          label="Frequency"
          onChange={(value) => set.frequency(value as ReportFrequency)}
          helper="Weekly: Monday to Monday. Monthly: the 1st to the 1st. Sent when the period ends."
          options={REPORT_FREQUENCIES.map((f) => ({ value: f, label: REPORT_FREQUENCY_LABELS[f] }))}
        />
        <div className={wide}>
          <TextField
            {...field('recipients')}
            label="Recipients"
            required
            multiline
            error={errorAt(errors, 'recipients')}
            placeholder="ops@example.com, cto@example.com"
            helper={`Email addresses, separated by commas or new lines; at most ${MAX_REPORT_RECIPIENTS}. The report comes as a PDF.`}
          />
        </div>
        <div className={wide}>
          <SetFields
            name="schedule-set"
            value={draft}
            onChange={update}
            choices={choices}
            message={errorAt(errors, 'selection')}
          />
        </div>
        <Field.Root invalid={Boolean(errors.time_zone)} required>
          <Field.Label>
            Time zone
            <Field.RequiredIndicator />
          </Field.Label>
          <Field.Input
            name="time_zone"
            list={zonesId}
            autoComplete="off"
            value={draft.time_zone}
            onChange={(e) => set.time_zone(e.target.value)}
          />
          <Field.HelperText>
            The report’s days and periods are read in it: a name such as Europe/Paris or UTC.
          </Field.HelperText>
          <Field.ErrorText>{errors.time_zone}</Field.ErrorText>
        </Field.Root>
        <ZoneSuggestions id={zonesId} />
      </div>
    </FormDialog>
  )
}
