import { assign, fromPromise, setup } from 'xstate'
import { failureMessage } from '../domain/api-failure.ts'

export const CLOUD_PAGE_LOAD_FAILED = 'Could not load this page. Check your connection and try again.'
export const CLOUD_PAGE_REFRESH_FAILED = 'Could not read the account again. Please try again.'
/** While an account waits for its first read, its page asks again this often. */
export const PENDING_RECHECK_MS = 4000

/** What every page of a cloud account answers: the account, whose status says whether it was read yet. */
export interface CloudPageData {
  account: { status: string }
}

export type CloudPageEvent =
  /** Load again after a failed first load. */
  | { type: 'page.retry' }
  /** Read the account from the cloud now, then show what was read (what is shown stays meanwhile). */
  | { type: 'page.refresh' }

interface Context<T> {
  data: T | null
  /** Why the first load, or the last refresh, failed. */
  error: string | null
}

/**
 * A page of a connected cloud account (billing, instances, databases...): load what the last sync read, or say why
 * not and load again on request; once shown, "Refresh" has the account read again (`refresh`: a sync, then the page)
 * while the page stays; an account not read yet is asked again every few seconds until its first read is stored.
 */
export const cloudPageMachine = <T extends CloudPageData>() =>
  setup({
    types: {} as { context: Context<T>; events: CloudPageEvent },
    actors: {
      fetch: fromPromise<T>(async () => {
        throw new Error('fetch: not provided')
      }),
      refresh: fromPromise<T>(async () => {
        throw new Error('refresh: not provided')
      }),
    },
    guards: {
      isPending: ({ context }) => context.data?.account.status === 'pending',
    },
  }).createMachine({
    id: 'cloudPage',
    context: { data: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'fetch',
          src: 'fetch',
          onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
          onError: {
            target: 'failed',
            actions: assign({ error: ({ event }) => failureMessage(event.error, CLOUD_PAGE_LOAD_FAILED) }),
          },
        },
      },
      failed: { on: { 'page.retry': 'loading' } },
      ready: {
        initial: 'idle',
        states: {
          idle: {
            on: { 'page.refresh': 'refreshing' },
            after: { [PENDING_RECHECK_MS]: { guard: 'isPending', target: 'rechecking' } },
          },
          // The first read is not stored yet: the page as it is now, quietly.
          rechecking: {
            on: { 'page.refresh': 'refreshing' },
            invoke: {
              id: 'recheck',
              src: 'fetch',
              onDone: { target: 'idle', actions: assign({ data: ({ event }) => event.output }) },
              onError: { target: 'idle' },
            },
          },
          refreshing: {
            invoke: {
              id: 'refresh',
              src: 'refresh',
              onDone: { target: 'idle', actions: assign({ data: ({ event }) => event.output, error: null }) },
              onError: {
                target: 'idle',
                actions: assign({ error: ({ event }) => failureMessage(event.error, CLOUD_PAGE_REFRESH_FAILED) }),
              },
            },
          },
        },
      },
    },
  })
