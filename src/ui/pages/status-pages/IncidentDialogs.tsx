import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo, useState } from 'react'
import { incidentFormLogic, incidentUpdateFormLogic } from '../../../adapters/status-page-forms.actors.ts'
import { statusPagesApi } from '../../../adapters/status-pages-api.ts'
import type { FormSchema } from '../../../domain/form-validation.ts'
import {
  INCIDENT_IMPACTS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_STATUSES,
  type IncidentStatus,
  type StatusIncident,
  StatusIncidentInput,
  StatusIncidentUpdateInput,
  type StatusPage,
} from '../../../domain/status-page.schema.ts'
import type { formMachine } from '../../../machines/form.machine.ts'
import { SelectField, TextField } from '../monitors/form-fields.tsx'
import { ComponentChecks } from './ComponentChecks.tsx'
import { FormDialog } from './FormDialog.tsx'

const STATUS_OPTIONS = INCIDENT_STATUSES.map((s) => ({ value: s, label: INCIDENT_STATUS_LABELS[s] }))
const IMPACT_LABELS = { minor: 'Minor: some visitors are affected', major: 'Major: the service is down' }
const MARKDOWN = 'Markdown: **bold**, _italic_, [a link](https://example.com), lists.'

/** A form flow that closes its dialog once the server stored what it posted. */
function usePostForm(logic: typeof formMachine, schema: FormSchema, onClose: () => void) {
  const form = useActorRef(logic, { input: { schema } })
  const errors = useSelector(form, (s) => s.context.errors)
  const message = useSelector(form, (s) => s.context.message)
  const submitting = useSelector(form, (s) => s.matches('submitting'))
  const done = useSelector(form, (s) => s.matches('succeeded'))
  useEffect(() => {
    if (done) onClose()
  }, [done, onClose])
  const submit = (values: Record<string, unknown>) => form.send({ type: 'form.submit', values })
  return { errors, message, submitting, submit }
}

export interface IncidentFormDialogProps {
  page: StatusPage
  onSaved: (incident: StatusIncident) => void
  onClose: () => void
}

/** "Post incident": its title, impact, status, first message and the components it affects. */
export function IncidentFormDialog({ page, onSaved, onClose }: IncidentFormDialogProps) {
  const logic = useMemo(() => incidentFormLogic(statusPagesApi, page.id, onSaved), [page.id, onSaved])
  const { errors, message, submitting, submit } = usePostForm(logic, StatusIncidentInput, onClose)
  const [title, setTitle] = useState('')
  const [impact, setImpact] = useState<string>('minor')
  const [status, setStatus] = useState<string>('investigating')
  const [text, setText] = useState('')
  const [components, setComponents] = useState<string[]>([])

  return (
    <FormDialog
      title="Post incident"
      submitting={submitting}
      message={message}
      errors={errors}
      labels={{ title: 'Title', impact: 'Impact', status: 'Status', message: 'Message', component_ids: 'Components' }}
      submitLabel="Post incident"
      onClose={onClose}
      onSubmit={() => submit({ title, impact, status, message: text, component_ids: components })}
    >
      <TextField
        label="Title"
        name="title"
        required
        value={title}
        onChange={setTitle}
        error={errors.title}
        placeholder="Checkout is slow"
      />
      <SelectField
        label="Impact"
        name="impact"
        value={impact}
        onChange={setImpact}
        error={errors.impact}
        options={INCIDENT_IMPACTS.map((i) => ({ value: i, label: IMPACT_LABELS[i] }))}
      />
      <SelectField
        label="Status"
        name="status"
        value={status}
        onChange={setStatus}
        error={errors.status}
        options={STATUS_OPTIONS}
      />
      <TextField
        label="Message"
        name="message"
        required
        multiline
        value={text}
        onChange={setText}
        error={errors.message}
        placeholder="We are looking into slow answers from checkout."
        helper={MARKDOWN}
      />
      <ComponentChecks
        legend="Affected components"
        helper="Visitors see the incident beside these. None ticked: the incident is about the page as a whole."
        page={page}
        value={components}
        onChange={setComponents}
        error={errors.component_ids}
      />
    </FormDialog>
  )
}

export interface IncidentUpdateDialogProps {
  pageId: string
  incident: StatusIncident
  onSaved: (incident: StatusIncident) => void
  onClose: () => void
}

/** "Post update" on an incident: where it stands now, and what visitors should know. */
export function IncidentUpdateDialog({ pageId, incident, onSaved, onClose }: IncidentUpdateDialogProps) {
  const logic = useMemo(
    () => incidentUpdateFormLogic(statusPagesApi, pageId, incident.id, onSaved),
    [pageId, incident.id, onSaved],
  )
  const { errors, message, submitting, submit } = usePostForm(logic, StatusIncidentUpdateInput, onClose)
  const [status, setStatus] = useState<IncidentStatus>(incident.status)
  const [text, setText] = useState('')

  return (
    <FormDialog
      title={`Post update: ${incident.title}`}
      submitting={submitting}
      message={message}
      errors={errors}
      labels={{ status: 'Status', message: 'Message' }}
      submitLabel="Post update"
      onClose={onClose}
      onSubmit={() => submit({ status, message: text })}
    >
      <SelectField
        label="Status"
        name="status"
        value={status}
        onChange={(s) => setStatus(s as IncidentStatus)}
        error={errors.status}
        helper="Resolved closes the incident on the public page."
        options={STATUS_OPTIONS}
      />
      <TextField
        label="Message"
        name="message"
        required
        multiline
        value={text}
        onChange={setText}
        error={errors.message}
        placeholder="A fix is out and we are watching the results."
        helper={MARKDOWN}
      />
    </FormDialog>
  )
}
