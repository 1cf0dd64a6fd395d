import type { Incident } from '@vigil/domain/check-result'
import type { FormSchema } from '@vigil/domain/form-validation'
import {
  INCIDENT_IMPACTS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_STATUSES,
  PublishOutageText,
  type StatusIncident,
  StatusIncidentInput,
  StatusIncidentUpdateInput,
  type StatusPage,
} from '@vigil/domain/status-page.schema'
import { publishedOutage } from '@vigil/domain/status-page-manage'
import { useEffect, useMemo, useState } from 'react'
import { css } from '../../../../styled-system/css'
import {
  incidentFormLogic,
  incidentUpdateFormLogic,
  markdownPreviewLogic,
  publishOutageFormLogic,
} from '../../../adapters/status-page-forms.actors.ts'
import { statusPagesApi } from '../../../adapters/status-pages-api.ts'
import type { formMachine } from '../../../machines/form.machine.ts'
import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useChangesOf } from '../../components/use-changes-of.ts'
import { FormDialog } from '../FormDialog.tsx'
import { useDraft } from '../monitors/draft-setter.ts'
import { SelectField, TextField } from '../monitors/form-fields.tsx'
import { ComponentChecks } from './ComponentChecks.tsx'
import { IncidentPreview } from './IncidentPreview.tsx'

const STATUS_OPTIONS = INCIDENT_STATUSES.map((s) => ({ value: s, label: INCIDENT_STATUS_LABELS[s] }))
const IMPACT_LABELS = { minor: 'Minor: some visitors are affected', major: 'Major: the service is down' }
const MARKDOWN = 'Markdown: **bold**, _italic_, [a link](https://example.com), lists.'

/** What visitors are told, in Markdown. */
function MessageField({
  field,
  placeholder,
}: {
  field: { name: string; value: string; onChange: (value: string) => void; error?: string }
  placeholder: string
}) {
  return <TextField {...field} label="Message" required multiline placeholder={placeholder} helper={MARKDOWN} />
}

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
  const change = (values: Record<string, unknown>) => form.send({ type: 'form.change', values })
  return { errors, message, submitting, submit, change }
}

export interface IncidentFormDialogProps {
  page: StatusPage
  onSaved: (incident: StatusIncident) => void
  onClose: () => void
}

/** "Post incident": its title, impact, status, first message and the components it affects. */
export function IncidentFormDialog({ page, onSaved, onClose }: IncidentFormDialogProps) {
  const logic = useMemo(() => incidentFormLogic(statusPagesApi, page.id, onSaved), [page.id, onSaved])
  const { errors, message, submitting, submit, change } = usePostForm(logic, StatusIncidentInput, onClose)
  const { draft, field } = useDraft(
    () => ({ title: '', impact: 'minor', status: 'investigating', message: '', component_ids: [] as string[] }),
    errors,
  )
  useChangesOf(draft, () => change(draft))

  return (
    <FormDialog
      title="Post incident"
      submitting={submitting}
      message={message}
      errors={errors}
      labels={{ title: 'Title', impact: 'Impact', status: 'Status', message: 'Message', component_ids: 'Components' }}
      submitLabel="Post incident"
      onClose={onClose}
      onSubmit={() => submit(draft)}
    >
      <TextField {...field('title')} label="Title" required placeholder="Checkout is slow" />
      <SelectField
        {...field('impact')}
        label="Impact"
        options={INCIDENT_IMPACTS.map((i) => ({ value: i, label: IMPACT_LABELS[i] }))}
      />
      <SelectField {...field('status')} label="Status" options={STATUS_OPTIONS} />
      <MessageField field={field('message')} placeholder="We are looking into slow answers from checkout." />
      <ComponentChecks
        legend="Affected components"
        helper="Visitors see the incident beside these. None ticked: the incident is about the page as a whole."
        page={page}
        {...field('component_ids')}
      />
    </FormDialog>
  )
}

export interface PublishOutageDialogProps {
  page: StatusPage
  /** The engine's incident on one of the page's components. */
  outage: Incident
  onPublished: (incident: StatusIncident) => void
  onClose: () => void
}

