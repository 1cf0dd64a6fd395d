import type { LiveStatus } from '@vigil/domain/live-event'
import { assign, setup } from 'xstate'
import { type Loaded, readInto } from './read-into.ts'
import { toProvide } from './to-provide.ts'

/** How often an open page asks again: a monitor's new state reaches it without a reload. */
export const POLL_MS = 10_000
export const LOAD_FAILED = 'Could not load this page. Check your connection and try again.'
export const RENEW_FAILED = 'Could not read it again. Please try again.'
/** A burst of live changes (a batch of results) becomes one load, this long after the first of them. */
export const SETTLE_MS = 300

/** What a polling flow holds: the answer, and whether the server's live stream tells it of changes. */
export interface Polled<T> extends Loaded<T> {
  /** The live stream is connected: changes are told, no timer asks again. */
  live: boolean
  /** A change was told while a load ran (its answer may predate it): load once more. */
  stale: boolean
}

/** What a shown page does with or without its answer: ask again on the timer or when told, read anew when asked. */
const shown = {
  after: { poll: { guard: 'isPolling', target: 'loading' } },
  on: {
    'poll.refresh': 'loading',
    'poll.renew': 'renewing',
    'live.changed': 'settling',
    'live.status': { guard: 'isLosingLive', target: 'loading', actions: 'setLive' },
  },
} as const

/**
 * Loads something (a monitor list, the dashboard's overview, a cloud account's page) and loads it again every 10 s
 * while the page is shown. A hidden tab stops asking and asks at once when it is shown again. A failure keeps the
 * last answer, says why, and is retried on the next tick or on `poll.refresh`. `poll.renew` has the source read
 * again first (`renew`: a cloud account read from its provider now), the answer kept on screen meanwhile.
 *
 * Live updates (issue 19): while the page's live stream is connected (`live.status` live) the timer asks nothing,
 * and `live.changed` (a change the page shows) loads again, once per burst (SETTLE_MS). When the stream is lost the
 * page loads at once and polls again. Nobody saying `live.status` keeps the timer as before.
 */
export const pollingMachine = <T>() =>
  setup({
    types: {} as {
      context: Polled<T>
      events:
        | { type: 'poll.refresh' }
        | { type: 'poll.renew' }
        | { type: 'visibility.hide' }
        | { type: 'visibility.show' }
        | { type: 'live.status'; status: LiveStatus }
        | { type: 'live.changed' }
    },
    actors: {
      fetch: toProvide<T>('fetch'),
      renew: toProvide<T>('renew'),
    },
    guards: {
      isPolling: ({ context }) => !context.live,
      isStale: ({ context }) => context.stale,
      /** The stream was live and is not any more: what it would have told is loaded now. */
      isLosingLive: ({ context, event }) => context.live && (event as { status?: LiveStatus }).status !== 'live',
    },
    actions: {
      setLive: assign({ live: ({ event }) => (event as { status?: LiveStatus }).status === 'live' }),
      markStale: assign({ stale: true }),
    },
    delays: { poll: POLL_MS, settle: SETTLE_MS },
  }).createMachine({
    id: 'polling',
    context: { data: null, error: null, live: false, stale: false },
    initial: 'loading',
    on: { 'visibility.hide': '.hidden', 'live.status': { actions: 'setLive' } },
    states: {
      loading: {
        entry: assign({ stale: false }),
        invoke: readInto<T, 'fetch'>('fetch', 'failed', LOAD_FAILED),
        on: { 'live.changed': { actions: 'markStale' } },
      },
      ready: { always: { guard: 'isStale', target: 'settling' }, ...shown },
      // The last answer stays on the page with the reason; it is asked for again as if it had come.
      failed: shown,
      // Told of a change: more may follow at once (a batch of results), so the load waits a moment.
      settling: {
        after: { settle: 'loading' },
        on: { 'poll.refresh': 'loading', 'poll.renew': 'renewing' },
      },
      // A failed renew keeps the page as it was, with the reason.
      renewing: {
        invoke: readInto<T, 'renew'>('renew', 'ready', RENEW_FAILED),
        on: { 'live.changed': { actions: 'markStale' } },
      },
      // The tab is hidden: no requests until it is shown again.
      hidden: { on: { 'visibility.show': 'loading' } },
    },
  })
