import type { AzureAccount } from '@vigil/domain/azure-account'
import type { M365Tenant } from '@vigil/domain/m365-account'
import { azureAccountFormMachine, m365TenantFormMachine } from '../machines/app-account-form.machine.ts'
import type { AzureApi } from './azure-api.ts'
import { cloudAccountsLogic } from './cloud-flows.actors.ts'
import type { Effects } from './flows.actors.ts'
import type { M365Api } from './m365-api.ts'
import { saveFormLogic } from './save-form.actors.ts'

// The Azure Monitoring and Microsoft 365 flows with their effects: their calls of the API and the toaster.

export const azureAccountsLogic = (api: AzureApi, fx: Pick<Effects, 'toast'>) =>
  cloudAccountsLogic<AzureAccount>('azure', api, fx)

export const m365TenantsLogic = (api: M365Api, fx: Pick<Effects, 'toast'>) =>
  cloudAccountsLogic<M365Tenant>('m365', api, fx)

export const azureAccountFormLogic = (api: AzureApi, saved: (account: AzureAccount | null) => void) =>
  saveFormLogic(azureAccountFormMachine, { create: api.connect, update: api.update }, saved)

export const m365TenantFormLogic = (api: M365Api, saved: (account: M365Tenant | null) => void) =>
  saveFormLogic(m365TenantFormMachine, { create: api.connect, update: api.update }, saved)
