import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { useMemo } from 'react'
import { billingApi } from '../../../adapters/billing-api.ts'
import { billingLogic } from '../../../adapters/billing-flows.actors.ts'
import type { BillingAction } from '../../../machines/billing.machine.ts'
import { useEffects } from '../../app/effects.ts'
import { useShell } from '../../layout/shell-context.tsx'

/** The billing flow of a page: the overview, what is running, and `act` to change the plan. */
export function useBilling({
  awaitingPayment = false,
  afterPlanChange = '/subscriptions',
}: {
  awaitingPayment?: boolean
  afterPlanChange?: string
} = {}) {
  const fx = useEffects()
  const { subscription } = useShell()
  const logic = useMemo(
    () =>
      billingLogic(billingApi, fx, {
        refreshPlan: () => subscription.send({ type: 'subscription.fetch' }),
        leave: (url) => window.location.assign(url),
        afterPlanChange,
      }),
    [fx, subscription, afterPlanChange],
  )
  const billing = useActorRef(logic, { input: { awaitingPayment } })
  return {
    overview: useSelector(billing, (s) => s.context.overview),
    error: useSelector(billing, (s) => s.context.error),
    message: useSelector(billing, (s) => s.context.message),
    pending: useSelector(billing, (s) => s.context.pending),
    leavingTo: useSelector(billing, (s) => s.context.leavingTo),
    loading: useSelector(billing, (s) => s.matches('loading')),
    failed: useSelector(billing, (s) => s.matches('failed')),
    /** Back from Stripe Checkout, asking until Stripe has confirmed the payment. */
    confirming: useSelector(billing, (s) => s.matches('confirming')),
    /** An action is running, or the browser is on its way to Stripe: the buttons wait. */
    busy: useSelector(billing, (s) => s.matches('acting') || s.matches('leaving') || s.matches('confirming')),
    awaitingPayment: useSelector(billing, (s) => s.context.awaitingPayment),
    act: (action: BillingAction) => billing.send({ type: 'billing.act', action }),
    retry: () => billing.send({ type: 'billing.retry' }),
  }
}
export type BillingFlow = ReturnType<typeof useBilling>
