import { Hono } from 'hono'
import { deleteCookie } from 'hono/cookie'
import type { Message } from '@vigil/domain/api-message'
import type { OneUser } from '@vigil/domain/auth.schema'
import {
  type AccountDeleted,
  DeleteAccountInput,
  EmailChangeInput,
  type EmailChangeRequested,
  EmailConfirmInput,
  PICTURE_MAX_BYTES,
  PICTURE_TOO_LARGE,
  ProfilePatch,
  type ProfileView,
} from '@vigil/domain/profile'
import { Failure } from '../errors.ts'
import { emailConfirmationService } from '../services/email-confirmation.service.ts'
import { profileService } from '../services/profile.service.ts'
import { enforceRateLimits } from '../services/rate-limits.service.ts'
import { limitBody } from './body-limit.ts'
import type { AppEnv, Deps } from './env.ts'
import { requestClient } from './rate-limit.ts'
import { noFormBody } from './request-guards.ts'
import { requireSession, TOKEN_COOKIE } from './session.middleware.ts'
import { validate } from './validate.ts'

/** The one route whose body may pass the API's 64 KB limit, up to the picture's own. */
export const PICTURE_PATH = '/api/profile/picture'

// /api/profile: the signed-in user's name, picture, email address and account. The links that confirm an address
// (at sign-up, or a new one) come from a mail and may be opened where nobody is signed in: the token is its proof.
export const profileRoutes = (deps: Deps) => {
  const profile = profileService(deps)
  const confirmation = emailConfirmationService(deps)
  const passwordTries = (userId: string) =>
    enforceRateLimits(deps, 'password check', [
      { key: `account:${userId}`, rule: deps.config.rateLimits.passwordChange.perAccount },
    ])
  return (
    new Hono<AppEnv>()
      .post('/email/confirm', validate('json', EmailConfirmInput), async (c) =>
        c.json({
          data: {
            user: await profile.confirmEmail(c.req.valid('json').token, requestClient(c, deps.config.trustProxy)),
          } satisfies OneUser,
        }),
      )
      .use(requireSession(deps))
      .get('/', async (c) => c.json({ data: (await profile.view(c.get('session').userId)) satisfies ProfileView }))
      .patch('/', validate('json', ProfilePatch), async (c) =>
        c.json({
          data: { user: await profile.rename(c.get('session').userId, c.req.valid('json').name) } satisfies OneUser,
        }),
      )
      .get('/picture', async (c) => {
        const picture = await profile.picture(c.get('session').userId)
        // The address changes with the picture, so it may be kept; only by this browser.
        return c.body(new Uint8Array(picture.bytes), 200, {
          'Content-Type': picture.content_type,
          'Cache-Control': 'private, max-age=31536000, immutable',
        })
      })
      .put('/picture', limitBody(PICTURE_MAX_BYTES, PICTURE_TOO_LARGE), async (c) => {
        const type = c.req.header('content-type') ?? ''
        if (!/^(image\/[a-z0-9.+-]+|application\/octet-stream)\b/i.test(type))
          throw new Failure(
            'unsupported_media',
            "Send the picture's bytes as the body, with Content-Type image/png, image/jpeg or image/webp.",
          )
        const bytes = Buffer.from(await c.req.arrayBuffer())
        return c.json({ data: { user: await profile.setPicture(c.get('session').userId, bytes) } satisfies OneUser })
      })
      .delete('/picture', noFormBody, async (c) =>
        c.json({ data: { user: await profile.removePicture(c.get('session').userId) } satisfies OneUser }),
      )
      .post('/email', validate('json', EmailChangeInput), async (c) => {
        const userId = c.get('session').userId
        await passwordTries(userId)
        const { email, password } = c.req.valid('json')
        const { pending_email } = await profile.requestEmailChange(userId, email, password)
        return c.json({
          data: {
            pending_email,
            message: `We sent a link to ${pending_email}. Your email address changes when you open it.`,
          } satisfies EmailChangeRequested,
        })
      })
      // "Send again" of the link that confirms the account's address.
      .post('/email/confirmation', noFormBody, async (c) => {
        const userId = c.get('session').userId
        await enforceRateLimits(deps, 'confirmation mail', [
          { key: `account:${userId}`, rule: deps.config.rateLimits.emailConfirmation.perAccount },
        ])
        return c.json({ data: (await confirmation.resend(userId)) satisfies Message })
      })
      .delete('/', validate('json', DeleteAccountInput), async (c) => {
        const userId = c.get('session').userId
        await passwordTries(userId)
        const removed = await profile.deleteAccount(userId, c.req.valid('json').password)
        deleteCookie(c, TOKEN_COOKIE, { path: '/' })
        return c.json({ data: { removed } satisfies AccountDeleted })
      })
  )
}
