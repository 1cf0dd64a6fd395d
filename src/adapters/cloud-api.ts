import type * as v from 'valibot'
import { type CloudAccountAnswers, CloudAccountRemoved, cloudAccountAnswers } from '@vigil/domain/cloud-account'
import { call } from './api.ts'

// The calls every provider's connected accounts share (spec: AWS Monitoring, Azure Monitoring, Microsoft 365), made
// once for a provider's API root (`aws`, `azure`, `microsoft365`) and account schema. Every answer is parsed by the
// domain's schemas (cloudAccountAnswers).

export const cloudAccountApi = <S extends v.GenericSchema>(root: string, Account: S) => {
  type Answers = CloudAccountAnswers<v.InferOutput<S>>
  const { AccountList, OneAccount, AccountTested } = cloudAccountAnswers(Account)
  const path = (id: string, rest = '') => `${root}/accounts/${encodeURIComponent(id)}${rest}`
  const one = (answer: unknown) => (answer as Answers['OneAccount']).account

  return {
    accounts: () => call(AccountList, `${root}/accounts`) as Promise<Answers['AccountList']>,

    /** 400 with the provider's reason when the credentials do not work. */
    connect: (body: Record<string, unknown>) =>
      call(OneAccount, `${root}/accounts`, { method: 'POST', body }).then(one),

    /** Another name or scope, or new credentials (checked with the provider first). */
    update: (id: string, body: Record<string, unknown>) =>
      call(OneAccount, path(id), { method: 'PATCH', body }).then(one),

    /** The message says how many monitors went with the account. */
    remove: (id: string) => call(CloudAccountRemoved, path(id), { method: 'DELETE' }).then((d) => d.message),

    /** Checks the stored credentials with the provider again: whether they still work, and the account as it now is. */
    test: (id: string) =>
      call(AccountTested, path(id, '/test'), { method: 'POST' }) as Promise<Answers['AccountTested']>,

    /** Reads the account now (409 while a read runs); answers the account once it is stored. */
    sync: (id: string) => call(OneAccount, path(id, '/sync'), { method: 'POST' }).then(one),

    /** One page of an account (`/accounts/{id}/{page}`), parsed by its schema. */
    page: <P extends v.GenericSchema>(schema: P, id: string, page: string) => call(schema, path(id, `/${page}`)),
  }
}

export type CloudAccountApi<A> = {
  accounts: () => Promise<{ accounts: A[] }>
  connect: (body: Record<string, unknown>) => Promise<A>
  update: (id: string, body: Record<string, unknown>) => Promise<A>
  remove: (id: string) => Promise<string>
  test: (id: string) => Promise<{ ok: boolean; message: string; account: A }>
  sync: (id: string) => Promise<A>
}
