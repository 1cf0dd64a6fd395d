import { Hono } from 'hono'
import {
  type OneTicket,
  ReplyInput,
  type TicketAnswer,
  TicketIdParam,
  TicketInput,
  type TicketList,
  TicketListQuery,
} from '@vigil/domain/support'
import { enforceRateLimits } from '../services/rate-limits.service.ts'
import { supportService } from '../services/support.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { noFormBody } from './request-guards.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

// /api/support: the signed-in user's support requests and their threads, for /support. An operator (an account whose
// email is in ADMIN_EMAILS) sees every user's and answers them here too. Each new request and each answer is mailed,
// so both are counted per account.
export const supportRoutes = (deps: Deps) => {
  const support = supportService(deps)
  const { supportTicket, supportMessage } = deps.config.rateLimits
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/tickets', validate('query', TicketListQuery), async (c) =>
      c.json({ data: (await support.list(c.get('session').userId, c.req.valid('query').status)) satisfies TicketList }),
    )
    .post('/tickets', validate('json', TicketInput), async (c) => {
      const userId = c.get('session').userId
      await enforceRateLimits(deps, 'support request', [{ key: `account:${userId}`, rule: supportTicket.perAccount }])
      return c.json({ data: { ticket: await support.create(userId, c.req.valid('json')) } satisfies OneTicket }, 201)
    })
    .get('/tickets/:id', validate('param', TicketIdParam), async (c) =>
      c.json({ data: (await support.view(c.get('session').userId, c.req.valid('param').id)) satisfies TicketAnswer }),
    )
    .post('/tickets/:id/messages', validate('param', TicketIdParam), validate('json', ReplyInput), async (c) => {
      const userId = c.get('session').userId
      await enforceRateLimits(deps, 'support answer', [{ key: `account:${userId}`, rule: supportMessage.perAccount }])
      const ticket = await support.reply(userId, c.req.valid('param').id, c.req.valid('json').message)
      return c.json({ data: { ticket } satisfies OneTicket }, 201)
    })
    .post('/tickets/:id/close', noFormBody, validate('param', TicketIdParam), async (c) =>
      c.json({
        data: { ticket: await support.close(c.get('session').userId, c.req.valid('param').id) } satisfies OneTicket,
      }),
    )
}
