import { failureMessage } from '@vigil/domain/api-failure'
import type { Subscription } from '@vigil/domain/subscription'
import { assign, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

export const SUBSCRIPTION_FETCH_FAILED = 'Failed to fetch subscription'

// Data, loading, error; it can be cleared. The error holds the server's message or the fallback.
export const subscriptionMachine = setup({
  types: {} as {
    context: { subscription: Subscription | null; error: string | null }
    events: { type: 'subscription.fetch' } | { type: 'subscription.clear' }
  },
  actors: {
    fetchSubscription: toProvide<Subscription>('fetchSubscription'),
  },
}).createMachine({
  id: 'subscription',
  context: { subscription: null, error: null },
  initial: 'loading',
  on: {
    'subscription.clear': { target: '.cleared', actions: assign({ subscription: null, error: null }) },
  },
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchSubscription',
        src: 'fetchSubscription',
        onDone: { target: 'loaded', actions: assign({ subscription: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(event.error, SUBSCRIPTION_FETCH_FAILED) }),
        },
      },
    },
    loaded: { on: { 'subscription.fetch': 'loading' } },
    failed: { on: { 'subscription.fetch': 'loading' } },
    cleared: { on: { 'subscription.fetch': 'loading' } },
  },
})
