import { assign, fromPromise, setup } from 'xstate'
import { failureMessage } from '../domain/api-failure.ts'
import type { StatusPage } from '../domain/status-page.schema.ts'

export const STATUS_PAGES_LOAD_FAILED = 'Could not load your status pages. Check your connection and try again.'
export const STATUS_PAGE_ACTION_FAILED = 'Something went wrong. Please try again.'
export const STATUS_PAGE_DELETED = 'Status page deleted'

/** The user's pages as the list holds them, and the plan's limit on their number. */
export interface StatusPageList {
  status_pages: StatusPage[]
  limit: { max: number; used: number }
}

type Notice = { title: string; type: 'success' | 'error' }

interface Context {
  list: StatusPageList | null
  /** Why the last load or refresh failed. */
  error: string | null
  /** The page the confirmation dialog asks about, and then deletes. */
  removing: StatusPage | null
}

/** The list with a page added (a new one) or replaced (a change). */
const withPage = (list: StatusPageList | null, page: StatusPage): StatusPageList | null => {
  if (!list) return list
  const known = list.status_pages.some((p) => p.id === page.id)
  return {
    status_pages: known ? list.status_pages.map((p) => (p.id === page.id ? page : p)) : [...list.status_pages, page],
    limit: known ? list.limit : { ...list.limit, used: list.limit.used + 1 },
  }
}

const withoutPage = (list: StatusPageList | null, id: string): StatusPageList | null =>
  list && {
    status_pages: list.status_pages.filter((p) => p.id !== id),
    limit: { ...list.limit, used: Math.max(0, list.limit.used - 1) },
  }

export type StatusPagesEvent =
  | { type: 'statusPages.refresh' }
  /** The form saved a page (new or changed). */
  | { type: 'statusPage.saved'; page: StatusPage }
  | { type: 'statusPage.delete'; page: StatusPage }
  | { type: 'statusPage.confirm' }
  | { type: 'statusPage.cancel' }

// The status pages list: load the user's pages, take in what the form saved, and delete a page after the spec's
// confirmation dialog.
export const statusPagesMachine = setup({
  types: {} as { context: Context; events: StatusPagesEvent },
  actors: {
    fetchStatusPages: fromPromise<StatusPageList>(async () => {
      throw new Error('fetchStatusPages: not provided')
    }),
    deleteStatusPage: fromPromise<unknown, { id: string }>(async () => {
      throw new Error('deleteStatusPage: not provided')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {},
  },
}).createMachine({
  id: 'statusPages',
  context: { list: null, error: null, removing: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchStatusPages',
        src: 'fetchStatusPages',
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(event.error, STATUS_PAGES_LOAD_FAILED) }),
        },
      },
    },
    failed: { on: { 'statusPages.refresh': 'loading' } },
    ready: {
      type: 'parallel',
      on: {
        'statusPage.saved': { actions: assign({ list: ({ context, event }) => withPage(context.list, event.page) }) },
      },
      states: {
        list: {
          initial: 'idle',
          states: {
            idle: { on: { 'statusPages.refresh': 'refreshing' } },
            // Read again in the background: the pages stay on screen meanwhile.
            refreshing: {
              on: { 'statusPages.refresh': { target: 'refreshing', reenter: true } },
              invoke: {
                id: 'refreshStatusPages',
                src: 'fetchStatusPages',
                onDone: { target: 'idle', actions: assign({ list: ({ event }) => event.output, error: null }) },
                onError: {
                  target: 'idle',
                  actions: assign({ error: ({ event }) => failureMessage(event.error, STATUS_PAGES_LOAD_FAILED) }),
                },
              },
            },
          },
        },
        removal: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'statusPage.delete': { target: 'confirming', actions: assign({ removing: ({ event }) => event.page }) },
              },
            },
            // The confirmation dialog is open.
            confirming: {
              on: {
                'statusPage.confirm': 'removing',
                'statusPage.cancel': { target: 'idle', actions: assign({ removing: null }) },
              },
            },
            removing: {
              invoke: {
                id: 'deleteStatusPage',
                src: 'deleteStatusPage',
                input: ({ context }) => ({ id: context.removing?.id ?? '' }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context }) => ({
                      list: withoutPage(context.list, context.removing?.id ?? ''),
                      removing: null,
                    })),
                    { type: 'notify', params: { title: STATUS_PAGE_DELETED, type: 'success' } },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    assign({ removing: null }),
                    {
                      type: 'notify',
                      params: ({ event }) => ({
                        title: failureMessage(event.error, STATUS_PAGE_ACTION_FAILED),
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
