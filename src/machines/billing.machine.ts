import { failureMessage } from '@vigil/domain/api-failure'
import type { BillingOverview } from '@vigil/domain/billing'
import type { BillingFrequency } from '@vigil/domain/plan'
import { assign, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

export const BILLING_LOAD_FAILED = 'Could not load your billing. Check your connection and try again.'
export const BILLING_ACTION_FAILED = 'That did not go through. Please try again.'
export const PAYMENT_NOT_CONFIRMED =
  'Stripe has not confirmed your payment yet. If your card was charged, Pro starts as soon as Stripe tells us, and you get a notification; check again in a minute.'
/** How often, and how long, the page asks whether Stripe has confirmed a payment. */
export const CONFIRM_EVERY_MS = 1500
export const CONFIRM_PATIENCE_MS = 90_000

/** What the user can do on the upgrade and Billing pages. */
export type BillingAction =
  | { kind: 'trial' }
  /** A plan change without payment (billing off). */
  | { kind: 'choose'; frequency: BillingFrequency }
  /** Leaves for Stripe's hosted payment page. */
  | { kind: 'checkout'; frequency: BillingFrequency }
  /** Leaves for Stripe's customer portal. */
  | { kind: 'portal' }
  | { kind: 'frequency'; frequency: BillingFrequency }
  | { kind: 'cancel'; value: boolean }
  | { kind: 'downgrade' }

/** An action's outcome: the billing as it is now, or a Stripe page to go to. */
export type ActionOutcome = { overview: BillingOverview } | { leaveTo: string }

interface Context {
  overview: BillingOverview | null
  /** Why the billing could not be read. */
  error: string | null
  /** Why the last action failed, or that a payment is still unconfirmed. */
  message: string | null
  /** The action running now, for its button's busy state. */
  pending: BillingAction | null
  /** Back from Stripe Checkout: the page waits for Stripe to confirm the payment. */
  awaitingPayment: boolean
  /** The Stripe page the browser is going to, shown as a link in case it does not. */
  leavingTo: string | null
}

/** Pro paid through Stripe: what a return from checkout waits for. */
export const isPaidPro = (o: BillingOverview) =>
  o.paid !== null && o.subscription.title === 'Pro' && !o.subscription.is_free_trial

const keepOverview = assign<Context, { type: string; output: BillingOverview }, undefined, never, never>({
  overview: ({ event }) => event.output,
  error: null,
})

// The upgrade and Billing pages' flow: read the billing, act on it (one action at a time), and after a return
// from Stripe Checkout wait for the webhook's effect, asking again until the plan is paid Pro, or saying plainly
// that Stripe has not confirmed yet. The return URL is never taken as proof of payment.
export const billingMachine = setup({
  types: {} as {
    context: Context
    input: { awaitingPayment: boolean }
    events: { type: 'billing.act'; action: BillingAction } | { type: 'billing.retry' }
  },
  actors: {
    fetchOverview: toProvide<BillingOverview>('fetchOverview'),
    act: toProvide<ActionOutcome, BillingAction>('act'),
  },
  actions: {
    /** The plan changed: the shell reads its subscription again and the page says so. */
    changed: (_, _params: { action: BillingAction; overview: BillingOverview }) => {},
    /** Stripe confirmed the payment the user came back from. */
    confirmed: (_, _params: { overview: BillingOverview }) => {},
    leave: (_, _params: { url: string }) => {},
  },
  delays: { confirmEvery: CONFIRM_EVERY_MS, confirmPatience: CONFIRM_PATIENCE_MS },
}).createMachine({
  id: 'billing',
  context: ({ input }) => ({
    overview: null,
    error: null,
    message: null,
    pending: null,
    awaitingPayment: input.awaitingPayment,
    leavingTo: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchOverview',
        src: 'fetchOverview',
        onDone: [
          {
            guard: ({ context, event }) => context.awaitingPayment && !isPaidPro(event.output),
            target: 'confirming',
            actions: keepOverview,
          },
          { target: 'ready', actions: keepOverview },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(event.error, BILLING_LOAD_FAILED) }),
        },
      },
    },
    failed: { on: { 'billing.retry': 'loading' } },
    ready: {
      on: {
        'billing.act': { target: 'acting', actions: assign({ pending: ({ event }) => event.action, message: null }) },
        // Asked again by hand, after the wait for a payment ran out.
        'billing.retry': {
          target: 'confirming',
          guard: ({ context }) => context.awaitingPayment,
          actions: assign({ message: null }),
        },
      },
    },
    acting: {
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }) => context.pending as BillingAction,
        onDone: [
          {
            guard: ({ event }) => 'leaveTo' in event.output,
            target: 'leaving',
            actions: [
              assign({ leavingTo: ({ event }) => ('leaveTo' in event.output ? event.output.leaveTo : null) }),
              {
                type: 'leave',
                params: ({ event }) => ({ url: 'leaveTo' in event.output ? event.output.leaveTo : '' }),
              },
            ],
          },
          {
            target: 'ready',
            // Told first: it reads the action still pending.
            actions: [
              {
                type: 'changed',
                params: ({ context, event }) => ({
                  action: context.pending as BillingAction,
                  overview: (event.output as { overview: BillingOverview }).overview,
                }),
              },
              assign({
                overview: ({ context, event }) =>
                  'overview' in event.output ? event.output.overview : context.overview,
                pending: null,
              }),
            ],
          },
        ],
        onError: {
          target: 'ready',
          actions: assign({
            message: ({ event }) => failureMessage(event.error, BILLING_ACTION_FAILED),
            pending: null,
          }),
        },
      },
    },
    // On the way to Stripe's page: the buttons stay busy until the browser leaves.
    leaving: {},
    confirming: {
      initial: 'waiting',
      after: {
        confirmPatience: { target: 'ready', actions: assign({ message: PAYMENT_NOT_CONFIRMED }) },
      },
      states: {
        waiting: { after: { confirmEvery: 'checking' } },
        checking: {
          invoke: {
            id: 'checkOverview',
            src: 'fetchOverview',
            onDone: [
              {
                guard: ({ event }) => isPaidPro(event.output),
                target: '#billing.ready',
                actions: [
                  keepOverview,
                  assign({ awaitingPayment: false, message: null }),
                  { type: 'confirmed', params: ({ event }) => ({ overview: event.output }) },
                ],
              },
              { target: 'waiting', actions: keepOverview },
            ],
            // A hiccup while waiting is not the payment failing: ask again.
            onError: 'waiting',
          },
        },
      },
    },
  },
})
