import { Hono } from 'hono'
import type { SecurityEventList } from '@vigil/domain/security-events'
import {
  RecoveryCodesInput,
  type RecoveryCodesIssued,
  TwoFactorDisableInput,
  TwoFactorEnableInput,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@vigil/domain/two-factor'
import { enforceRateLimits } from '../services/rate-limits.service.ts'
import { securityEvents } from '../services/security-log.ts'
import { twoFactorService } from '../services/two-factor.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { requestClient } from './rate-limit.ts'
import { noFormBody } from './request-guards.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

// /api/security: two-factor sign-in (set up, turn on, turn off) and the log of security events, for
// Settings → Security. Turning it on or off takes the password, counted like every other password check.
export const securityRoutes = (deps: Deps) => {
  const twoFactor = twoFactorService(deps)
  const log = securityEvents(deps)
  const passwordTries = (userId: string) =>
    enforceRateLimits(deps, 'password check', [
      { key: `account:${userId}`, rule: deps.config.rateLimits.passwordChange.perAccount },
    ])
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/two_factor', async (c) =>
      c.json({ data: (await twoFactor.status(c.get('session').userId)) satisfies TwoFactorStatus }),
    )
    .post('/two_factor/setup', noFormBody, async (c) =>
      c.json({ data: (await twoFactor.setup(c.get('session').userId)) satisfies TwoFactorSetup }),
    )
    .post('/two_factor', validate('json', TwoFactorEnableInput), async (c) => {
      const userId = c.get('session').userId
      await passwordTries(userId)
      const { code, password } = c.req.valid('json')
      const codes = await twoFactor.enable(userId, code, password, requestClient(c, deps.config.trustProxy))
      return c.json({
        data: { recovery_codes: codes, status: await twoFactor.status(userId) } satisfies RecoveryCodesIssued,
      })
    })
    .delete('/two_factor', validate('json', TwoFactorDisableInput), async (c) => {
      const userId = c.get('session').userId
      await passwordTries(userId)
      const { code, password } = c.req.valid('json')
      await twoFactor.disable(userId, code, password, requestClient(c, deps.config.trustProxy))
      return c.json({ data: (await twoFactor.status(userId)) satisfies TwoFactorStatus })
    })
    .post('/two_factor/recovery_codes', validate('json', RecoveryCodesInput), async (c) => {
      const userId = c.get('session').userId
      await passwordTries(userId)
      const { code, password } = c.req.valid('json')
      const codes = await twoFactor.renewRecoveryCodes(userId, code, password, requestClient(c, deps.config.trustProxy))
      return c.json({
        data: { recovery_codes: codes, status: await twoFactor.status(userId) } satisfies RecoveryCodesIssued,
      })
    })
    .get('/events', async (c) =>
      c.json({ data: { events: await log.latest(c.get('session').userId) } satisfies SecurityEventList }),
    )
}
