import { Hono } from 'hono'
import { requireSession } from '../auth/session.middleware.ts'
import { currentSubscription } from '../services/subscriptions.service.ts'
import type { AppEnv, Deps } from './env.ts'

export const subscriptionRoutes = (deps: Deps) =>
  new Hono<AppEnv>().use(requireSession(deps)).get('/', async (c) =>
    c.json({
      data: { subscription: await currentSubscription(deps.repos, c.get('session').userId, deps.clock.now()) },
    }),
  )

export const planRoutes = (deps: Deps) =>
  new Hono().get('/', async (c) => c.json({ data: { plans: await deps.repos.plans.list() } }))
