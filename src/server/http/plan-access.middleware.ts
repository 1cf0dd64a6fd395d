import { createMiddleware } from 'hono/factory'
import { assertFeature } from '../services/subscriptions.service.ts'
import type { AppEnv, Deps } from './env.ts'

/**
 * Guards the routes of a plan-locked feature (a navigation label such as 'DNS Monitoring') on the server:
 * the lock in the UI is a hint, this is the rule. Mount after requireSession.
 */
export const requireFeature = ({ repos, clock }: Pick<Deps, 'repos' | 'clock'>, feature: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await assertFeature(repos, c.get('session').userId, feature, clock.now())
    await next()
  })
