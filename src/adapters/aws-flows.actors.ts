import { fromPromise } from 'xstate'
import { isApiFailure } from '../domain/api-failure.ts'
import type { AwsAccount } from '../domain/aws-account.ts'
import { type AwsAccountFormInput, awsAccountFormMachine } from '../machines/aws-account-form.machine.ts'
import { AWS_ACCOUNT_SYNCED, awsAccountsMachine } from '../machines/aws-accounts.machine.ts'
import { loadMachine } from '../machines/load.machine.ts'
import { pollingMachine } from '../machines/polling.machine.ts'
import type { AwsApi, AwsPageData, AwsPageId } from './aws-api.ts'
import type { Effects } from './flows.actors.ts'
import { saveFormLogic } from './save-form.actors.ts'

// The AWS Monitoring flows with their effects: the AWS calls of the API and the toaster.

/** The accounts of the AWS Monitoring page: load, re-test, read now, remove. */
export const awsAccountsLogic = (api: AwsApi, fx: Pick<Effects, 'toast'>) =>
  awsAccountsMachine.provide({
    actors: {
      fetchAccounts: fromPromise(() => api.accounts()),
      runAction: fromPromise(async ({ input }) =>
        input.action === 'test'
          ? api.test(input.id)
          : { account: await api.sync(input.id), ok: true, message: AWS_ACCOUNT_SYNCED },
      ),
      removeAccount: fromPromise(({ input }) => api.remove(input.id)),
    },
    actions: { notify: (_, { title, type }) => fx.toast({ title, type }) },
  })

/** What the connect dialog shows: the policy, the external id and the regions. */
export const awsSetupLogic = (api: AwsApi) =>
  loadMachine<Awaited<ReturnType<AwsApi['setup']>>>().provide({ actors: { fetch: fromPromise(() => api.setup()) } })

/** The connect and edit form of an account. */
export const awsAccountFormLogic = (api: AwsApi, saved: (account: AwsAccount | null) => void) =>
  saveFormLogic(awsAccountFormMachine, { create: api.connect, update: api.update }, saved)

export type { AwsAccountFormInput }

/**
 * One page of a connected account, read again while it is shown (the engine's reads reach it). Its renewal reads the
 * account from AWS first; a read already running (409) is no failure: the page shows what is stored, and the running
 * read's result once it is.
 */
export const awsPageLogic = <P extends AwsPageId>(api: AwsApi, accountId: string, page: P) =>
  pollingMachine<AwsPageData<P>>().provide({
    actors: {
      fetch: fromPromise(() => api.page(accountId, page)),
      renew: fromPromise(async () => {
        await api.sync(accountId).catch((error: unknown) => {
          if (!(isApiFailure(error) && error.status === 409)) throw error
        })
        return api.page(accountId, page)
      }),
    },
  })
