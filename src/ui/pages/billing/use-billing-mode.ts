import { useActorRef, useSelector } from '../../app/actor-hooks.ts'
import { billingApi } from '../../../adapters/billing-api.ts'
import { plansLogic } from '../../../adapters/billing-flows.actors.ts'

const logic = plansLogic(billingApi)

/** How Pro is paid for on this server (null until known): public, for the sign-up page. */
export function useBillingMode() {
  const plans = useActorRef(logic)
  return useSelector(plans, (s) => s.context.data?.billing ?? null)
}
