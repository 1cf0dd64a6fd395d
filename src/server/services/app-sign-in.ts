import type { AzureCredentialsInput } from '@vigil/domain/azure'
import type { AzureProblem } from '../cloud/azure/index.ts'
import type { M365Problem } from '../cloud/m365/index.ts'
import { invalid } from '../errors.ts'

// What Azure accounts and Microsoft 365 tenants share: they sign in as an app registration of Microsoft Entra ID.

/** The sign-in's own fields, as they are sealed (the body's name and scope left out). */
export const appCredentials = (input: AzureCredentialsInput): AzureCredentialsInput =>
  input.auth === 'secret'
    ? { auth: 'secret', tenant_id: input.tenant_id, client_id: input.client_id, client_secret: input.client_secret }
    : { auth: 'certificate', tenant_id: input.tenant_id, client_id: input.client_id, certificate: input.certificate }

/** Who the account signs in as, for its view: never the secret or the key. */
export const appIdentity = (credentials: AzureCredentialsInput) => ({
  auth: credentials.auth,
  tenant_id: credentials.tenant_id,
  client_id: credentials.client_id,
})

/**
 * The form's field a refusal is about, when Microsoft Entra ID's answer names one. The others are no one field's
 * fault (the sign-in service or Resource Manager could not be reached, a permission or role is missing, the app is
 * disabled): their message is the form's, on top.
 */
const FIELD_OF: Partial<Record<AzureProblem | M365Problem, string>> = {
  invalid_secret: 'client_secret',
  expired_secret: 'client_secret',
  bad_certificate: 'certificate',
  unknown_app: 'client_id',
  unknown_tenant: 'tenant_id',
}

/** A refused sign-in (or read) as a 400 with its reason: on the field to fix, when one is at fault. */
export const refusedSignIn = (answer: { problem: AzureProblem | M365Problem; message: string }) => {
  const field = FIELD_OF[answer.problem]
  return invalid(answer.message, field ? { [field]: answer.message } : undefined)
}
