import { Hono } from 'hono'
import { ChangePlanInput } from '../../domain/auth.schema.ts'
import { changePlan, currentSubscription } from '../services/subscriptions.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

export const subscriptionRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) =>
      c.json({
        data: { subscription: await currentSubscription(deps.repos, c.get('session').userId, deps.clock.now()) },
      }),
    )
    .put('/', validate('json', ChangePlanInput), async (c) => {
      const input = c.req.valid('json')
      const terms = {
        title: input.plan,
        billing_frequency: input.billing_frequency,
        is_free_trial: input.is_free_trial,
      }
      const subscription = await changePlan(deps.database, c.get('session').userId, terms, deps.clock.now())
      return c.json({ data: { subscription } })
    })

export const planRoutes = (deps: Deps) =>
  new Hono().get('/', async (c) => c.json({ data: { plans: await deps.repos.plans.list() } }))
