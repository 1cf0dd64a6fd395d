import { FIRST_MONITOR_PATH, hasSignupFlag, UPGRADE_PATH } from '@vigil/domain/plan-dialog'
import type { Subscription } from '@vigil/domain/subscription'
import { assign, setup } from 'xstate'

// Shown when the URL has is_signup and a subscription exists; once per signup redirect;
// closing removes is_signup from the URL. Its way on: Upgrade (Basic) or "Add your first monitor".
export const planDialogMachine = setup({
  types: {} as {
    context: { search: string; subscription: Subscription | null }
    input: { search: string }
    events:
      | { type: 'plan.subscriptionLoaded'; subscription: Subscription }
      | { type: 'plan.close' }
      | { type: 'plan.upgrade' }
      | { type: 'plan.addMonitor' }
  },
  actions: {
    removeSignupFlag: () => {},
    navigate: (_, _params: { path: string }) => {},
  },
  guards: {
    isSignupRedirect: ({ context }) => hasSignupFlag(context.search),
  },
}).createMachine({
  id: 'planDialog',
  context: ({ input }) => ({ search: input.search, subscription: null }),
  initial: 'waiting',
  states: {
    // Until the subscription arrives there is nothing to show.
    waiting: {
      on: {
        'plan.subscriptionLoaded': [
          {
            guard: 'isSignupRedirect',
            target: 'open',
            actions: assign({ subscription: ({ event }) => event.subscription }),
          },
          { target: 'done' },
        ],
      },
    },
    open: {
      on: {
        'plan.close': { target: 'done', actions: 'removeSignupFlag' },
        'plan.upgrade': {
          target: 'done',
          actions: ['removeSignupFlag', { type: 'navigate', params: { path: UPGRADE_PATH } }],
        },
        'plan.addMonitor': {
          target: 'done',
          actions: ['removeSignupFlag', { type: 'navigate', params: { path: FIRST_MONITOR_PATH } }],
        },
      },
    },
    done: { type: 'final' },
  },
})
