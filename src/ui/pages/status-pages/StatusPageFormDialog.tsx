import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useMemo, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { monitorsApi } from '../../../adapters/monitors-api.ts'
import { componentChoicesLogic, statusPageFormLogic } from '../../../adapters/status-page-forms.actors.ts'
import { statusPagesApi } from '../../../adapters/status-pages-api.ts'
import type { StatusPage } from '@vigil/domain/status-page.schema'
import { slugFrom, slugProblem, statusPagePath } from '@vigil/domain/status-page-manage'
import { Switch } from '../../components/switch.tsx'
import { FormDialog, type SaveDialogProps } from '../FormDialog.tsx'
import { useDraft } from '../monitors/draft-setter.ts'
import { fieldGrid, TextField, wide } from '../monitors/form-fields.tsx'
import { useSaveForm } from '../use-save-form.ts'
import { ComponentRows } from './ComponentRows.tsx'
import { draftOf, type StatusPageDraft, valuesOf } from './status-page-draft.ts'
import { useChangesOf } from '../../components/use-changes-of.ts'

export interface StatusPageFormDialogProps extends SaveDialogProps<StatusPage> {
  /** The page to edit; null to create one. */
  page: StatusPage | null
}

/** The form's fields; messages of any other field are listed on top. */
const LABELS: Record<string, string> = {
  name: 'Name',
  slug: 'Public id',
  description: 'Description',
  logo_url: 'Logo URL',
  show_response_times: 'Show response times',
  published: 'Published',
  components: 'Components',
}

const note = css({ fontSize: 'xs', color: 'muted', mt: '1' })

/** The create and edit form of a status page, in a dialog (loaded when first opened). */
export function StatusPageFormDialog({ page, onSaved, onClose }: StatusPageFormDialogProps) {
  const logic = useMemo(() => statusPageFormLogic(statusPagesApi, onSaved), [onSaved])
  const { form, errors, formView } = useSaveForm(logic, { page }, onClose)
  const choicesLogic = useMemo(() => componentChoicesLogic(monitorsApi), [])
  const choices = useActorRef(choicesLogic)
  const monitors = useSelector(choices, (s) => s.context.data)
  const monitorsError = useSelector(choices, (s) => s.context.error)
  const { draft, set, update } = useDraft<StatusPageDraft>(() => draftOf(page), errors)
  useChangesOf(draft, () => form.send({ type: 'form.change', values: valuesOf(draft) }))
  // A new page's public id follows its name until the user types one.
  const [slugTyped, setSlugTyped] = useState(page !== null)

  // The draft as sent last: a field's message holds until its value is changed, then goes until the next send.
  const [sent, setSent] = useState<StatusPageDraft | null>(null)
  const errorOf = (key: 'name' | 'slug' | 'description' | 'logo_url') =>
    sent !== null && draft[key] === sent[key] ? errors[key] : undefined
  const componentErrors = sent !== null && draft.components === sent.components ? errors : {}
  const slug = draft.slug.trim().toLowerCase()
  const slugError = errorOf('slug') ?? (slugTyped && slug !== '' ? (slugProblem(slug) ?? undefined) : undefined)
  const title = page ? `Edit ${page.name}` : 'Create status page'

  return (
    <FormDialog
      title={title}
      {...formView}
      labels={LABELS}
      submitLabel={page ? 'Save changes' : 'Create status page'}
      onSubmit={() => {
        setSent(draft)
        form.send({ type: 'form.submit', values: valuesOf(draft) })
      }}
      onClose={onClose}
      wide
    >
      <div className={fieldGrid}>
        <TextField
          label="Name"
          name="name"
          required
          value={draft.name}
          onChange={(name) => update((d) => ({ name, slug: slugTyped ? d.slug : slugFrom(name) }))}
          error={errorOf('name')}
          placeholder="Acme status"
          helper="The page’s title, as visitors see it."
        />
        <TextField
          label="Public id"
          name="slug"
          required
          value={draft.slug}
          onChange={(value) => {
            setSlugTyped(true)
            set.slug(value)
          }}
          error={slugError}
          placeholder="acme"
          helper={
            <span aria-live="polite">
              Its address:{' '}
              <strong className={css({ overflowWrap: 'anywhere' })} data-testid="public-address">
                {window.location.origin}
                {statusPagePath(slug || '…')}
              </strong>
            </span>
          }
        />
        <div className={wide}>
          <TextField
            label="Description"
            name="description"
            multiline
            value={draft.description}
            onChange={set.description}
            error={errorOf('description')}
            helper="Shown under the title. Markdown: **bold**, _italic_, [a link](https://example.com), lists."
          />
        </div>
        <div className={wide}>
          <TextField
            label="Logo URL"
            name="logo_url"
            type="url"
            inputMode="url"
            value={draft.logo_url}
            onChange={set.logo_url}
            error={errorOf('logo_url')}
            placeholder="https://example.com/logo.png"
            helper="An image shown beside the title. Empty: none."
          />
        </div>
        <div>
          <Switch checked={draft.show_response_times} onCheckedChange={set.show_response_times}>
            Show response times
          </Switch>
          <p className={note}>Visitors see each component’s response times as well as its uptime.</p>
        </div>
        <div>
          <Switch checked={draft.published} onCheckedChange={set.published}>
            Published
          </Switch>
          <p className={note}>Off: a draft nobody else can see.</p>
        </div>
      </div>
      <ComponentRows
        rows={draft.components}
        onChange={set.components}
        errors={componentErrors}
        monitors={monitors}
        monitorsError={monitorsError}
        onRetry={() => choices.send({ type: 'load.retry' })}
      />
    </FormDialog>
  )
}
