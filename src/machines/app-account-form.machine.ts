import { type AzureAccount, AzureAccountInput, AzureAccountPatch } from '@vigil/domain/azure-account'
import { checkForm } from '@vigil/domain/form-validation'
import { type M365Tenant, M365TenantInput, M365TenantPatch } from '@vigil/domain/m365-account'
import { accountPatchRequest, changedFields, type Submission, saveFormMachine } from './save-form.machine.ts'

// Connecting or changing an account that signs in as a Microsoft Entra app registration: an Azure account (with the
// subscriptions to read) and a Microsoft 365 tenant. Checked as the server checks, saved (the server signs in with
// the identity platform and refuses with its reason, shown at the field), then closed.

/** The form's values as typed. `subscription_ids` null: every subscription the app can read (Azure only). */
export interface AppAccountValues {
  name: string
  auth: 'secret' | 'certificate'
  tenant_id: string
  client_id: string
  client_secret: string
  certificate: string
  subscription_ids: string[] | null
}

/** What an edited account already has: its sign-in (never its secret). */
interface AppAccount {
  id: string
  name: string
  auth: 'secret' | 'certificate'
  tenant_id: string
  client_id: string
}

const credentialsOf = (v: AppAccountValues) => ({
  auth: v.auth,
  tenant_id: v.tenant_id,
  client_id: v.client_id,
  ...(v.auth === 'secret' ? { client_secret: v.client_secret } : { certificate: v.certificate }),
})

/** Whether an edit brings a new sign-in: another way, another tenant or app, a secret or certificate typed in. */
const newCredentials = (account: AppAccount, v: AppAccountValues) =>
  v.auth !== account.auth ||
  v.tenant_id.trim() !== account.tenant_id ||
  v.client_id.trim() !== account.client_id ||
  (v.auth === 'secret' ? v.client_secret : v.certificate).trim() !== ''

const sorted = (ids: readonly string[]) => [...ids].map((id) => id.toLowerCase()).sort()

/**
 * An Azure account's submission: a new account whole with `AzureAccountInput` (the subscriptions left out for all the
 * app can read); a change with `AzureAccountPatch`, holding only what differs, and the sign-in only when a new one
 * was given (the stored secret is never shown, so an empty secret keeps it).
 */
export const azureAccountSubmission = (account: AzureAccount | null, raw: Record<string, unknown>): Submission => {
  const values = raw as unknown as AppAccountValues
  const { name, subscription_ids } = values
  if (!account) {
    const checked = checkForm(AzureAccountInput, {
      name,
      ...credentialsOf(values),
      ...(subscription_ids && { subscription_ids }),
    })
    return checked.ok ? { ok: true, request: { id: null, body: checked.output } } : checked
  }
  const before = sorted(account.subscriptions.map((s) => s.id))
  return patchOf(AzureAccountPatch, account, values, {
    ...changedFields(
      { name, subscription_ids: subscription_ids ? sorted(subscription_ids) : before },
      { name: account.name, subscription_ids: before },
    ),
  })
}

/** A Microsoft 365 tenant's submission, as an Azure account's without subscriptions. */
export const m365TenantSubmission = (account: M365Tenant | null, raw: Record<string, unknown>): Submission => {
  const values = raw as unknown as AppAccountValues
  if (!account) {
    const checked = checkForm(M365TenantInput, { name: values.name, ...credentialsOf(values) })
    return checked.ok ? { ok: true, request: { id: null, body: checked.output } } : checked
  }
  return patchOf(M365TenantPatch, account, values, changedFields({ name: values.name }, { name: account.name }))
}

/** An edit's patch: what changed, and the sign-in when a new one was given. */
const patchOf = (
  schema: typeof AzureAccountPatch | typeof M365TenantPatch,
  account: AppAccount,
  values: AppAccountValues,
  changed: Record<string, unknown>,
): Submission =>
  accountPatchRequest(schema, account.id, changed, newCredentials(account, values) ? credentialsOf(values) : null)

export const azureAccountFormMachine = saveFormMachine<{ account: AzureAccount | null }, AzureAccount>({
  id: 'azureAccountForm',
  saveId: 'saveAzureAccount',
  submission: ({ account }, values) => azureAccountSubmission(account, values),
})

export const m365TenantFormMachine = saveFormMachine<{ account: M365Tenant | null }, M365Tenant>({
  id: 'm365TenantForm',
  saveId: 'saveM365Tenant',
  submission: ({ account }, values) => m365TenantSubmission(account, values),
})
