import { assign, fromPromise, setup } from 'xstate'
import { failureMessage } from '../domain/api-failure.ts'

export const LOAD_ONCE_FAILED = 'Could not load this. Check your connection and try again.'

/**
 * Loads something once, for a part of a page (the channels a monitor form offers, the channels a monitor
 * alerts); a failure says why and is tried again on `load.retry`.
 */
export const loadMachine = <T>() =>
  setup({
    types: {} as { context: { data: T | null; error: string | null }; events: { type: 'load.retry' } },
    actors: {
      fetch: fromPromise<T>(async () => {
        throw new Error('fetch: not provided')
      }),
    },
  }).createMachine({
    id: 'load',
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
            actions: assign({ error: ({ event }) => failureMessage(event.error, LOAD_ONCE_FAILED) }),
          },
        },
      },
      ready: {},
      failed: { on: { 'load.retry': 'loading' } },
    },
  })
