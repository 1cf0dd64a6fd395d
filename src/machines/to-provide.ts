import { fromPromise, type NonReducibleUnknown } from 'xstate'

/**
 * An actor a machine names for its adapter to provide (machine.provide): its answer and input types, and until it is
 * provided, a failure that says which one is missing. `fetchAccounts: toProvide<AccountList>('fetchAccounts')`.
 */
export const toProvide = <TOutput, TInput = NonReducibleUnknown>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name}: not provided`)
  })
