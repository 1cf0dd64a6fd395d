import { type Context, Hono } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import type { Message } from '@vigil/domain/api-message'
import {
  type AuthResult,
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  type Verified,
} from '@vigil/domain/auth.schema'
import { type LoginOutcome, TwoFactorLoginInput } from '@vigil/domain/two-factor'
import { hashToken } from '../auth/tokens.ts'
import { accountsService, type SignedIn } from '../services/accounts.service.ts'
import { enforceRateLimits } from '../services/rate-limits.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { clientIp, requestClient } from './rate-limit.ts'
import { noFormBody } from './request-guards.ts'
import { readToken, requireSession, TOKEN_COOKIE } from './session.middleware.ts'
import { validate } from './validate.ts'

const isHttps = (c: Context) =>
  new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https'

export const authRoutes = (deps: Deps) => {
  const accounts = accountsService(deps)
  const { config, clock } = deps
  const limits = config.rateLimits

  const signedIn = (c: Context, result: SignedIn, status: 200 | 201) => {
    setCookie(c, TOKEN_COOKIE, result.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c),
      expires: new Date(result.expiresAt),
    })
    return c.json({ data: { token: result.token, user: result.user } satisfies AuthResult }, status)
  }

  const clientOf = (c: Context) => requestClient(c, config.trustProxy)

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
        const outcome = await accounts.login(input, clientOf(c))
        // Two-factor sign-in on: no session yet, the page asks for the code.
        if ('two_factor_required' in outcome) return c.json({ data: outcome satisfies LoginOutcome }, 200)
        return signedIn(c, outcome, 200)
      })

      // The second step of a sign-in: the challenge from the password step and a code from the app or a
      // recovery code. Its own rate limits, so that codes and passwords are not counted against each other.
      .post('/login/two_factor', validate('json', TwoFactorLoginInput), async (c) => {
        const input = c.req.valid('json')
        await enforceRateLimits(deps, 'two-factor', [
          { key: `ip:${clientIp(c, config.trustProxy)}`, rule: limits.twoFactor.perIp },
        ])
        const limitAccount = (userId: string) =>
          enforceRateLimits(deps, 'two-factor', [{ key: `account:${userId}`, rule: limits.twoFactor.perAccount }])
        return signedIn(c, await accounts.completeTwoFactor(input, clientOf(c), limitAccount), 200)
      })

      // Ends the session of the token sent, if any; answers 200 either way so a client can always clear up.
      .post('/logout', noFormBody, async (c) => {
        const token = readToken(c)
        if (token) await accounts.logout(hashToken(token))
        deleteCookie(c, TOKEN_COOKIE, { path: '/' })
        return c.json({ data: { message: 'You have been logged out successfully' } satisfies Message })
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
          data: {
            message: 'If an account exists for this email, a link to reset the password is on its way.',
          } satisfies Message,
        })
      })

      .post('/reset_password', validate('json', ResetPasswordInput), async (c) => {
        const { token, password } = c.req.valid('json')
        await accounts.resetPassword(token, password, clientOf(c))
        deleteCookie(c, TOKEN_COOKIE, { path: '/' })
        return c.json({
          data: { message: 'Your password has been reset. Sign in with the new password.' } satisfies Message,
        })
      })

      .get('/verify', requireSession(deps), async (c) => {
        const user = await accounts.verify(c.get('session').userId)
        return c.json({ data: { user, checked_at: new Date(clock.now()).toISOString() } satisfies Verified })
      })
  )
}
