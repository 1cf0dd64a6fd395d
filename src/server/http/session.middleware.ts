import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { hashToken } from '../auth/tokens.ts'
import { Failure } from '../errors.ts'
import { sessionsService } from '../services/sessions.service.ts'
import type { AppEnv, Deps } from './env.ts'

export const TOKEN_COOKIE = 'token'

/** The session token from the `token` cookie or an `Authorization: Bearer` header. */
export const readToken = (c: Context): string | undefined => {
  const auth = c.req.header('authorization')
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || undefined
  return getCookie(c, TOKEN_COOKIE) || undefined
}

export const requireSession = (deps: Deps) => {
  const sessions = sessionsService(deps)
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = readToken(c)
    if (!token || token.length > 200) throw new Failure('unauthenticated', 'Please sign in to continue.')
    const tokenHash = hashToken(token)
    const userId = await sessions.resume(tokenHash)
    if (userId === undefined) throw new Failure('unauthenticated', 'Your session has ended. Please sign in again.')
    c.set('session', { userId, tokenHash })
    await next()
  })
}
