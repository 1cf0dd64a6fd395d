import type { Hono } from 'hono'
import * as v from 'valibot'
import type { CloudAccountAnswers, CloudAccountRemoved } from '@vigil/domain/cloud-account'
import { stringifyWithRaw } from '../db/raw-json.ts'
import type { AppEnv } from './env.ts'
import { noFormBody } from './request-guards.ts'
import { jsonObject, validate } from './validate.ts'

// The routes every provider's connected accounts share: list, connect, read, change, remove, re-test, read now; and
// the pages of what an account's syncs read. `{id}` is Vigil's id of the connected account.

export const IdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64, 'The account id is too long.')) })

type UserId = string
type AccountId = string

/** A provider's accounts, `A` each as the API shows it (the domain's AwsAccount, AzureAccount, M365Tenant). */
export interface CloudAccountService<A> {
  list: (userId: UserId) => Promise<A[]>
  connect: (userId: UserId, body: unknown) => Promise<A>
  get: (userId: UserId, accountId: AccountId) => Promise<A>
  update: (userId: UserId, accountId: AccountId, body: unknown) => Promise<A>
  remove: (userId: UserId, accountId: AccountId) => Promise<{ monitors_removed: number }>
  removedMessage: (monitorsRemoved: number) => string
  test: (userId: UserId, accountId: AccountId) => Promise<CloudAccountAnswers<A>['AccountTested']>
  sync: (userId: UserId, accountId: AccountId) => Promise<A>
}

const userOf = (c: { get(key: 'session'): { userId: string } }) => c.get('session').userId

/** Adds the account routes under /accounts; `what` names the body in messages ("AWS account"). */
export const withAccountRoutes = <A>(routes: Hono<AppEnv>, service: CloudAccountService<A>, what: string) => {
  type Answers = CloudAccountAnswers<A>
  return routes
    .get('/accounts', async (c) =>
      c.json({ data: { accounts: await service.list(userOf(c)) } satisfies Answers['AccountList'] }),
    )
    .post('/accounts', async (c) => {
      const account = await service.connect(userOf(c), await jsonObject(c, what))
      return c.json({ data: { account } satisfies Answers['OneAccount'] }, 201)
    })
    .get('/accounts/:id', validate('param', IdParam), async (c) =>
      c.json({
        data: { account: await service.get(userOf(c), c.req.valid('param').id) } satisfies Answers['OneAccount'],
      }),
    )
    .patch('/accounts/:id', validate('param', IdParam), async (c) => {
      const account = await service.update(userOf(c), c.req.valid('param').id, await jsonObject(c, what))
      return c.json({ data: { account } satisfies Answers['OneAccount'] })
    })
    .delete('/accounts/:id', validate('param', IdParam), async (c) => {
      const { monitors_removed } = await service.remove(userOf(c), c.req.valid('param').id)
      const removed: CloudAccountRemoved = { message: service.removedMessage(monitors_removed), monitors_removed }
      return c.json({ data: removed })
    })
    .post('/accounts/:id/test', noFormBody, validate('param', IdParam), async (c) =>
      c.json({ data: (await service.test(userOf(c), c.req.valid('param').id)) satisfies Answers['AccountTested'] }),
    )
    .post('/accounts/:id/sync', noFormBody, validate('param', IdParam), async (c) =>
      c.json({
        data: { account: await service.sync(userOf(c), c.req.valid('param').id) } satisfies Answers['OneAccount'],
      }),
    )
}

/**
 * Adds one GET route per page of an account (`/accounts/:id/{page}`). The answer is written with stored resources
 * left as they were stored (RawJson), not parsed and written again.
 */
export const withAccountPages = (
  routes: Hono<AppEnv>,
  pages: Record<string, (userId: UserId, accountId: AccountId) => Promise<unknown>>,
) => {
  for (const [page, read] of Object.entries(pages))
    routes.get(`/accounts/:id/${page}`, validate('param', IdParam), async (c) =>
      c.body(stringifyWithRaw({ data: await read(userOf(c), c.req.valid('param').id) }), 200, {
        'content-type': 'application/json',
      }),
    )
  return routes
}
