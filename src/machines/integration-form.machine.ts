import { checkForm } from '@vigil/domain/form-validation'
import {
  INTEGRATION_SETTINGS,
  type Integration,
  IntegrationInput,
  type IntegrationType,
  integrationPatchSchema,
  SECRET_SETTINGS,
} from '@vigil/domain/integration.schema'
import { type SaveRequest, type Submission, saveFormMachine } from './save-form.machine.ts'

/** The form's values: the name and the settings of the type, as typed. */
export type IntegrationValues = Record<string, unknown>

/** A new channel (POST, whole, with its type) or a change (PATCH, only what differs). */
export type IntegrationSaveRequest = SaveRequest

/** What the server answers to a save: the channel, and a new webhook's signing secret, once. */
export interface IntegrationSaved {
  integration: Integration
  webhook_secret?: string
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

const isEmpty = (value: unknown) => typeof value === 'string' && value.trim() === ''

/**
 * A secret left empty is not sent: an edit keeps the old one (the form cannot show it), and a new channel gets
 * the server's own for a secret that may be left out (a webhook's signing secret).
 */
const withoutEmptySecrets = (type: IntegrationType, values: IntegrationValues, editing: boolean): IntegrationValues =>
  Object.fromEntries(
    Object.entries(values).filter(([key, value]) => {
      if (!SECRET_SETTINGS[type].includes(key) || !isEmpty(value)) return true
      const settings: Record<string, { type: string }> = INTEGRATION_SETTINGS[type]
      return !editing && settings[key]?.type !== 'optional'
    }),
  )

/**
 * Checks the values with the server's own schemas: a new channel with `IntegrationInput`, a change with its
 * type's patch schema, then only what differs from the channel is sent (a secret typed in always is: the
 * server shows secrets masked). `request` is null when nothing changed.
 */
export const integrationSubmission = (
  type: IntegrationType,
  integration: Integration | null,
  values: IntegrationValues,
): Submission => {
  const typed = withoutEmptySecrets(type, values, integration !== null)
  if (!integration) {
    const whole = checkForm(IntegrationInput, { ...typed, type })
    if (!whole.ok) return whole
    return { ok: true, request: { id: null, body: whole.output } }
  }
  const { type: _, ...fields } = typed
  const patch = checkForm(integrationPatchSchema(integration.type), fields)
  if (!patch.ok) return patch
  const before: Record<string, unknown> = {
    name: integration.name,
    enabled: integration.enabled,
    ...integration.settings,
  }
  const changes = Object.fromEntries(
    Object.entries(patch.output as Record<string, unknown>).filter(
      ([key, value]) => SECRET_SETTINGS[integration.type].includes(key) || !same(value, before[key]),
    ),
  )
  if (Object.keys(changes).length === 0) return { ok: true, request: null }
  return { ok: true, request: { id: integration.id, body: changes } }
}

// The add and edit forms of an alert channel, on the save form: checked as the server checks (a new channel with the
// type its submit names), saved, then closed; a refusal shows the server's message and its errors at their fields.
// A new webhook's signing secret is the step after the save: shown once, until the user is done with it.
export const integrationFormMachine = saveFormMachine<
  { integration: Integration | null },
  IntegrationSaved,
  { secret: string | null },
  { integrationType: IntegrationType },
  'revealingSecret'
>({
  id: 'integrationForm',
  saveId: 'saveIntegration',
  submission: ({ integration }, values, { integrationType }) =>
    integrationSubmission(integration?.type ?? integrationType, integration, values),
  extra: { secret: null },
  afterSave: {
    state: 'revealingSecret',
    keep: ({ webhook_secret }) => (typeof webhook_secret === 'string' ? { secret: webhook_secret } : null),
  },
})
