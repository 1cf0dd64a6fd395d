import { Portal } from '@ark-ui/react/portal'
import { useActorRef, useSelector } from '@xstate/react'
import { X } from 'lucide-react'
import { use, useMemo, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { monitorFormLogic } from '../../../adapters/monitor-flows.actors.ts'
import { monitorsApi } from '../../../adapters/monitors-api.ts'
import { DEFAULTS, INTERVALS, type Monitor, type MonitorType } from '../../../domain/monitor.schema.ts'
import { Button } from '../../components/button.tsx'
import * as Dialog from '../../components/dialog.tsx'
import { FormMessages } from '../FormMessages.tsx'
import { AlertFields } from './AlertFields.tsx'
import { settersOf } from './draft-setter.ts'
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
import type { TypeForm } from './types/define.ts'
import { loadTypeForm, typeUi } from './types/index.ts'

export interface MonitorFormDialogProps {
  type: MonitorType
  /** The monitor to edit; null to add one. */
  monitor: Monitor | null
  /** A new monitor's fields of its type filled in ("Monitor this" on a resource page); fields its form lacks are left out. */
  preset?: Readonly<Record<string, string>>
  /** The plan's fastest check interval (subscription.plan.limits.min_interval_seconds). */
  minIntervalSeconds: number
  onClose: () => void
  /** After a save: the monitor as the server stored it (null when nothing changed). */
  onSaved: (monitor: Monitor | null) => void
}

/** The labels of fields the form has no input for, when the server names one. */
const FIELD_LABELS: Record<string, string> = { type: 'Type' }

/** A blank form with the preset's fields that it has. */
const presetDraft = <D extends object>(blank: D, preset: Readonly<Record<string, string>> = {}): D => ({
  ...blank,
  ...Object.fromEntries(Object.entries(preset).filter(([key]) => Object.hasOwn(blank, key))),
})

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
  preset,
  minIntervalSeconds,
  onClose,
  onSaved,
  form: typeForm,
}: MonitorFormDialogProps & { form: TypeForm<Monitor, D> }) {
  const ui = typeUi(type)
  const logic = useMemo(() => monitorFormLogic(monitorsApi, onSaved), [onSaved])
  const form = useActorRef(logic, { input: { type, monitor } })
  const errors = useSelector(form, (s) => s.context.errors)
  const message = useSelector(form, (s) => s.context.message)
  const submitting = useSelector(form, (s) => s.matches('submitting'))
  const [draft, setDraft] = useState<MonitorDraft<D>>(() => ({
    ...commonDraftOf(type, monitor, minIntervalSeconds),
    ...(monitor ? typeForm.draftOf(monitor) : presetDraft(typeForm.blank, preset)),
  }))
  const [advancedOpen, setAdvancedOpen] = useState(false)
  const update = (patch: object) => setDraft((d) => ({ ...d, ...patch }))
  const set = settersOf<CommonDraft>(draft, update)
  const hasAdvancedError = ADVANCED_FIELDS.some((f) => errors[f])
  // What an empty timeout or retry interval will be: its default, or the interval when that is shorter.
  const fitted = (fallback: number) => Math.min(fallback, Number(draft.interval_seconds) || fallback)
  // The plan's limit, or the type's own when that is slower (registries and blacklists are asked seldom).
  const fastest = typeMinInterval(type, minIntervalSeconds)
  const intervals = intervalOptions(fastest, monitor?.interval_seconds)
  const intervalHelp =
    fastest > minIntervalSeconds
      ? `${INTERVALS[type].why ?? `This type is checked at most every ${intervalLabel(fastest)}`}.`
      : `Your plan checks as often as every ${intervalLabel(minIntervalSeconds)}.`
  // Messages of fields the form has no input for (a server's own rule) are listed at the top.
  const shown = new Set(Object.keys(draft))
  const elsewhere = Object.entries(errors).filter(([k]) => !shown.has(k.split('.')[0] ?? k))
  const title = monitor ? `Edit ${monitor.name}` : `Add ${ui.noun}`

  return (
    <Dialog.Root
      open
      onOpenChange={(d) => !d.open && !submitting && onClose()}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w="2xl" aria-busy={submitting}>
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.CloseTrigger asChild>
              <Button variant="ghost" size="icon" aria-label="Close" disabled={submitting}>
                <X aria-hidden="true" />
              </Button>
            </Dialog.CloseTrigger>
            <form
              noValidate
              className={css({ display: 'grid', gap: '5' })}
              onSubmit={(e) => {
                e.preventDefault()
                form.send({ type: 'form.submit', values: { ...commonValuesOf(draft), ...typeForm.valuesOf(draft) } })
              }}
            >
              <FormMessages message={message} elsewhere={elsewhere} labels={FIELD_LABELS} />
              <div className={fieldGrid}>
                <div className={wide}>
                  <TextField
                    label="Name"
                    name="name"
                    required
                    value={draft.name}
                    onChange={set.name}
                    error={errors.name}
                    placeholder={ui.example}
                  />
                </div>
                <typeForm.Fields draft={draft} set={settersOf<D>(draft, update)} errors={errors} />
                <SelectField
                  label="Check every"
                  name="interval_seconds"
                  value={draft.interval_seconds}
                  onChange={set.interval_seconds}
                  error={errors.interval_seconds}
                  helper={intervalHelp}
                  options={intervals.map((s) => ({ value: String(s), label: intervalLabel(s) }))}
                />
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
                    <TextField
                      label="Timeout (seconds)"
                      name="timeout_seconds"
                      inputMode="numeric"
                      value={draft.timeout_seconds}
                      onChange={set.timeout_seconds}
                      error={errors.timeout_seconds}
                      placeholder={String(fitted(DEFAULTS.timeout_seconds))}
                      helper={`How long to wait for an answer; ${DEFAULTS.timeout_seconds} by default, or the interval if shorter.`}
                    />
                    <TextField
                      label="Retries before down"
                      name="retries"
                      inputMode="numeric"
                      value={draft.retries}
                      onChange={set.retries}
                      error={errors.retries}
                      helper={`Failed re-checks that confirm an outage; ${DEFAULTS.retries} by default.`}
                    />
                    <TextField
                      label="Retry interval (seconds)"
                      name="retry_interval_seconds"
                      inputMode="numeric"
                      value={draft.retry_interval_seconds}
                      onChange={set.retry_interval_seconds}
                      error={errors.retry_interval_seconds}
                      placeholder={String(fitted(DEFAULTS.retry_interval_seconds))}
                      helper={`Time between re-checks; ${DEFAULTS.retry_interval_seconds} by default, or the interval if shorter.`}
                    />
                    <TextField
                      label="Recovery checks"
                      name="recovery_checks"
                      inputMode="numeric"
                      value={draft.recovery_checks}
                      onChange={set.recovery_checks}
                      error={errors.recovery_checks}
                      helper={`Good checks in a row before it counts as up; ${DEFAULTS.recovery_checks} by default.`}
                    />
                    <TextField
                      label="Degraded above (ms)"
                      name="degraded_threshold_ms"
                      inputMode="numeric"
                      value={draft.degraded_threshold_ms}
                      onChange={set.degraded_threshold_ms}
                      error={errors.degraded_threshold_ms}
                      placeholder="Off"
                      helper="Slower answers count as degraded. Empty: off."
                    />
                  </div>
                </div>
              </details>
              <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '3' })}>
                <Button variant="outline" onClick={onClose} disabled={submitting}>
                  Cancel
                </Button>
                <Button type="submit" disabled={submitting}>
                  {submitting ? 'Saving...' : monitor ? 'Save changes' : 'Create monitor'}
                </Button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
