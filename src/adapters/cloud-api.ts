import * as v from 'valibot'
import { call } from './api.ts'

// The calls every provider's connected accounts share (spec: AWS Monitoring, Azure Monitoring, Microsoft 365), made
// once for a provider's API root (`aws`, `azure`, `microsoft365`) and account schema. Every answer is parsed.

export const cloudAccountApi = <S extends v.GenericSchema>(root: string, Account: S) => {
  type Account = v.InferOutput<S>
  const One = v.object({ account: Account })
  const Tested = v.object({ ok: v.boolean(), message: v.string(), account: Account })
  const path = (id: string, rest = '') => `${root}/accounts/${encodeURIComponent(id)}${rest}`
  const one = (answer: v.InferOutput<typeof One>) => answer.account as Account

  return {
    accounts: () =>
      call(v.object({ accounts: v.array(Account) }), `${root}/accounts`) as Promise<{ accounts: Account[] }>,

    /** 400 with the provider's reason when the credentials do not work. */
    connect: (body: Record<string, unknown>) => call(One, `${root}/accounts`, { method: 'POST', body }).then(one),

    /** Another name or scope, or new credentials (checked with the provider first). */
    update: (id: string, body: Record<string, unknown>) => call(One, path(id), { method: 'PATCH', body }).then(one),

    remove: (id: string) =>
      call(v.object({ message: v.string() }), path(id), { method: 'DELETE' }).then((d) => d.message),

    /** Checks the stored credentials with the provider again: whether they still work, and the account as it now is. */
    test: (id: string) =>
      call(Tested, path(id, '/test'), { method: 'POST' }) as Promise<{
        ok: boolean
        message: string
        account: Account
      }>,

    /** Reads the account now (409 while a read runs); answers the account once it is stored. */
    sync: (id: string) => call(One, path(id, '/sync'), { method: 'POST' }).then(one),

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
