import { Hono } from 'hono'
import { deleteCookie } from 'hono/cookie'
import { type SessionEnded, SessionIdParam, type SessionList, type SessionsEnded } from '@vigil/domain/sessions'
import { sessionsService } from '../services/sessions.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { requestClient } from './rate-limit.ts'
import { noFormBody } from './request-guards.ts'
import { requireSession, TOKEN_COOKIE } from './session.middleware.ts'
import { validate } from './validate.ts'

// /api/sessions: the signed-in user's sessions, for Settings → Security.
export const sessionRoutes = (deps: Deps) => {
  const sessions = sessionsService(deps)
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) => {
      const { userId, tokenHash } = c.get('session')
      return c.json({ data: { sessions: await sessions.list(userId, tokenHash) } satisfies SessionList })
    })
    .delete('/others', noFormBody, async (c) => {
      const { userId, tokenHash } = c.get('session')
      return c.json({
        data: {
          ended: await sessions.endOthers(userId, tokenHash, requestClient(c, deps.config.trustProxy)),
        } satisfies SessionsEnded,
      })
    })
    .delete('/:id', noFormBody, validate('param', SessionIdParam), async (c) => {
      const { userId, tokenHash } = c.get('session')
      const ended = await sessions.end(userId, c.req.valid('param').id, requestClient(c, deps.config.trustProxy))
      // Ending this very session is signing out here.
      if (ended.tokenHash === tokenHash) deleteCookie(c, TOKEN_COOKIE, { path: '/' })
      return c.json({ data: { ended: 1, current: ended.tokenHash === tokenHash } satisfies SessionEnded })
    })
}
