import { Hono } from 'hono'
import { type BlacklistCheck, BlacklistCheckInput } from '@vigil/domain/check-details'
import { BlacklistLookupError, checkBlacklist } from '../checks/index.ts'
import { Failure } from '../errors.ts'
import { enforceRateLimits } from '../services/rate-limits.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { requireFeature } from './plan-access.middleware.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

/** The one-off check of the Check Black List page: nothing is stored. */
export const blacklistRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .use(requireFeature(deps, 'Check Black List'))
    .post('/check', validate('json', BlacklistCheckInput), async (c) => {
      const userId = c.get('session').userId
      await enforceRateLimits(deps, 'blacklist check', [
        { key: `account:${userId}`, rule: deps.config.rateLimits.blacklistCheck.perAccount },
      ])
      const { target } = c.req.valid('json')
      const checkedAt = deps.clock.now()
      const result = await checkBlacklist(target, {
        policy: { allowPrivate: deps.config.allowPrivateTargets },
        network: deps.config.network,
        signal: AbortSignal.timeout(30_000),
      }).catch((error) => {
        // The target has no address to look up, or no zone could be asked: the user can act on the message.
        if (error instanceof BlacklistLookupError) throw new Failure('unprocessable', error.message)
        throw error
      })
      const answer: BlacklistCheck = { result: { target, ...result, checked_at: new Date(checkedAt).toISOString() } }
      return c.json({ data: answer })
    })
