import { assign, fromPromise, raise, setup, spawnChild } from 'xstate'
import { failureMessage, isApiFailure } from '../domain/api-failure.ts'
import type { Delivery, Integration } from '../domain/integration.schema.ts'

export const INTEGRATIONS_LOAD_FAILED = 'Could not load your integrations. Check your connection and try again.'
export const INTEGRATION_ACTION_FAILED = 'Something went wrong. Please try again.'
export const TEST_FAILED = 'The test message could not be sent. Please try again.'
export const INTEGRATION_REMOVED = 'Integration removed'

/** The user's channels as the page holds them, and whether "Add to Slack" is set up. */
export interface IntegrationList {
  integrations: Integration[]
  slack_install_available: boolean
}

/** The last "Send test message" of a channel: the delivery (delivered or failed), or why none was made. */
export type TestOutcome = { delivery: Delivery; error: null } | { delivery: null; error: string }

type Notice = { title: string; type: 'success' | 'error' }

/** The answer was 401: the visitor is not signed in (the page is outside the session guard). */
export const isSignedOutError = (error: unknown) => isApiFailure(error) && error.status === 401

interface Context {
  list: IntegrationList | null
  /** Why the last load or refresh failed. */
  error: string | null
  /** What runs on each channel now, by id: a toggle or a test (each channel has one at a time). */
  busy: Record<string, 'toggling' | 'testing'>
  tests: Record<string, TestOutcome>
  /** The channel the confirmation dialog asks about, and then removes. */
  removing: Integration | null
}

// Spawned per channel, so a slow test of one channel does not hold up the others. Their ids say what runs on
// which channel: `toggle.<id>` and `test.<id>`.
const TOGGLE = 'toggle.'
const TEST = 'test.'
type ChildDone<T> = { type: `xstate.done.actor.${string}`; output: T; actorId: string }
type ChildError = { type: `xstate.error.actor.${string}`; error: unknown; actorId: string }
const idAfter = (prefix: string, actorId: string) => actorId.slice(prefix.length)

const without = <T>(record: Record<string, T>, id: string): Record<string, T> => {
  const { [id]: _, ...rest } = record
  return rest
}
const replaced = (list: IntegrationList | null, integration: Integration): IntegrationList | null =>
  list && {
    ...list,
    integrations: list.integrations.some((i) => i.id === integration.id)
      ? list.integrations.map((i) => (i.id === integration.id ? integration : i))
      : [...list.integrations, integration],
  }

export type IntegrationsEvent =
  | { type: 'integrations.refresh' }
  | { type: 'integration.toggle'; integration: Integration; enabled: boolean }
  | { type: 'integration.test'; integration: Integration }
  | { type: 'integration.delete'; integration: Integration }
  | { type: 'integration.confirm' }
  | { type: 'integration.cancel' }
  /** The form saved a channel (new or changed). */
  | { type: 'integration.saved'; integration: Integration }
  | ChildDone<Integration | Delivery>
  | ChildError

