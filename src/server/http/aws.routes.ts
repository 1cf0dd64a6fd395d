import { Hono } from 'hono'
import * as v from 'valibot'
import { stringifyWithRaw } from '../db/raw-json.ts'
import { awsAccountsService } from '../services/aws-accounts.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { noFormBody } from './request-guards.ts'
import { requireSession } from './session.middleware.ts'
import { jsonObject, validate } from './validate.ts'

// AWS Monitoring (a Pro feature: every route answers 403 on a plan without it): connected accounts and the pages of
// what their syncs read. `{id}` is Vigil's id of the connected account (the spec's iamUserId).

const IdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64, 'The account id is too long.')) })

export const awsRoutes = (deps: Deps) => {
  const aws = awsAccountsService(deps)
  const userOf = (c: { get(key: 'session'): { userId: string } }) => c.get('session').userId
  const routes = new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/setup', async (c) => c.json({ data: { setup: await aws.setup(userOf(c)) } }))
    .get('/accounts', async (c) => c.json({ data: { accounts: await aws.list(userOf(c)) } }))
    .post('/accounts', async (c) =>
      c.json({ data: { account: await aws.connect(userOf(c), await jsonObject(c, 'AWS account')) } }, 201),
    )
    .get('/accounts/:id', validate('param', IdParam), async (c) =>
      c.json({ data: { account: await aws.get(userOf(c), c.req.valid('param').id) } }),
    )
    .patch('/accounts/:id', validate('param', IdParam), async (c) =>
      c.json({
        data: { account: await aws.update(userOf(c), c.req.valid('param').id, await jsonObject(c, 'AWS account')) },
      }),
    )
    .delete('/accounts/:id', validate('param', IdParam), async (c) => {
      const { monitors_removed } = await aws.remove(userOf(c), c.req.valid('param').id)
      const monitors =
        monitors_removed === 0 ? '' : ` with its ${monitors_removed} monitor${monitors_removed === 1 ? '' : 's'}`
      return c.json({ data: { message: `AWS account removed${monitors}.`, monitors_removed } })
    })
    .post('/accounts/:id/test', noFormBody, validate('param', IdParam), async (c) =>
      c.json({ data: await aws.test(userOf(c), c.req.valid('param').id) }),
    )
    .post('/accounts/:id/sync', noFormBody, validate('param', IdParam), async (c) =>
      c.json({ data: { account: await aws.sync(userOf(c), c.req.valid('param').id) } }),
    )
  // The pages of what an account's syncs read, each read by its own part of the service.
  const pages = {
    'billing-summary': aws.billing,
    ec2: aws.ec2,
    rds: aws.rds,
    amplify: aws.amplify,
    lightsail: aws.lightsail,
    services: aws.services,
  } satisfies Record<string, (userId: string, accountId: string) => Promise<unknown>>
  for (const [page, read] of Object.entries(pages))
    routes.get(`/accounts/:id/${page}`, validate('param', IdParam), async (c) =>
      // The resources are answered as they were stored (RawJson), not parsed and written again.
      c.body(stringifyWithRaw({ data: await read(userOf(c), c.req.valid('param').id) }), 200, {
        'content-type': 'application/json',
      }),
    )
  return routes
}
