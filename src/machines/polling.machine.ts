import { fromPromise, setup } from 'xstate'
import { type Loaded, readInto } from './read-into.ts'

/** How often an open page asks again: a monitor's new state reaches it without a reload. */
export const POLL_MS = 10_000
export const LOAD_FAILED = 'Could not load this page. Check your connection and try again.'
export const RENEW_FAILED = 'Could not read it again. Please try again.'

/**
 * Loads something (a monitor list, the dashboard's overview, a cloud account's page) and loads it again every 10 s
 * while the page is shown. A hidden tab stops asking and asks at once when it is shown again. A failure keeps the
 * last answer, says why, and is retried on the next tick or on `poll.refresh`. `poll.renew` has the source read
 * again first (`renew`: a cloud account read from its provider now), the answer kept on screen meanwhile.
 */
export const pollingMachine = <T>() =>
  setup({
    types: {} as {
      context: Loaded<T>
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
      loading: { invoke: readInto<T, 'fetch'>('fetch', 'failed', LOAD_FAILED) },
      ready: { after: { poll: 'loading' }, on: { 'poll.refresh': 'loading', 'poll.renew': 'renewing' } },
      failed: { after: { poll: 'loading' }, on: { 'poll.refresh': 'loading', 'poll.renew': 'renewing' } },
      // A failed renew keeps the page as it was, with the reason.
      renewing: { invoke: readInto<T, 'renew'>('renew', 'ready', RENEW_FAILED) },
      // The tab is hidden: no requests until it is shown again.
      hidden: { on: { 'visibility.show': 'loading' } },
    },
  })
