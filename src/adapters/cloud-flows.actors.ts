import { fromPromise } from 'xstate'
import { isApiFailure } from '@vigil/domain/api-failure'
import type { CloudProvider } from '@vigil/domain/cloud-account'
import { type CloudAccountItem, cloudAccountsMachine, cloudAccountTexts } from '../machines/cloud-accounts.machine.ts'
import { pollingMachine } from '../machines/polling.machine.ts'
import type { CloudAccountApi } from './cloud-api.ts'
import type { Effects } from './flows.actors.ts'

// The flows every provider's accounts share, with their effects: the provider's calls of the API and the toaster.

/** A provider's accounts on its list page: load, re-test, read now, remove. */
export const cloudAccountsLogic = <A extends CloudAccountItem>(
  provider: CloudProvider,
  api: Pick<CloudAccountApi<A>, 'accounts' | 'test' | 'sync' | 'remove'>,
  fx: Pick<Effects, 'toast'>,
) => {
  const { synced } = cloudAccountTexts(provider)
  return cloudAccountsMachine<A>(provider).provide({
    actors: {
      fetchAccounts: fromPromise(() => api.accounts()),
      runAction: fromPromise(async ({ input }) =>
        input.action === 'test' ? api.test(input.id) : { account: await api.sync(input.id), ok: true, message: synced },
      ),
      removeAccount: fromPromise(({ input }) => api.remove(input.id)),
    },
    actions: { notify: (_, { title, type }) => fx.toast({ title, type }) },
  })
}

/**
 * One page of a connected account, read again while it is shown (the engine's reads reach it). Its renewal reads the
 * account from the provider first; a read already running (409) is no failure: the page shows what is stored, and
 * the running read's result once it is.
 */
export const cloudPageLogic = <T>(
  api: Pick<CloudAccountApi<unknown>, 'sync'>,
  accountId: string,
  read: () => Promise<T>,
) =>
  pollingMachine<T>().provide({
    actors: {
      fetch: fromPromise(read),
      renew: fromPromise(async () => {
        await api.sync(accountId).catch((error: unknown) => {
          if (!(isApiFailure(error) && error.status === 409)) throw error
        })
        return read()
      }),
    },
  })
