import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { AwsAccount } from '../domain/aws-account.ts'
import { AzureAccount } from '../domain/azure-account.ts'
import { M365ServiceHealth } from '../domain/m365.ts'
import { M365Tenant } from '../domain/m365-account.ts'
import { loadMachine } from '../machines/load.machine.ts'
import { call } from './api.ts'

// The user's connected cloud accounts, read once: the choices of a cloud monitor's form. Apart from the accounts'
// pages, so the monitor form loads only this.

const listOf = <S extends v.GenericSchema>(Account: S) => v.object({ accounts: v.array(Account) })

const AwsList = listOf(AwsAccount)
export type AwsAccountChoices = v.InferOutput<typeof AwsList>
export const awsAccountChoicesLogic = () =>
  loadMachine<AwsAccountChoices>().provide({ actors: { fetch: fromPromise(() => call(AwsList, 'aws/accounts')) } })

const AzureList = listOf(AzureAccount)
export type AzureAccountChoices = v.InferOutput<typeof AzureList>
export const azureAccountChoicesLogic = () =>
  loadMachine<AzureAccountChoices>().provide({
    actors: { fetch: fromPromise(() => call(AzureList, 'azure/accounts')) },
  })

const TenantList = listOf(M365Tenant)
export type M365TenantChoices = v.InferOutput<typeof TenantList>
export const m365TenantChoicesLogic = () =>
  loadMachine<M365TenantChoices>().provide({
    actors: { fetch: fromPromise(() => call(TenantList, 'microsoft365/accounts')) },
  })

// A tenant's services as its last read found them: the choices of the service to watch.
const Services = v.object({ services: v.array(M365ServiceHealth) })
export type M365ServiceChoices = v.InferOutput<typeof Services>
export const m365ServiceChoicesLogic = (tenantId: string) =>
  loadMachine<M365ServiceChoices>().provide({
    actors: {
      fetch: fromPromise(() => call(Services, `microsoft365/accounts/${encodeURIComponent(tenantId)}/health`)),
    },
  })
