import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { AwsAccount } from '@vigil/domain/aws-account'
import { AzureAccount } from '@vigil/domain/azure-account'
import { M365ServiceHealth } from '@vigil/domain/m365'
import { M365Tenant } from '@vigil/domain/m365-account'
import { loadMachine } from '../machines/load.machine.ts'
import { cloudAccountApi } from './cloud-api.ts'

// The user's connected cloud accounts, read once: the choices of a cloud monitor's form. Apart from the accounts'
// pages, so the monitor form loads only the account schemas, not the pages'.

/** A provider's accounts, read once when the form's account field shows. */
const choicesOf =
  <A>(api: { accounts: () => Promise<{ accounts: A[] }> }) =>
  () =>
    loadMachine<{ accounts: A[] }>().provide({ actors: { fetch: fromPromise(() => api.accounts()) } })

const tenants = cloudAccountApi('microsoft365', M365Tenant)
export const awsAccountChoicesLogic = choicesOf(cloudAccountApi('aws', AwsAccount))
export const azureAccountChoicesLogic = choicesOf(cloudAccountApi('azure', AzureAccount))
export const m365TenantChoicesLogic = choicesOf(tenants)

// A tenant's services as its last read found them: the choices of the service to watch.
const Services = v.object({ services: v.array(M365ServiceHealth) })
export const m365ServiceChoicesLogic = (tenantId: string) =>
  loadMachine<v.InferOutput<typeof Services>>().provide({
    actors: { fetch: fromPromise(() => tenants.page(Services, tenantId, 'health')) },
  })
