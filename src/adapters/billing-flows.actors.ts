import { fromPromise } from 'xstate'
import { type ActionOutcome, type BillingAction, billingMachine } from '../machines/billing.machine.ts'
import { loadMachine } from '../machines/load.machine.ts'
import type { BillingApi } from './billing-api.ts'
import type { Effects } from './flows.actors.ts'

/** Each action of the upgrade and Billing pages as its API call. */
const run = async (api: BillingApi, action: BillingAction): Promise<ActionOutcome> => {
  switch (action.kind) {
    case 'trial':
      await api.changePlan({ plan: 'Pro', is_free_trial: true })
      return { overview: await api.overview() }
    case 'choose':
      await api.changePlan({ plan: 'Pro', billing_frequency: action.frequency })
      return { overview: await api.overview() }
    case 'checkout':
      return { leaveTo: await api.checkout(action.frequency) }
    case 'portal':
      return { leaveTo: await api.portal() }
    case 'frequency':
      return { overview: await api.switchFrequency(action.frequency) }
    case 'cancel':
      return { overview: await api.setCancelAtPeriodEnd(action.value) }
    case 'downgrade':
      return { overview: await api.downgrade() }
  }
}

export interface BillingHooks {
  /** The plan changed here or by Stripe: the shell's subscription is read again. */
  refreshPlan(): void
  /** To a Stripe page, out of the app. */
  leave(url: string): void
  /** Where a free plan change (the trial, or any with billing off) goes next. */
  afterPlanChange: string
}

const TOLD: Partial<Record<BillingAction['kind'], string>> = {
  trial: 'Your Pro free trial has started',
  frequency: 'Your billing frequency has changed',
  downgrade: 'You are now on Basic',
}

export const billingLogic = (api: BillingApi, fx: Effects, hooks: BillingHooks) =>
  billingMachine.provide({
    actors: {
      fetchOverview: fromPromise(() => api.overview()),
      act: fromPromise(({ input }) => run(api, input)),
    },
    actions: {
      changed: (_, { action, overview }) => {
        if (action.kind === 'cancel')
          fx.toast({
            title: action.value ? 'Pro will end with the period you paid for' : 'Pro renews as before',
            type: 'success',
          })
        const told = action.kind === 'choose' ? `You are now on Pro ${action.frequency}` : TOLD[action.kind]
        if (told) fx.toast({ title: told, type: 'success' })
        hooks.refreshPlan()
        if ((action.kind === 'trial' || action.kind === 'choose') && overview.subscription.title === 'Pro')
          fx.navigate(hooks.afterPlanChange)
      },
      confirmed: () => {
        fx.toast({ title: 'Pro Plan Activated', type: 'success' })
        hooks.refreshPlan()
      },
      leave: (_, { url }) => hooks.leave(url),
    },
  })

/** The plans to compare and the billing mode, read once for the upgrade page. */
export const plansLogic = (api: BillingApi) =>
  loadMachine<Awaited<ReturnType<BillingApi['plans']>>>().provide({ actors: { fetch: fromPromise(() => api.plans()) } })
