import { type Integration, type IntegrationType, SECRET_SETTINGS } from '@vigil/domain/integration.schema'
import type { IntegrationValues } from '../../../machines/integration-form.machine.ts'
import { INTEGRATION_KINDS } from './integration-kinds.ts'

// The channel form as its inputs hold it (text), and the values the form flow checks. Nothing is judged here.

/** The name and every setting of every type, so switching type keeps what was typed in a shared field. */
export type IntegrationDraft = Record<string, string>

/** Whether a setting of this type is kept masked by the server (and so starts empty on an edit). */
export const isSecret = (type: IntegrationType, field: string) => SECRET_SETTINGS[type].includes(field)

/** A new channel's empty draft, or an existing one's: its name and the settings the API shows whole. */
export const draftOf = (integration: Integration | null): IntegrationDraft => {
  if (!integration) return { name: '' }
  const draft: IntegrationDraft = { name: integration.name }
  for (const { name } of INTEGRATION_KINDS[integration.type].fields) {
    const value = integration.settings[name]
    draft[name] = !isSecret(integration.type, name) && typeof value === 'string' ? value : ''
  }
  return draft
}

/** The values of a draft for its type: the name and that type's settings. */
export const valuesOf = (type: IntegrationType, draft: IntegrationDraft): IntegrationValues =>
  Object.fromEntries(['name', ...INTEGRATION_KINDS[type].fields.map((f) => f.name)].map((k) => [k, draft[k] ?? '']))
