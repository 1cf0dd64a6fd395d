import { failedWith, failureMessage } from '@vigil/domain/api-failure'
import type { CheckResult, Incident, MonitorStats } from '@vigil/domain/check-result'
import type { LiveStatus } from '@vigil/domain/live-event'
import type { Monitor, MonitorType } from '@vigil/domain/monitor.schema'
import { MONITOR_PAGES } from '@vigil/domain/monitor-pages'
import type { MonitorFacts } from '@vigil/domain/monitor-types'
import type { Pagination } from '@vigil/domain/pagination.schema'
import type { StatsWindow } from '@vigil/domain/uptime'
import { assign, setup } from 'xstate'
import { LOAD_FAILED, POLL_MS, SETTLE_MS } from './polling.machine.ts'
import { toProvide } from './to-provide.ts'

export const RESULTS_PER_PAGE = 20

/** What a check reported in its result's `detail`, read with its type's facts schema (the domain's registry). */
export type { MonitorFacts } from '@vigil/domain/monitor-types'
/** Where the page of results is among their pages, as the API answers it. */
export type { Pagination } from '@vigil/domain/pagination.schema'

/** The newest facts among the latest checks, whatever page of results is shown. */
export interface LatestFacts {
  /** The newest check; null before the first. */
  newest: CheckResult | null
  /** The newest check that reported facts (a failed check may have none), and what they were. */
  reported: { checked_at: string; facts: MonitorFacts } | null
}

/** Everything the detail page shows, fetched together. */
export interface MonitorDetail {
  monitor: Monitor
  stats: MonitorStats
  results: CheckResult[]
  pagination: Pagination
  incidents: Incident[]
  latest: LatestFacts
}

export interface DetailQuery {
  id: string
  window: StatsWindow
  page: number
  limit: number
}

interface Context {
  id: string
  type: MonitorType
  window: StatsWindow
  /** The page of recent results. */
  page: number
  detail: MonitorDetail | null
  error: string | null
  /** The live stream is connected: the monitor's changes are told (`live.changed`), the timer asks nothing. */
  live: boolean
}

// A monitor's page: its state, stats for the chosen window, a page of results and its incidents, asked
// again every 10 s while the tab is shown. A 404 (no such monitor, or another user's) is its own state; an
// id of another type moves to that type's page (notifications of other types open /api_monitorings/{id}).
export const monitorDetailMachine = setup({
  types: {} as {
    context: Context
    input: { id: string; type: MonitorType }
    events:
      | { type: 'detail.window'; window: StatsWindow }
      | { type: 'detail.page'; page: number }
      | { type: 'detail.refresh' }
      | { type: 'monitor.changed'; monitor: Monitor }
      | { type: 'monitor.removed' }
      | { type: 'visibility.hide' }
      | { type: 'visibility.show' }
      | { type: 'live.status'; status: LiveStatus }
      | { type: 'live.changed' }
  },
  actors: {
    fetchDetail: toProvide<MonitorDetail, DetailQuery>('fetchDetail'),
  },
  actions: {
    navigate: (_, _params: { path: string }) => {},
    setLive: assign({ live: ({ event }) => (event as { status?: LiveStatus }).status === 'live' }),
  },
  guards: {
    isOtherType: ({ context, event }) => (event as { output?: MonitorDetail }).output?.monitor.type !== context.type,
    isNotFound: ({ event }) => failedWith((event as { error?: unknown }).error, 404),
    isPolling: ({ context }) => !context.live,
    isLosingLive: ({ context, event }) => context.live && (event as { status?: LiveStatus }).status !== 'live',
  },
  delays: { poll: POLL_MS, settle: SETTLE_MS },
}).createMachine({
  id: 'monitorDetail',
  context: ({ input }) => ({
    id: input.id,
    type: input.type,
    window: '24h',
    page: 1,
    detail: null,
    error: null,
    live: false,
  }),
  initial: 'active',
  // Live updates: the timer runs only while the stream is not live; a lost stream loads at once.
  on: { 'live.status': { actions: 'setLive' } },
  states: {
    active: {
      initial: 'loading',
      on: {
        'detail.window': {
          target: '.loading',
          reenter: true,
          actions: assign({ window: ({ event }) => event.window, page: 1 }),
        },
        'detail.page': { target: '.loading', reenter: true, actions: assign({ page: ({ event }) => event.page }) },
        'detail.refresh': { target: '.loading', reenter: true },
        'monitor.changed': {
          target: '.loading',
          reenter: true,
          actions: assign({
            detail: ({ context, event }) => (context.detail ? { ...context.detail, monitor: event.monitor } : null),
          }),
        },
        'monitor.removed': 'removed',
        'visibility.hide': 'hidden',
        'live.status': { guard: 'isLosingLive', target: '.loading', reenter: true, actions: 'setLive' },
      },
      states: {
        loading: {
          invoke: {
            id: 'fetchDetail',
            src: 'fetchDetail',
            input: ({ context }) => ({
              id: context.id,
              window: context.window,
              page: context.page,
              limit: RESULTS_PER_PAGE,
            }),
            onDone: [
              {
                guard: 'isOtherType',
                target: '#monitorDetail.moved',
                actions: {
                  type: 'navigate',
                  params: ({ event }) => ({
                    path: MONITOR_PAGES[event.output.monitor.type].detail(event.output.monitor.id),
                  }),
                },
              },
              { target: 'ready', actions: assign({ detail: ({ event }) => event.output, error: null }) },
            ],
            onError: [
              { guard: 'isNotFound', target: '#monitorDetail.notFound' },
              {
                target: 'failed',
                actions: assign({ error: ({ event }) => failureMessage(event.error, LOAD_FAILED) }),
              },
            ],
          },
        },
        ready: { after: { poll: { guard: 'isPolling', target: 'loading' } }, on: { 'live.changed': 'settling' } },
        // The last answer stays on the page with the reason; the next tick tries again.
        failed: { after: { poll: { guard: 'isPolling', target: 'loading' } }, on: { 'live.changed': 'settling' } },
        // Told of a change (a result, a new state): more may follow at once, so the load waits a moment.
        settling: { after: { settle: 'loading' } },
      },
    },
    // The tab is hidden: no requests until it is shown again.
    hidden: { on: { 'visibility.show': 'active' } },
    // No such monitor for this user.
    notFound: { type: 'final' },
    // Another type's monitor: the page of its own type takes over.
    moved: { type: 'final' },
    // Deleted from this page: back to the list.
    removed: {
      type: 'final',
      entry: { type: 'navigate', params: ({ context }) => ({ path: MONITOR_PAGES[context.type].list }) },
    },
  },
})
