import { assign, fromPromise, setup } from 'xstate'
import { failureMessage } from '../domain/api-failure.ts'

/** How often an open page asks again: a monitor's new state reaches it without a reload. */
export const POLL_MS = 10_000
export const LOAD_FAILED = 'Could not load this page. Check your connection and try again.'
export const RENEW_FAILED = 'Could not read it again. Please try again.'

interface Context<T> {
  /** The last answer; kept while a refresh runs or fails, so the page does not flicker. */
  data: T | null
  error: string | null
}

/**
 * Loads something (a monitor list, the dashboard's overview, a cloud account's page) and loads it again every 10 s
 * while the page is shown. A hidden tab stops asking and asks at once when it is shown again. A failure keeps the
 * last answer, says why, and is retried on the next tick or on `poll.refresh`. `poll.renew` has the source read
 * again first (`renew`: a cloud account read from its provider now), the answer kept on screen meanwhile.
 */
export const pollingMachine = <T>() =>
  setup({
    types: {} as {
      context: Context<T>
      events:
        | { type: 'poll.refresh' }
        | { type: 'poll.renew' }
        | { type: 'visibility.hide' }
        | { type: 'visibility.show' }
    },
    actors: {
      fetch: fromPromise<T>(async () => {
        throw new Error('fetch: not provided')
      }),
      renew: fromPromise<T>(async () => {
        throw new Error('renew: not provided')
      }),
    },
    delays: { poll: POLL_MS },
  }).createMachine({
    id: 'polling',
    context: { data: null, error: null },
    initial: 'loading',
    on: { 'visibility.hide': '.hidden' },
    states: {
      loading: {
        invoke: {
          id: 'fetch',
          src: 'fetch',
          onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
          onError: {
            target: 'failed',
            actions: assign({ error: ({ event }) => failureMessage(event.error, LOAD_FAILED) }),
          },
        },
      },
      ready: { after: { poll: 'loading' }, on: { 'poll.refresh': 'loading', 'poll.renew': 'renewing' } },
      failed: { after: { poll: 'loading' }, on: { 'poll.refresh': 'loading', 'poll.renew': 'renewing' } },
      renewing: {
        invoke: {
          id: 'renew',
          src: 'renew',
          onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
          onError: {
            target: 'ready',
            actions: assign({ error: ({ event }) => failureMessage(event.error, RENEW_FAILED) }),
          },
        },
      },
      // The tab is hidden: no requests until it is shown again.
      hidden: { on: { 'visibility.show': 'loading' } },
    },
  })
