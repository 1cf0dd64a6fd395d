import { fromPromise } from 'xstate'
import type { AwsAccount } from '@vigil/domain/aws-account'
import { type AwsAccountFormInput, awsAccountFormMachine } from '../machines/aws-account-form.machine.ts'
import { loadMachine } from '../machines/load.machine.ts'
import type { AwsApi, AwsPageId } from './aws-api.ts'
import { cloudAccountsLogic, cloudPageLogic } from './cloud-flows.actors.ts'
import type { Effects } from './flows.actors.ts'
import { saveFormLogic } from './save-form.actors.ts'

// The AWS Monitoring flows with their effects: the AWS calls of the API and the toaster.

/** The accounts of the AWS Monitoring page: load, re-test, read now, remove. */
export const awsAccountsLogic = (api: AwsApi, fx: Pick<Effects, 'toast'>) =>
  cloudAccountsLogic<AwsAccount>('aws', api, fx)

/** What the connect dialog shows: the policy, the external id and the regions. */
export const awsSetupLogic = (api: AwsApi) =>
  loadMachine<Awaited<ReturnType<AwsApi['setup']>>>().provide({ actors: { fetch: fromPromise(() => api.setup()) } })

/** The connect and edit form of an account. */
export const awsAccountFormLogic = (api: AwsApi, saved: (account: AwsAccount | null) => void) =>
  saveFormLogic(awsAccountFormMachine, { create: api.connect, update: api.update }, saved)

export type { AwsAccountFormInput }

/** One page of a connected account, read again while it is shown; Refresh reads the account from AWS first. */
export const awsPageLogic = <P extends AwsPageId>(api: AwsApi, accountId: string, page: P) =>
  cloudPageLogic(api, accountId, () => api.page(accountId, page))
