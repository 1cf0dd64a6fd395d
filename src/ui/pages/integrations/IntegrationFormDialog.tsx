import { useSelector } from '../../app/actor-hooks.ts'
import { useMemo, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { integrationFormLogic } from '../../../adapters/integration-flows.actors.ts'
import { integrationsApi } from '../../../adapters/integrations-api.ts'
import { INTEGRATION_TYPES, type Integration, type IntegrationType } from '@vigil/domain/integration.schema'
import * as Alert from '../../components/alert.tsx'
import { Button } from '../../components/button.tsx'
import { Choice } from '../../components/choice.tsx'
import { CopyField } from '../CopyField.tsx'
import { DialogForm, DialogFrame, type SaveDialogProps } from '../FormDialog.tsx'
import { fieldGrid, TextField, wide } from '../monitors/form-fields.tsx'
import { useSaveForm } from '../use-save-form.ts'
import { draftOf, type IntegrationDraft, isSecret, valuesOf } from './integration-draft.ts'
import { INTEGRATION_KINDS, type SettingField } from './integration-kinds.ts'
import { useChangesOf } from '../../components/use-changes-of.ts'

export interface IntegrationFormDialogProps extends SaveDialogProps<Integration> {
  /** The channel to edit; null to add one. */
  integration: Integration | null
}

const FIELD_LABELS: Record<string, string> = {
  type: 'Type',
  name: 'Name',
  enabled: 'Enabled',
  url: 'URL',
  email: 'Email address',
  secret: 'Signing secret',
  bot_token: 'Bot token',
  chat_id: 'Chat id',
}

/** The add and edit form of an alert channel, in a dialog (loaded when first opened). */
export function IntegrationFormDialog({ integration, onSaved, onClose }: IntegrationFormDialogProps) {
  const logic = useMemo(() => integrationFormLogic(integrationsApi, onSaved), [onSaved])
  const { form, errors, submitting, formView } = useSaveForm(logic, { integration }, onClose)
  const secret = useSelector(form, (s) => (s.matches('revealingSecret') ? s.context.secret : null))
  const [type, setType] = useState<IntegrationType>(integration?.type ?? 'slack')
  const [draft, setDraft] = useState<IntegrationDraft>(() => draftOf(integration))
  const kind = INTEGRATION_KINDS[type]
  const set = (key: string) => (value: string) => setDraft((d) => ({ ...d, [key]: value }))
  useChangesOf(draft, () => form.send({ type: 'form.change', integrationType: type, values: valuesOf(type, draft) }))

  // Messages of fields the form has no input for (a server's own rule) are listed at the top.
  const shown = new Set(['name', ...kind.fields.map((f) => f.name)])
  const title = secret ? 'Save the signing secret' : integration ? `Edit ${integration.name}` : 'Add integration'

  return (
    <DialogFrame
      title={title}
      busy={submitting}
      wide
      onClose={() => (secret ? form.send({ type: 'form.done' }) : onClose())}
    >
      {secret ? (
        <SecretReveal secret={secret} onDone={() => form.send({ type: 'form.done' })} />
      ) : (
        <DialogForm
          wide
          {...formView}
          labels={FIELD_LABELS}
          shows={(field) => shown.has(field)}
          submitLabel={integration ? 'Save changes' : 'Add integration'}
          onSubmit={() => form.send({ type: 'form.submit', integrationType: type, values: valuesOf(type, draft) })}
          onClose={onClose}
        >
          {integration ? (
            <p className={css({ fontSize: 'sm', color: 'muted' })}>
              {kind.label} · the type of a channel stays as it is; add a new one for another.
            </p>
          ) : (
            <fieldset className={css({ border: 'none', p: '0', m: '0' })}>
              <legend className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'gray.800', mb: '2' })}>
                Type
              </legend>
              <div className={fieldGrid}>
                {INTEGRATION_TYPES.map((t) => {
                  const { icon: Icon, label, summary } = INTEGRATION_KINDS[t]
                  return (
                    <Choice
                      key={t}
                      variant="tile"
                      name="type"
                      value={t}
                      checked={type === t}
                      onChange={() => {
                        setType(t)
                        form.send({ type: 'form.clear' })
                      }}
                    >
                      <span className={css({ display: 'flex', gap: '3' })}>
                        <Icon aria-hidden="true" size={20} className={css({ flexShrink: '0', mt: '0.5' })} />
                        <span>
                          <span className={css({ display: 'block', fontWeight: 'semibold', fontSize: 'sm' })}>
                            {label}
                          </span>
                          <span className={css({ display: 'block', color: 'muted', fontSize: 'xs' })}>{summary}</span>
                        </span>
                      </span>
                    </Choice>
                  )
                })}
              </div>
            </fieldset>
          )}
          <div className={fieldGrid}>
            <div className={wide}>
              <TextField
                label="Name"
                name="name"
                required
                value={draft.name ?? ''}
                onChange={set('name')}
                error={errors.name}
                placeholder={kind.namePlaceholder}
                helper="How this channel is listed, here and on your monitors."
              />
            </div>
            {kind.fields.map((f) => (
              <div key={`${type} ${f.name}`} className={wide}>
                <SettingInput
                  field={f}
                  integration={integration}
                  value={draft[f.name] ?? ''}
                  onChange={set(f.name)}
                  error={errors[f.name]}
                />
              </div>
            ))}
          </div>
        </DialogForm>
      )}
    </DialogFrame>
  )
}

/** One setting of the type. On an edit a secret starts empty: left so, the server keeps the current one. */
function SettingInput({
  field,
  integration,
  value,
  onChange,
  error,
}: {
  field: SettingField
  integration: Integration | null
  value: string
  onChange: (value: string) => void
  error?: string
}) {
  const kept = integration !== null && isSecret(integration.type, field.name)
  const masked = kept ? integration.settings[field.name] : undefined
  return (
    <TextField
      label={field.label}
      name={field.name}
      required={!field.optional && !kept}
      type={field.inputType === 'email' ? 'email' : 'text'}
      inputMode={field.inputType === 'url' ? 'url' : undefined}
      value={value}
      onChange={onChange}
      error={error}
      placeholder={kept ? 'Unchanged' : field.placeholder}
      helper={
        kept ? `Leave empty to keep the current one${typeof masked === 'string' ? ` (${masked})` : ''}.` : field.helper
      }
    />
  )
}

/** A new webhook's signing secret: shown this once, with a copy button. */
function SecretReveal({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <p>
        The webhook is added. Each request to it is signed with this secret, so your endpoint can check it came from us.
      </p>
      <CopyField label="Signing secret" value={secret} copyLabel="Copy secret" />
      <Alert.Root role="note" status="warning">
        <Alert.Description>
          <strong>It will not be shown again.</strong> Copy it now and keep it with your endpoint’s settings. To change
          it later, edit the webhook and type a new one.
        </Alert.Description>
      </Alert.Root>
      <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  )
}
