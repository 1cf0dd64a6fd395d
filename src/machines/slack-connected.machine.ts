import { failureMessage } from '@vigil/domain/api-failure'
import type { Delivery, Integration } from '@vigil/domain/integration.schema'
import { assign, setup } from 'xstate'
import {
  INTEGRATIONS_LOAD_FAILED,
  type IntegrationList,
  isSignedOutError,
  TEST_FAILED,
  type TestOutcome,
} from './integrations.machine.ts'
import { toProvide } from './to-provide.ts'

/** The page was opened without `?integration=` or `?error=`: nothing came back from Slack. */
export const SLACK_NO_ANSWER = 'Slack did not finish connecting. Try again.'

interface Context {
  integrationId: string | null
  /** Why Slack or the server refused (the `?error=` of the redirect). */
  error: string | null
  integration: Integration | null
  test: TestOutcome | null
}

// The page Slack's "Add to Slack" comes back to (through the server): on success it names the new channel,
// read from the user's integrations, and offers a test message; on a refusal it says why.
export const slackConnectedMachine = setup({
  types: {} as {
    context: Context
    input: { integrationId: string | null; error: string | null }
    events: { type: 'slack.retry' } | { type: 'slack.test' }
  },
  actors: {
    fetchIntegrations: toProvide<IntegrationList>('fetchIntegrations'),
    testIntegration: toProvide<Delivery, { id: string }>('testIntegration'),
  },
  guards: {
    isRefused: ({ context }) => context.error !== null || context.integrationId === null,
    isSignedOut: (_, params: { error: unknown }) => isSignedOutError(params.error),
    isFound: ({ context }, params: { list: IntegrationList }) =>
      params.list.integrations.some((i) => i.id === context.integrationId),
  },
}).createMachine({
  id: 'slackConnected',
  context: ({ input }) => ({
    integrationId: input.integrationId,
    error: input.error,
    integration: null,
    test: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        {
          guard: 'isRefused',
          target: 'refused',
          actions: assign({ error: ({ context }) => context.error ?? SLACK_NO_ANSWER }),
        },
        { target: 'loading' },
      ],
    },
    // Slack or the server said no: the page shows why and links to a new attempt.
    refused: {},
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchIntegrations',
        src: 'fetchIntegrations',
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => ({ list: event.output }) },
            target: 'connected',
            actions: assign({
              integration: ({ context, event }) =>
                event.output.integrations.find((i) => i.id === context.integrationId) ?? null,
            }),
          },
          { target: 'notFound' },
        ],
        onError: [
          { guard: { type: 'isSignedOut', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut' },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => failureMessage(event.error, INTEGRATIONS_LOAD_FAILED) }),
          },
        ],
      },
    },
    failed: { on: { 'slack.retry': 'loading' } },
    signedOut: { on: { 'slack.retry': 'loading' } },
    // Not among the user's channels: removed since, or connected by another account.
    notFound: {},
    connected: {
      initial: 'idle',
      states: {
        idle: { on: { 'slack.test': 'sending' } },
        sending: {
          entry: assign({ test: null }),
          invoke: {
            id: 'testIntegration',
            src: 'testIntegration',
            input: ({ context }) => ({ id: context.integrationId ?? '' }),
            onDone: {
              target: 'idle',
              actions: assign({ test: ({ event }) => ({ delivery: event.output, error: null }) }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                test: ({ event }) => ({ delivery: null, error: failureMessage(event.error, TEST_FAILED) }),
              }),
            },
          },
        },
      },
    },
  },
})
