import { ChangePlanInput } from '@vigil/domain/auth.schema'
import type { PlanList } from '@vigil/domain/plan'
import type { OneSubscription } from '@vigil/domain/subscription'
import { Hono } from 'hono'
import { Failure } from '../errors.ts'
import { downgradeToBasic } from '../services/billing.service.ts'
import { subscriptionsService } from '../services/subscriptions.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

/** With BILLING=stripe, paid Pro starts only when Stripe has the payment. */
export const PRO_IS_PAID =
  'Pro is paid by card on this server: choose Pro Monthly or Pro Yearly on the upgrade page to pay through Stripe, or start the free trial.'

export const subscriptionRoutes = (deps: Deps) => {
  const subscriptions = subscriptionsService(deps)
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', async (c) =>
      c.json({
        data: { subscription: await subscriptions.current(c.get('session').userId) } satisfies OneSubscription,
      }),
    )
    .put('/', validate('json', ChangePlanInput), async (c) => {
      const input = c.req.valid('json')
      const userId = c.get('session').userId
      if (deps.stripe && input.plan === 'Pro' && !input.is_free_trial)
        throw new Failure('payment_required', PRO_IS_PAID, { plan: PRO_IS_PAID })
      // Basic ends a paid plan at Stripe too.
      if (input.plan === 'Basic')
        return c.json({ data: { subscription: await downgradeToBasic(deps, userId) } satisfies OneSubscription })
      const terms = {
        title: input.plan,
        billing_frequency: input.billing_frequency,
        is_free_trial: input.is_free_trial,
      }
      return c.json({ data: { subscription: await subscriptions.change(userId, terms) } satisfies OneSubscription })
    })
}

/**
 * The plans, how they are paid for here (`billing`: off or stripe) and whom a visitor may write to: public, for the
 * landing and sign-up pages.
 */
export const planRoutes = (deps: Deps) => {
  const subscriptions = subscriptionsService(deps)
  return new Hono().get('/', async (c) =>
    c.json({
      data: {
        plans: await subscriptions.plans(),
        billing: deps.stripe ? 'stripe' : 'off',
        contact_email: deps.config.contactEmail ?? null,
      } satisfies PlanList,
    }),
  )
}
