import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { maintenanceFormLogic } from '../../../adapters/status-page-forms.actors.ts'
import { statusPagesApi } from '../../../adapters/status-pages-api.ts'
import { type Maintenance, MaintenanceInput, type StatusPage } from '../../../domain/status-page.schema.ts'
import { defaultWindow, localToIso } from '../../../domain/status-page-manage.ts'
import { fieldGrid, TextField, wide } from '../monitors/form-fields.tsx'
import { ComponentChecks } from './ComponentChecks.tsx'
import { FormDialog } from './FormDialog.tsx'

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
  const [initial] = useState(() => defaultWindow(Date.now()))
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [start, setStart] = useState(initial.starts_at)
  const [end, setEnd] = useState(initial.ends_at)
  const [components, setComponents] = useState<string[]>([])

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
      onSubmit={() =>
        form.send({
          type: 'form.submit',
          values: {
            title,
            description,
            starts_at: localToIso(start),
            ends_at: localToIso(end),
            component_ids: components,
          },
        })
      }
    >
      <TextField
        label="Title"
        name="title"
        required
        value={title}
        onChange={setTitle}
        error={errors.title}
        placeholder="Database upgrade"
      />
      <div className={fieldGrid}>
        <TextField
          label="Starts"
          name="starts_at"
          type="datetime-local"
          required
          value={start}
          onChange={setStart}
          error={errors.starts_at}
          helper={zone}
        />
        <TextField
          label="Ends"
          name="ends_at"
          type="datetime-local"
          required
          value={end}
          onChange={setEnd}
          error={errors.ends_at}
          helper="At most 14 days after the start."
        />
        <div className={wide}>
          <TextField
            label="Description"
            name="description"
            multiline
            value={description}
            onChange={setDescription}
            error={errors.description}
            placeholder="Checkout may be unavailable for a few minutes."
            helper="Markdown: **bold**, _italic_, [a link](https://example.com), lists."
          />
        </div>
      </div>
      <ComponentChecks
        legend="Components under maintenance"
        helper="None ticked: the whole page."
        page={page}
        value={components}
        onChange={setComponents}
        error={errors.component_ids}
      />
      <p className={css({ fontSize: 'xs', color: 'muted' })}>
        Visitors see it as scheduled until it starts, then the components show as under maintenance until it ends.
      </p>
    </FormDialog>
  )
}
