import { setup } from 'xstate'
import { type Loaded, readInto } from './read-into.ts'
import { toProvide } from './to-provide.ts'

export const LOAD_ONCE_FAILED = 'Could not load this. Check your connection and try again.'

/**
 * Loads something once, for a part of a page (the channels a monitor form offers, the channels a monitor
 * alerts); a failure says why and is tried again on `load.retry`.
 */
export const loadMachine = <T>() =>
  setup({
    types: {} as { context: Loaded<T>; events: { type: 'load.retry' } },
    actors: {
      fetch: toProvide<T>('fetch'),
    },
  }).createMachine({
    id: 'load',
    context: { data: null, error: null },
    initial: 'loading',
    states: {
      loading: { invoke: readInto<T, 'fetch'>('fetch', 'failed', LOAD_ONCE_FAILED) },
      ready: {},
      failed: { on: { 'load.retry': 'loading' } },
    },
  })