const previewHeading = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'gray.800' })

/**
 * "Publish" on an outage the engine saw: the title and message the product would post, editable, with a live preview
 * of the incident as the public page will show it. Nothing is public until Publish is pressed.
 */
export function PublishOutageDialog({ page, outage, onPublished, onClose }: PublishOutageDialogProps) {
  const component = page.components.find((c) => c.monitor_id === outage.monitor_id)
  const name = component?.display_name ?? outage.monitor_name
  const words = publishedOutage({ display_name: name }, outage)
  const logic = useMemo(
    () => publishOutageFormLogic(statusPagesApi, page.id, outage.id, onPublished),
    [page.id, outage.id, onPublished],
  )
  const { errors, message, submitting, submit, change } = usePostForm(logic, PublishOutageText, onClose)
  const { draft, field } = useDraft(() => ({ title: words.title, message: words.message }), errors)
  useChangesOf(draft, () => change(draft))
  const previewLogic = useMemo(() => markdownPreviewLogic(statusPagesApi, page.id), [page.id])
  const preview = useActorRef(previewLogic, { input: { markdown: words.message } })
  const html = useSelector(preview, (s) => s.context.html)
  const previewError = useSelector(preview, (s) => s.context.error)
  const updating = useSelector(preview, (s) => !s.matches('shown'))
  useChangesOf(draft.message, () => preview.send({ type: 'preview.change', markdown: draft.message }))
  // The update's time in the preview: about when it would be posted.
  const [postedAt] = useState(() => new Date().toISOString())

  return (
    <FormDialog
      title={`Publish the outage of ${name}`}
      submitting={submitting}
      message={message}
      errors={errors}
      labels={{ title: 'Title', message: 'Message', from_incident_id: 'Outage' }}
      submitLabel="Publish"
      busyLabel="Publishing..."
      onClose={onClose}
      onSubmit={() => submit(draft)}
      wide
    >
      <p className={css({ fontSize: 'sm' })}>
        Visitors of {page.name} will read this as a major incident on {name}. Change the words as you like: nothing is
        public until you publish it.
      </p>
      <TextField {...field('title')} label="Title" required />
      <MessageField field={field('message')} placeholder={words.message} />
      <section aria-labelledby="publish-preview" className={css({ display: 'grid', gap: '2', minW: '0' })}>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap' })}>
          <h3 id="publish-preview" className={previewHeading}>
            Preview
          </h3>
          <span className={css({ fontSize: 'xs', color: 'muted' })}>as it will appear on the public page</span>
        </div>
        <div
          className={css({ bg: 'canvas', p: '3', rounded: 'lg', opacity: updating ? '0.7' : '1' })}
          aria-busy={updating}
        >
          <IncidentPreview
            title={draft.title.trim()}
            impact={words.impact}
            status={words.status}
            startedAt={outage.started_at}
            resolvedAt={outage.resolved_at}
            components={[name]}
            postedAt={postedAt}
            messageHtml={html}
          />
        </div>
        {previewError && (
          <p role="status" className={css({ fontSize: 'xs', color: 'red.800' })}>
            {previewError}
          </p>
        )}
      </section>
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
  const { errors, message, submitting, submit, change } = usePostForm(logic, StatusIncidentUpdateInput, onClose)
  const { draft, field } = useDraft(() => ({ status: incident.status as string, message: '' }), errors)
  useChangesOf(draft, () => change(draft))

  return (
    <FormDialog
      title={`Post update: ${incident.title}`}
      submitting={submitting}
      message={message}
      errors={errors}
      labels={{ status: 'Status', message: 'Message' }}
      submitLabel="Post update"
      onClose={onClose}
      onSubmit={() => submit(draft)}
    >
      <SelectField
        {...field('status')}
        label="Status"
        helper="Resolved closes the incident on the public page."
        options={STATUS_OPTIONS}
      />
      <MessageField field={field('message')} placeholder="A fix is out and we are watching the results." />
    </FormDialog>
  )
}
