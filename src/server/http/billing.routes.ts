import { Hono } from 'hono'
import {
  CancelInput,
  CheckoutInput,
  type CheckoutLink,
  IntervalInput,
  type OneBillingOverview,
  type PortalLink,
} from '@vigil/domain/billing'
import {
  billingOverview,
  downgradeToBasic,
  openPortal,
  receiveWebhook,
  setCancelAtPeriodEnd,
  startCheckout,
  switchFrequency,
} from '../services/billing.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { noFormBody } from './request-guards.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

// /api/billing: the Billing page's overview and actions for the signed-in user, and Stripe's webhook, which
// comes with no session and is trusted only by its signature (so it is registered before the session guard).
export const billingRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .post('/webhook', async (c) => {
      const rawBody = Buffer.from(await c.req.arrayBuffer())
      const outcome = await receiveWebhook(deps, rawBody, c.req.header('stripe-signature'))
      return c.json({ received: true, outcome })
    })
    .use(requireSession(deps))
    .get('/', async (c) =>
      c.json({ data: { billing: await billingOverview(deps, c.get('session').userId) } satisfies OneBillingOverview }),
    )
    .post('/checkout', validate('json', CheckoutInput), async (c) => {
      const session = await startCheckout(deps, c.get('session').userId, c.req.valid('json').billing_frequency)
      return c.json({ data: { checkout_url: session.url } satisfies CheckoutLink })
    })
    .post('/portal', noFormBody, async (c) => {
      const { url } = await openPortal(deps, c.get('session').userId)
      return c.json({ data: { portal_url: url } satisfies PortalLink })
    })
    .post('/frequency', validate('json', IntervalInput), async (c) =>
      c.json({
        data: {
          billing: await switchFrequency(deps, c.get('session').userId, c.req.valid('json').billing_frequency),
        } satisfies OneBillingOverview,
      }),
    )
    .post('/cancel', validate('json', CancelInput), async (c) =>
      c.json({
        data: {
          billing: await setCancelAtPeriodEnd(deps, c.get('session').userId, c.req.valid('json').cancel_at_period_end),
        } satisfies OneBillingOverview,
      }),
    )
    .post('/downgrade', noFormBody, async (c) => {
      const userId = c.get('session').userId
      await downgradeToBasic(deps, userId)
      return c.json({ data: { billing: await billingOverview(deps, userId) } satisfies OneBillingOverview })
    })