// The integrations page: load the channels (or learn the visitor is not signed in), then switch each on or
// off, send it a test message, remove it after the spec's confirmation dialog, and take in what the form saved.
export const integrationsMachine = setup({
  types: {} as { context: Context; events: IntegrationsEvent },
  actors: {
    fetchIntegrations: fromPromise<IntegrationList>(async () => {
      throw new Error('fetchIntegrations: not provided')
    }),
    setEnabled: fromPromise<Integration, { id: string; enabled: boolean }>(async () => {
      throw new Error('setEnabled: not provided')
    }),
    testIntegration: fromPromise<Delivery, { id: string }>(async () => {
      throw new Error('testIntegration: not provided')
    }),
    deleteIntegration: fromPromise<unknown, { id: string }>(async () => {
      throw new Error('deleteIntegration: not provided')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {},
  },
  guards: {
    isSignedOut: (_, params: { error: unknown }) => isSignedOutError(params.error),
    isIdle: ({ context, event }) =>
      'integration' in event && event.integration !== undefined && !(event.integration.id in context.busy),
  },
}).createMachine({
  id: 'integrations',
  context: { list: null, error: null, busy: {}, tests: {}, removing: null },
  initial: 'loading',
  // A toggle or test may end after the page left `ready` (a refresh found the session over): its answer is
  // still taken in, and a failure never stops the page's flow.
  on: {
    'xstate.done.actor.toggle.*': {
      actions: assign(({ context, event }) => {
        const { actorId, output } = event as ChildDone<Integration>
        return { list: replaced(context.list, output), busy: without(context.busy, idAfter(TOGGLE, actorId)) }
      }),
    },
    'xstate.error.actor.toggle.*': {
      actions: [
        assign({ busy: ({ context, event }) => without(context.busy, idAfter(TOGGLE, (event as ChildError).actorId)) }),
        {
          type: 'notify',
          params: ({ event }) => ({
            title: failureMessage((event as ChildError).error, INTEGRATION_ACTION_FAILED),
            type: 'error',
          }),
        },
      ],
    },
    'xstate.done.actor.test.*': {
      actions: [
        assign(({ context, event }) => {
          const { actorId, output } = event as ChildDone<Delivery>
          const id = idAfter(TEST, actorId)
          return {
            busy: without(context.busy, id),
            tests: { ...context.tests, [id]: { delivery: output, error: null } },
          }
        }),
        // The channel's last delivery changed: read it as the server keeps it.
        raise({ type: 'integrations.refresh' }),
      ],
    },
    'xstate.error.actor.test.*': {
      actions: assign(({ context, event }) => {
        const { actorId, error } = event as ChildError
        const id = idAfter(TEST, actorId)
        return {
          busy: without(context.busy, id),
          tests: { ...context.tests, [id]: { delivery: null, error: failureMessage(error, TEST_FAILED) } },
        }
      }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchIntegrations',
        src: 'fetchIntegrations',
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => failureMessage(event.error, INTEGRATIONS_LOAD_FAILED) }),
          },
        ],
      },
    },
    failed: { on: { 'integrations.refresh': 'loading' } },
    // The API answered 401: the page asks the visitor to sign in.
    signedOut: { on: { 'integrations.refresh': 'loading' } },
    ready: {
      type: 'parallel',
      on: {
        'integration.toggle': {
          guard: 'isIdle',
          actions: [
            assign({ busy: ({ context, event }) => ({ ...context.busy, [event.integration.id]: 'toggling' }) }),
            spawnChild('setEnabled', {
              id: ({ event }) => `${TOGGLE}${(event as { integration: Integration }).integration.id}`,
              input: ({ event }) => {
                const e = event as { integration: Integration; enabled: boolean }
                return { id: e.integration.id, enabled: e.enabled }
              },
            }),
          ],
        },
        'integration.test': {
          guard: 'isIdle',
          actions: [
            assign({
              busy: ({ context, event }) => ({ ...context.busy, [event.integration.id]: 'testing' }),
              tests: ({ context, event }) => without(context.tests, event.integration.id),
            }),
            spawnChild('testIntegration', {
              id: ({ event }) => `${TEST}${(event as { integration: Integration }).integration.id}`,
              input: ({ event }) => ({ id: (event as { integration: Integration }).integration.id }),
            }),
          ],
        },
        'integration.saved': {
          actions: assign({ list: ({ context, event }) => replaced(context.list, event.integration) }),
        },
      },
      states: {
        list: {
          initial: 'idle',
          states: {
            idle: { on: { 'integrations.refresh': 'refreshing' } },
            // Read again in the background: the channels stay on the page meanwhile.
            refreshing: {
              on: { 'integrations.refresh': { target: 'refreshing', reenter: true } },
              invoke: {
                id: 'refreshIntegrations',
                src: 'fetchIntegrations',
                onDone: { target: 'idle', actions: assign({ list: ({ event }) => event.output, error: null }) },
                onError: [
                  {
                    guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) },
                    target: '#integrations.signedOut',
                  },
                  {
                    target: 'idle',
                    actions: assign({ error: ({ event }) => failureMessage(event.error, INTEGRATIONS_LOAD_FAILED) }),
                  },
                ],
              },
            },
          },
        },
        removal: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'integration.delete': {
                  guard: 'isIdle',
                  target: 'confirming',
                  actions: assign({ removing: ({ event }) => event.integration }),
                },
              },
            },
            // The confirmation dialog is open.
            confirming: {
              on: {
                'integration.confirm': 'removing',
                'integration.cancel': { target: 'idle', actions: assign({ removing: null }) },
              },
            },
            removing: {
              invoke: {
                id: 'deleteIntegration',
                src: 'deleteIntegration',
                input: ({ context }) => ({ id: context.removing?.id ?? '' }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context }) => {
                      const id = context.removing?.id ?? ''
                      return {
                        list: context.list && {
                          ...context.list,
                          integrations: context.list.integrations.filter((i) => i.id !== id),
                        },
                        tests: without(context.tests, id),
                        removing: null,
                      }
                    }),
                    { type: 'notify', params: { title: INTEGRATION_REMOVED, type: 'success' } },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    assign({ removing: null }),
                    {
                      type: 'notify',
                      params: ({ event }) => ({
                        title: failureMessage(event.error, INTEGRATION_ACTION_FAILED),
                        type: 'error',
                      }),
                    },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
})
