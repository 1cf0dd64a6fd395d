import { type Context, Hono } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import { ForgotPasswordInput, LoginInput, RegisterInput, ResetPasswordInput } from '../../domain/auth.schema.ts'
import { hashToken } from '../auth/tokens.ts'
import { toUser } from '../db/repos/users.repo.ts'
import { Failure } from '../errors.ts'
import { accountsService, type SignedIn } from '../services/accounts.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { clientIp, enforceRateLimits } from './rate-limit.ts'
import { noFormBody } from './request-guards.ts'
import { readToken, requireSession, TOKEN_COOKIE } from './session.middleware.ts'
import { validate } from './validate.ts'

const isHttps = (c: Context) =>
  new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https'

export const authRoutes = (deps: Deps) => {
  const accounts = accountsService(deps)
  const { config, repos, clock } = deps
  const limits = config.rateLimits

  const signedIn = (c: Context, result: SignedIn, status: 200 | 201) => {
    setCookie(c, TOKEN_COOKIE, result.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c),
      expires: new Date(result.expiresAt),
    })
    return c.json({ data: { token: result.token, user: result.user } }, status)
  }

  const clientOf = (c: Context) => ({
    ip: clientIp(c, config.trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
  })

  return (
    new Hono<AppEnv>()
      .post('/register', validate('json', RegisterInput), async (c) => {
        const input = c.req.valid('json')
        await enforceRateLimits(deps, 'sign-up', [
          { key: `ip:${clientIp(c, config.trustProxy)}`, rule: limits.register.perIp },
          { key: `account:${input.email}`, rule: limits.register.perAccount },
        ])
        return signedIn(c, await accounts.register(input, clientOf(c)), 201)
      })

      .post('/login', validate('json', LoginInput), async (c) => {
        const input = c.req.valid('json')
        await enforceRateLimits(deps, 'sign-in', [
          { key: `ip:${clientIp(c, config.trustProxy)}`, rule: limits.login.perIp },
          { key: `account:${input.email}`, rule: limits.login.perAccount },
        ])
        return signedIn(c, await accounts.login(input, clientOf(c)), 200)
      })

      // Ends the session of the token sent, if any; answers 200 either way so a client can always clear up.
      .post('/logout', noFormBody, async (c) => {
        const token = readToken(c)
        if (token) await accounts.logout(hashToken(token))
        deleteCookie(c, TOKEN_COOKIE, { path: '/' })
        return c.json({ data: { message: 'You have been logged out successfully' } })
      })

      .post('/forgot_password', validate('json', ForgotPasswordInput), async (c) => {
        const { email } = c.req.valid('json')
        await enforceRateLimits(deps, 'password reset', [
          { key: `ip:${clientIp(c, config.trustProxy)}`, rule: limits.forgotPassword.perIp },
          { key: `account:${email}`, rule: limits.forgotPassword.perAccount },
        ])
        await accounts.forgotPassword(email)
        // The same answer whether or not the account exists: the form must not reveal who is registered.
        return c.json({
          data: { message: 'If an account exists for this email, a link to reset the password is on its way.' },
        })
      })

      .post('/reset_password', validate('json', ResetPasswordInput), async (c) => {
        const { token, password } = c.req.valid('json')
        await accounts.resetPassword(token, password)
        deleteCookie(c, TOKEN_COOKIE, { path: '/' })
        return c.json({ data: { message: 'Your password has been reset. Sign in with the new password.' } })
      })

      .get('/verify', requireSession(deps), async (c) => {
        const user = await repos.users.findById(c.get('session').userId)
        if (!user) throw new Failure('unauthenticated', 'Your session has ended. Please sign in again.')
        return c.json({ data: { user: toUser(user), checked_at: new Date(clock.now()).toISOString() } })
      })
  )
}
