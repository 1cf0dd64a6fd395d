import { failedWith, failureMessage } from '@vigil/domain/api-failure'
import type { Delivery, Integration, IntegrationList } from '@vigil/domain/integration.schema'
import { assign, raise, setup, spawnChild } from 'xstate'
import { ACTION_FAILED, type ListPageContext, listPageMachine, type Notice } from './list-page.machine.ts'
import { toProvide } from './to-provide.ts'

export const INTEGRATIONS_LOAD_FAILED = 'Could not load your integrations. Check your connection and try again.'
export const INTEGRATION_ACTION_FAILED = ACTION_FAILED
export const TEST_FAILED = 'The test message could not be sent. Please try again.'
export const INTEGRATION_REMOVED = 'Integration removed'

/** The user's channels as the page holds them, and whether "Add to Slack" is set up. */
export type { IntegrationList } from '@vigil/domain/integration.schema'

/** The last "Send test message" of a channel: the delivery (delivered or failed), or why none was made. */
export type TestOutcome = { delivery: Delivery; error: null } | { delivery: null; error: string }

/** The answer was 401: the visitor is not signed in (the page is outside the session guard). */
export const isSignedOutError = (error: unknown) => failedWith(error, 401)

interface Context extends ListPageContext<Integration> {
  list: IntegrationList | null
  /** What runs on each channel now, by id: a toggle or a test (each channel has one at a time). */
  busy: Record<string, 'toggling' | 'testing'>
  tests: Record<string, TestOutcome>
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

const integrations = setup({
  types: {} as { context: Context; events: IntegrationsEvent },
  actors: {
    fetchIntegrations: toProvide<IntegrationList>('fetchIntegrations'),
    setEnabled: toProvide<Integration, { id: string; enabled: boolean }>('setEnabled'),
    testIntegration: toProvide<Delivery, { id: string }>('testIntegration'),
    deleteIntegration: toProvide<unknown, { id: string }>('deleteIntegration'),
  },
  actions: {
    notify: (_, _params: Notice) => {},
  },
  guards: {
    isSignedOut: (_, params: { error: unknown }) => isSignedOutError(params.error),
    isIdle: ({ context, event }) =>
      'integration' in event && event.integration !== undefined && !(event.integration.id in context.busy),
  },
})

// A toggle or test may end after the page left `ready` (a refresh found the session over): its answer is still
// taken in at the root, and a failure never stops the page's flow.
const channelAnswers = integrations.createStateConfig({
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
})

// While ready, each channel can be switched on or off and sent a test message, one thing at a time per channel.
const channelActions = integrations.createStateConfig({
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
  },
})

// The integrations page: load the channels (or learn the visitor is not signed in), then switch each on or off,
// send it a test message, remove it after the spec's confirmation dialog, and take in what the form saved.
export const integrationsMachine = listPageMachine(integrations.createMachine)({
  id: 'integrations',
  context: { list: null, error: null, busy: {}, tests: {}, removing: null },
  data: 'list',
  load: {
    src: 'fetchIntegrations',
    refreshId: 'refreshIntegrations',
    failure: INTEGRATIONS_LOAD_FAILED,
    region: 'list',
    refresh: 'integrations.refresh',
    restart: true,
    leave: { guard: 'isSignedOut', target: 'signedOut' },
  },
  remove: {
    src: 'deleteIntegration',
    ask: { 'integration.delete': (event) => event.integration },
    guard: 'isIdle',
    confirm: 'integration.confirm',
    cancel: 'integration.cancel',
    removed: ({ list, tests }, integration) => ({
      list: list && { ...list, integrations: list.integrations.filter((i) => i.id !== integration.id) },
      tests: without(tests, integration.id),
    }),
    done: () => INTEGRATION_REMOVED,
    failure: INTEGRATION_ACTION_FAILED,
  },
  saved: { 'integration.saved': ({ list }, event) => ({ list: replaced(list, event.integration) }) },
  on: channelAnswers.on,
  states: {
    // The API answered 401: the page asks the visitor to sign in.
    signedOut: { on: { 'integrations.refresh': 'loading' } },
  },
  ready: { on: channelActions.on },
})
