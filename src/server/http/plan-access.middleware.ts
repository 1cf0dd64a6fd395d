import { createMiddleware } from 'hono/factory'
import { subscriptionsService } from '../services/subscriptions.service.ts'
import type { AppEnv, Deps } from './env.ts'

/**
 * Guards the routes of a plan-locked feature (a navigation label such as 'DNS Monitoring') on the server:
 * the lock in the UI is a hint, this is the rule. Mount after requireSession.
 */
export const requireFeature = (deps: Deps, feature: string) => {
  const subscriptions = subscriptionsService(deps)
  return createMiddleware<AppEnv>(async (c, next) => {
    await subscriptions.assertFeature(c.get('session').userId, feature)
    await next()
  })
}
