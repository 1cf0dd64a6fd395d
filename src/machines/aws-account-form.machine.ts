import { type AwsAccount, AwsAccountInput, AwsAccountPatch } from '@vigil/domain/aws-account'
import { checkForm } from '@vigil/domain/form-validation'
import { accountPatchRequest, changedFields, type Submission, saveFormMachine } from './save-form.machine.ts'

/** What the form edits: the account, or null to connect one. */
export interface AwsAccountFormInput {
  account: AwsAccount | null
}

/** The form's values as typed. `regions` null: the regions the account has enabled (a new account only). */
export interface AwsAccountValues {
  name: string
  auth: 'keys' | 'role'
  access_key_id: string
  secret_access_key: string
  role_arn: string
  external_id: string
  regions: string[] | null
}

const credentialsOf = (v: AwsAccountValues) =>
  v.auth === 'keys'
    ? { auth: v.auth, access_key_id: v.access_key_id, secret_access_key: v.secret_access_key }
    : { auth: v.auth, role_arn: v.role_arn, external_id: v.external_id }

/** Whether an edit brings new credentials: another way to sign in, keys typed in, another role. */
const newCredentials = (account: AwsAccount, v: AwsAccountValues) =>
  v.auth !== account.auth ||
  (v.auth === 'keys'
    ? v.access_key_id.trim() !== '' || v.secret_access_key.trim() !== ''
    : v.role_arn.trim() !== account.role_arn || v.external_id.trim() !== account.external_id)

/**
 * Checks the values as the server does: a new account whole with `AwsAccountInput` (the regions left out when the
 * account's own are wanted); a change with `AwsAccountPatch`, holding only what differs, and the credentials only
 * when new ones were given (the stored secret is never shown, so empty key fields keep it).
 */
export const awsAccountSubmission = (account: AwsAccount | null, raw: Record<string, unknown>): Submission => {
  const values = raw as unknown as AwsAccountValues
  if (!account) {
    const { regions, name } = values
    const checked = checkForm(AwsAccountInput, { name, ...credentialsOf(values), ...(regions && { regions }) })
    return checked.ok ? { ok: true, request: { id: null, body: checked.output } } : checked
  }
  const changed = changedFields(
    { name: values.name, regions: [...(values.regions ?? account.regions)].sort() },
    { name: account.name, regions: [...account.regions].sort() },
  )
  const credentials = newCredentials(account, values) ? credentialsOf(values) : null
  return accountPatchRequest(AwsAccountPatch, account.id, changed, credentials)
}

// Connecting or changing an AWS account, on the save form: checked as the server checks, saved (the server checks
// the credentials with AWS and refuses with its reason, shown at the field), then closed.
export const awsAccountFormMachine = saveFormMachine<AwsAccountFormInput, AwsAccount>({
  id: 'awsAccountForm',
  saveId: 'saveAwsAccount',
  submission: ({ account }, values) => awsAccountSubmission(account, values),
})
