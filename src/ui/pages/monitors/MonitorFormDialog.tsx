import { DEFAULTS, INTERVALS, type Monitor, type MonitorType } from '@vigil/domain/monitor.schema'
import { DEFAULT_SLA_TARGET } from '@vigil/domain/report'
import { use, useMemo, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { monitorFormLogic } from '../../../adapters/monitor-flows.actors.ts'
import { monitorListApi } from '../../../adapters/monitor-list-api.ts'
import { monitorsApi } from '../../../adapters/monitors-api.ts'
import { useEffects } from '../../app/effects.ts'
import * as Alert from '../../components/alert.tsx'
import { FormDialog, type SaveDialogProps } from '../FormDialog.tsx'
import { useSaveForm } from '../use-save-form.ts'
import { AlertFields } from './AlertFields.tsx'
import { fieldOf, settersOf } from './draft-setter.ts'
import { fieldGrid, SelectField, TextField, wide } from './form-fields.tsx'
import {
  ADVANCED_FIELDS,
  type CommonDraft,
  commonDraftOf,
  commonValuesOf,
  intervalOptions,
  type MonitorDraft,
  typeMinInterval,
} from './form-values.ts'
import { intervalLabel } from './format.ts'
import { type ChosenTag, TagsField, tagsSubmit, withTyped } from './TagsField.tsx'
import type { TypeForm } from './types/define.ts'
import { loadTypeForm, typeUi } from './types/index.ts'
import { useChangesOf } from '../../components/use-changes-of.ts'

export interface MonitorFormDialogProps extends SaveDialogProps<Monitor> {
  type: MonitorType
  /** The monitor to edit; null to add one. */
  monitor: Monitor | null
  /** "Duplicate": a new monitor (`monitor` null) with this one's settings and tags, named "Copy of …". */
  copyOf?: Monitor | null
  /** A new monitor's fields filled in ("Monitor this" on a resource page: its name, its type's fields); others are left out. */
  preset?: Readonly<Record<string, string>>
  /** The plan's fastest check interval (subscription.plan.limits.min_interval_seconds). */
  minIntervalSeconds: number
}

/** The labels of fields the form has no input for, when the server names one. */
const FIELD_LABELS: Record<string, string> = { type: 'Type' }

/** A blank form with the preset's fields that it has. */
const presetDraft = <D extends object>(blank: D, preset: Readonly<Record<string, string>> = {}): D => ({
  ...blank,
  ...Object.fromEntries(Object.entries(preset).filter(([key]) => Object.hasOwn(blank, key))),
})

/**
 * A copy's form: the monitor's fields (its type's, less what the copy leaves out), named "Copy of …", its interval
 * the fastest allowed when it was faster.
 */
const copyDraft = <D extends object>(
  typeForm: TypeForm<Monitor, D>,
  monitor: Monitor,
  minIntervalSeconds: number,
  fastest: number,
) => {
  const common = commonDraftOf(monitor.type, monitor, minIntervalSeconds)
  const own = typeForm.copyOf?.(monitor) ?? { draft: typeForm.draftOf(monitor), notCopied: null }
  const draft: MonitorDraft<D> = {
    ...common,
    name: `Copy of ${monitor.name}`,
    interval_seconds: String(Math.max(monitor.interval_seconds, fastest)),
    ...own.draft,
  }
  // Said on the form: the plan (or the type) no longer allows the original's interval.
  const slower =
    monitor.interval_seconds < fastest
      ? `${monitor.name} is checked every ${intervalLabel(monitor.interval_seconds)}; the copy is checked every ${intervalLabel(fastest)}, the fastest your plan allows.`
      : null
  return { draft, notCopied: own.notCopied, slower }
}

/** The create and edit form of a monitor, in a dialog (loaded when first opened, with its type's part). */
export function MonitorFormDialog(props: MonitorFormDialogProps) {
  return <MonitorForm {...props} form={use(loadTypeForm(props.type))} />
}

/**
 * The fields every monitor has (name, interval, alerts, the advanced timing) around its type's own (`form`, its
 * module's part: fields `D`, their defaults and values).
 */
function MonitorForm<D extends object>({
  type,
  monitor,
  copyOf = null,
  preset,
  minIntervalSeconds,
  onClose,
  onSaved,
  form: typeForm,
}: MonitorFormDialogProps & { form: TypeForm<Monitor, D> }) {
  const ui = typeUi(type)
  const fx = useEffects()
  // Saved, but what it watches could not be checked yet (a cloud account not read): told long enough to read.
  const logic = useMemo(
    () =>
      monitorFormLogic(monitorsApi, monitorListApi, onSaved, (warning) =>
        fx.toast({ title: warning, type: 'warning', duration: 10_000 }),
      ),
    [onSaved, fx],
  )
  const { form, errors, formView } = useSaveForm(logic, { type, monitor })
  // The fastest the plan and type allow: a copy of a monitor checked faster (before a change of plan) is not.
  const fastest = typeMinInterval(type, minIntervalSeconds)
  const [copy] = useState(() => (copyOf ? copyDraft(typeForm, copyOf, minIntervalSeconds, fastest) : null))
  const [draft, setDraft] = useState<MonitorDraft<D>>(() =>
    monitor
      ? { ...commonDraftOf(type, monitor, minIntervalSeconds), ...typeForm.draftOf(monitor) }
      : (copy?.draft ?? presetDraft({ ...commonDraftOf(type, null, minIntervalSeconds), ...typeForm.blank }, preset)),
  )
  const [advancedOpen, setAdvancedOpen] = useState(false)
  // Its tags, when known: a monitor answered without them keeps them as they are, and shows no field.
  const tagsKnown = !monitor || monitor.tags !== undefined
  const [tags, setTags] = useState<ChosenTag[]>(() => monitor?.tags ?? copyOf?.tags ?? [])
  /** The tags input's text: still there at the submit, it is taken as a tag (never dropped). */
  const [tagText, setTagText] = useState('')
  const update = (patch: object) => setDraft((d) => ({ ...d, ...patch }))
  const set = settersOf<CommonDraft>(draft, update)
  const field = fieldOf<CommonDraft>({ draft, set, errors })
  const hasAdvancedError = ADVANCED_FIELDS.some((f) => errors[f])
  /** What a submit carries: the type's and the common fields' values, and the tags when the form holds them. */
  const submission = (chosen: ChosenTag[]) => ({
    values: { ...commonValuesOf(draft), ...typeForm.valuesOf(draft) },
    ...(tagsKnown ? tagsSubmit(chosen) : {}),
  })
  useChangesOf({ draft, tags }, () => form.send({ type: 'form.change', ...submission(tags) }))
  // What an empty timeout or retry interval will be: its default, or the interval when that is shorter.
  const fitted = (fallback: number) => Math.min(fallback, Number(draft.interval_seconds) || fallback)
  const intervals = intervalOptions(
    fastest,
    monitor?.interval_seconds ?? (copy ? Number(copy.draft.interval_seconds) : undefined),
  )
  const advanced: {
    name: (typeof ADVANCED_FIELDS)[number]
    label: string
    placeholder?: string
    helper: string
    decimal?: boolean
  }[] = [
    {
      name: 'timeout_seconds',
      label: 'Timeout (seconds)',
      placeholder: String(fitted(DEFAULTS.timeout_seconds)),
      helper: `How long to wait for an answer; ${DEFAULTS.timeout_seconds} by default, or the interval if shorter.`,
    },
    {
      name: 'retries',
      label: 'Retries before down',
      helper: `Failed re-checks that confirm an outage; ${DEFAULTS.retries} by default.`,
    },
    {
      name: 'retry_interval_seconds',
      label: 'Retry interval (seconds)',
      placeholder: String(fitted(DEFAULTS.retry_interval_seconds)),
      helper: `Time between re-checks; ${DEFAULTS.retry_interval_seconds} by default, or the interval if shorter.`,
    },
    {
      name: 'recovery_checks',
      label: 'Recovery checks',
      helper: `Good checks in a row before it counts as up; ${DEFAULTS.recovery_checks} by default.`,
    },
    {
      name: 'degraded_threshold_ms',
      label: 'Degraded above (ms)',
      placeholder: 'Off',
      helper: 'Slower answers count as degraded. Empty: off.',
    },
    {
      name: 'sla_target',
      label: 'SLA target (%)',
      placeholder: String(DEFAULT_SLA_TARGET),
      helper: "Reports hold this monitor's uptime to this target.",
      decimal: true,
    },
  ]
  const intervalHelp =
    fastest > minIntervalSeconds
      ? `${INTERVALS[type].why ?? `This type is checked at most every ${intervalLabel(fastest)}`}.`
      : `Your plan checks as often as every ${intervalLabel(minIntervalSeconds)}.`
  const title = monitor ? `Edit ${monitor.name}` : copyOf ? `Duplicate ${copyOf.name}` : `Add ${ui.noun}`

  return (
    <FormDialog
      title={title}
      wide
      {...formView}
      labels={FIELD_LABELS}
      shows={(field) => (field === 'tags' ? tagsKnown : Object.hasOwn(draft, field))}
      submitLabel={monitor ? 'Save changes' : 'Create monitor'}
      onSubmit={() => {
        const chosen = tagsKnown ? withTyped(tags, tagText) : tags
        if (tagText !== '') {
          setTags(chosen)
          setTagText('')
        }
        form.send({ type: 'form.submit', ...submission(chosen) })
      }}
      onClose={onClose}
    >
      {copyOf && (
        <Alert.Root role="note" status="info">
          <Alert.Content>
            <Alert.Description>
              A new monitor with the settings, alerts and tags of {copyOf.name}, which stays as it is. Its results,
              incidents and status pages are its own.
            </Alert.Description>
            {copy?.slower && <Alert.Description>{copy.slower}</Alert.Description>}
            {copy?.notCopied && <Alert.Description>{copy.notCopied}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
      <div className={fieldGrid}>
        <div className={wide}>
          <TextField {...field('name')} label="Name" required placeholder={ui.example} />
        </div>
        <typeForm.Fields draft={draft} set={settersOf<D>(draft, update)} errors={errors} />
        <SelectField
          {...field('interval_seconds')}
          label="Check every"
          helper={intervalHelp}
          options={intervals.map((s) => ({ value: String(s), label: intervalLabel(s) }))}
        />
        {tagsKnown && (
          <div className={wide}>
            <TagsField value={tags} onChange={setTags} typed={tagText} onTypedChange={setTagText} error={errors.tags} />
          </div>
        )}
      </div>
      <AlertFields draft={draft} set={set} errors={errors} />
      {/* A native disclosure: keyboard and screen readers know it, and it costs no script. */}
      <details open={advancedOpen || hasAdvancedError} onToggle={(e) => setAdvancedOpen(e.currentTarget.open)}>
        <summary
          className={css({
            fontSize: 'sm',
            fontWeight: 'semibold',
            color: 'primary',
            py: '1',
            cursor: 'pointer',
            _focusVisible: { outline: '2px solid', outlineColor: 'navy.500', outlineOffset: '2px' },
          })}
        >
          Advanced
        </summary>
        <div className={css({ pt: '3' })}>
          <div className={fieldGrid}>
            {advanced.map(({ name, label, placeholder, helper, decimal }) => (
              <TextField
                key={name}
                {...field(name)}
                label={label}
                inputMode={decimal ? 'decimal' : 'numeric'}
                placeholder={placeholder}
                helper={helper}
              />
            ))}
          </div>
        </div>
      </details>
    </FormDialog>
  )
}
