import { failureMessage } from '@vigil/domain/api-failure'
import type { LiveEvent, LiveStatus } from '@vigil/domain/live-event'
import {
  type BulkOutcome,
  bulkOutcomeText,
  type ListChoice,
  type MonitorPage,
  withLiveEvent,
} from '@vigil/domain/monitor-list-view'
import type { BulkAction, TagRef } from '@vigil/domain/tags'
import { and, assign, cancel, raise, setup } from 'xstate'
import { LOAD_FAILED, POLL_MS } from './polling.machine.ts'
import { toProvide } from './to-provide.ts'

/** How long the list waits after a live change of state before it reads its counts and order again. */
export const SETTLE_MS = 1_000
export const BULK_FAILED = 'Could not change the monitors. Check your connection and try again.'

export interface BulkRequest {
  action: BulkAction
  monitor_ids: string[]
  /** The tag given or taken (tag and untag). */
  tag?: TagRef
}

export interface MonitorListContext {
  choice: ListChoice
  data: MonitorPage | null
  error: string | null
  /** The selected rows of the page shown. */
  selected: string[]
  /** The live stream is connected: no asking again on a timer. */
  live: boolean
  bulk: BulkRequest | null
  /** What the last bulk action did, in words. */
  outcome: { text: string; tone: 'success' | 'warning' | 'error' } | null
}

type MonitorEvent = Extract<LiveEvent, { kind: 'monitor' }>

export type MonitorListEvent =
  | { type: 'list.choose'; choice: ListChoice }
  | { type: 'list.reload' }
  | { type: 'list.select'; id: string; selected: boolean }
  | { type: 'list.selectPage'; selected: boolean }
  | { type: 'list.bulk'; action: BulkAction; tag?: TagRef }
  | { type: 'bulk.confirm' }
  | { type: 'bulk.cancel' }
  | { type: 'bulk.dismiss' }
  | { type: 'live.monitor'; event: MonitorEvent }
  | { type: 'live.reload' }
  | { type: 'live.status'; status: LiveStatus }
  | { type: 'visibility.hide' }
  | { type: 'visibility.show' }

const onPage = (data: MonitorPage | null, ids: readonly string[]) =>
  ids.filter((id) => data?.monitors.some((m) => m.id === id))

/**
 * The one monitor list (issue 19): reads the page of a choice (search, filters, sort, page), and again when the choice
 * changes, when told to, when the live stream says monitors came or went, and a second after a live change of state
 * (the counts and order); a live result patches its row at once. It asks again every 10 s only while the stream is
 * not live, and not at all while the tab is hidden. Rows are selected for a bulk action; a delete asks first; the
 * outcome is said in words and the page read again.
 */
export const monitorListMachine = setup({
  types: {} as {
    context: MonitorListContext
    events: MonitorListEvent
    input: { choice: ListChoice; live?: boolean }
  },
  actors: {
    fetchPage: toProvide<MonitorPage, ListChoice>('fetchPage'),
    runBulk: toProvide<BulkOutcome, BulkRequest>('runBulk'),
  },
  delays: { poll: POLL_MS, settle: SETTLE_MS },
  guards: {
    isPolling: ({ context }) => !context.live,
    hasSelection: ({ context }) => context.selected.length > 0,
    isDelete: ({ event }) => event.type === 'list.bulk' && event.action === 'delete',
  },
  actions: {
    choose: assign(({ event }) => (event.type === 'list.choose' ? { choice: event.choice, selected: [] } : {})),
    patch: assign(({ context, event }) =>
      event.type === 'live.monitor' && context.data ? { data: withLiveEvent(context.data, event.event) } : {},
    ),
    setBulk: assign(({ context, event }) =>
      event.type === 'list.bulk'
        ? { bulk: { action: event.action, monitor_ids: context.selected, tag: event.tag }, outcome: null }
        : {},
    ),
  },
}).createMachine({
  id: 'monitorList',
  type: 'parallel',
  context: ({ input }) => ({
    choice: input.choice,
    data: null,
    error: null,
    selected: [],
    live: input.live ?? false,
    bulk: null,
    outcome: null,
  }),
  on: {
    'list.select': {
      actions: assign({
        selected: ({ context, event }) =>
          event.selected
            ? onPage(context.data, [...new Set([...context.selected, event.id])])
            : context.selected.filter((id) => id !== event.id),
      }),
    },
    'list.selectPage': {
      actions: assign({
        selected: ({ context, event }) => (event.selected ? (context.data?.monitors.map((m) => m.id) ?? []) : []),
      }),
    },
    'live.monitor': [
      {
        guard: ({ event }) => event.event.changed,
        actions: ['patch', cancel('settle'), raise({ type: 'list.reload' }, { id: 'settle', delay: 'settle' })],
      },
      { actions: 'patch' },
    ],
    'live.status': { actions: assign({ live: ({ event }) => event.status === 'live' }) },
  },
  states: {
    list: {
      initial: 'loading',
      on: { 'visibility.hide': '.hidden' },
      states: {
        loading: {
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => context.choice,
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => ({
                data: event.output,
                error: null,
                selected: onPage(event.output, context.selected),
              })),
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => failureMessage(event.error, LOAD_FAILED) }),
            },
          },
          on: {
            'list.choose': { target: 'loading', reenter: true, actions: 'choose' },
            'list.reload': { target: 'loading', reenter: true },
            'live.reload': { target: 'loading', reenter: true },
          },
        },
        ready: {
          // Asked again on a timer only while the stream is not live; otherwise the timer only starts over.
          after: {
            poll: [
              { guard: 'isPolling', target: 'loading' },
              { target: 'ready', reenter: true },
            ],
          },
          on: {
            'list.choose': { target: 'loading', actions: 'choose' },
            'list.reload': 'loading',
            'live.reload': 'loading',
          },
        },
        failed: {
          after: { poll: 'loading' },
          on: {
            'list.choose': { target: 'loading', actions: 'choose' },
            'list.reload': 'loading',
            'live.reload': 'loading',
          },
        },
        // The tab is hidden: no requests until it is shown again (then read at once).
        hidden: {
          on: {
            'visibility.show': 'loading',
            'list.choose': { actions: 'choose' },
          },
        },
      },
    },
    bulk: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'list.bulk': [
              { guard: and(['hasSelection', 'isDelete']), target: 'confirming', actions: 'setBulk' },
              { guard: 'hasSelection', target: 'running', actions: 'setBulk' },
            ],
            'bulk.dismiss': { actions: assign({ outcome: null }) },
          },
        },
        // A delete waits for the user's yes.
        confirming: {
          on: {
            'bulk.confirm': 'running',
            'bulk.cancel': { target: 'idle', actions: assign({ bulk: null }) },
          },
        },
        running: {
          invoke: {
            id: 'runBulk',
            src: 'runBulk',
            input: ({ context }) => context.bulk as BulkRequest,
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => {
                  const bulk = context.bulk as BulkRequest
                  const nameOf = (id: string) => context.data?.monitors.find((m) => m.id === id)?.name
                  return {
                    outcome: {
                      text: bulkOutcomeText(bulk.action, event.output, nameOf, bulk.tag?.name),
                      tone: event.output.failed.length === 0 ? 'success' : 'warning',
                    },
                    selected: [],
                    bulk: null,
                  } as const
                }),
                raise({ type: 'list.reload' }),
              ],
            },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                outcome: { text: failureMessage(event.error, BULK_FAILED), tone: 'error' },
                bulk: null,
              })),
            },
          },
        },
      },
    },
  },
})
