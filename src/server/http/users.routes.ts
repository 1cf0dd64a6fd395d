import { Hono } from 'hono'
import * as v from 'valibot'
import type { Message } from '@vigil/domain/api-message'
import { PasswordChangeInput } from '@vigil/domain/auth.schema'
import { notFound } from '../errors.ts'
import { accountsService } from '../services/accounts.service.ts'
import { enforceRateLimits } from '../services/rate-limits.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { requestClient } from './rate-limit.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

const UserIdParam = v.object({ userId: v.pipe(v.string(), v.maxLength(64, 'userId is too long.')) })

export const userRoutes = (deps: Deps) => {
  const accounts = accountsService(deps)
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .put(
      '/user_password_change/:userId',
      validate('param', UserIdParam),
      validate('json', PasswordChangeInput),
      async (c) => {
        const session = c.get('session')
        // Another user's id is answered as if it did not exist.
        if (c.req.valid('param').userId !== session.userId) throw notFound('User')
        await enforceRateLimits(deps, 'password change', [
          { key: `account:${session.userId}`, rule: deps.config.rateLimits.passwordChange.perAccount },
        ])
        const { current_password, new_password } = c.req.valid('json')
        await accounts.changePassword(
          session.userId,
          session.tokenHash,
          current_password,
          new_password,
          requestClient(c, deps.config.trustProxy),
        )
        return c.json({ data: { message: 'Password updated successfully' } satisfies Message })
      },
    )
}
