import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useEffect, useMemo } from 'react'
import { css } from '../../../../styled-system/css'
import { maintenanceFormLogic } from '../../../adapters/status-page-forms.actors.ts'
import { statusPagesApi } from '../../../adapters/status-pages-api.ts'
import { type Maintenance, MaintenanceInput, type StatusPage } from '@vigil/domain/status-page.schema'
import { defaultWindow, localToIso } from '@vigil/domain/status-page-manage'
import { FormDialog } from '../FormDialog.tsx'
import { useDraft } from '../monitors/draft-setter.ts'
import { fieldGrid, TextField, wide } from '../monitors/form-fields.tsx'
import { ComponentChecks } from './ComponentChecks.tsx'
import { useChangesOf } from '../../components/use-changes-of.ts'

export interface MaintenanceFormDialogProps {
  page: StatusPage
  onSaved: (maintenance: Maintenance) => void
  onClose: () => void
}

/** The viewer's time zone, which the start and end are typed in. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/** "Schedule maintenance": a title, what visitors should know, when (in the viewer's time zone) and what it covers. */
export function MaintenanceFormDialog({ page, onSaved, onClose }: MaintenanceFormDialogProps) {
  const logic = useMemo(() => maintenanceFormLogic(statusPagesApi, page.id, onSaved), [page.id, onSaved])
  const form = useActorRef(logic, { input: { schema: MaintenanceInput } })
  const errors = useSelector(form, (s) => s.context.errors)
  const message = useSelector(form, (s) => s.context.message)
  const submitting = useSelector(form, (s) => s.matches('submitting'))
  const done = useSelector(form, (s) => s.matches('succeeded'))
  const { draft, field } = useDraft(
    () => ({ title: '', description: '', ...defaultWindow(Date.now()), component_ids: [] as string[] }),
    errors,
  )
  const valuesOf = (d: typeof draft) => ({ ...d, starts_at: localToIso(d.starts_at), ends_at: localToIso(d.ends_at) })
  useChangesOf(draft, () => form.send({ type: 'form.change', values: valuesOf(draft) }))

  useEffect(() => {
    if (done) onClose()
  }, [done, onClose])

  const zone = `In your time zone (${timeZone()}).`
  return (
    <FormDialog
      title="Schedule maintenance"
      submitting={submitting}
      message={message}
      errors={errors}
      labels={{
        title: 'Title',
        description: 'Description',
        starts_at: 'Starts',
        ends_at: 'Ends',
        component_ids: 'Components',
      }}
      submitLabel="Schedule maintenance"
      onClose={onClose}
      onSubmit={() => form.send({ type: 'form.submit', values: valuesOf(draft) })}
    >
      <TextField {...field('title')} label="Title" required placeholder="Database upgrade" />
      <div className={fieldGrid}>
        <TextField {...field('starts_at')} label="Starts" type="datetime-local" required helper={zone} />
        <TextField
          {...field('ends_at')}
          label="Ends"
          type="datetime-local"
          required
          helper="At most 14 days after the start."
        />
        <div className={wide}>
          <TextField
            {...field('description')}
            label="Description"
            multiline
            placeholder="Checkout may be unavailable for a few minutes."
            helper="Markdown: **bold**, _italic_, [a link](https://example.com), lists."
          />
        </div>
      </div>
      <ComponentChecks
        legend="Components under maintenance"
        helper="None ticked: the whole page."
        page={page}
        {...field('component_ids')}
      />
      <p className={css({ fontSize: 'xs', color: 'muted' })}>
        Visitors see it as scheduled until it starts, then the components show as under maintenance until it ends.
      </p>
    </FormDialog>
  )
}
