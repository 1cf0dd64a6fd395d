import { failureMessage } from '@vigil/domain/api-failure'
import type { SessionView } from '@vigil/domain/sessions'
import { assign, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

export const SESSIONS_LOAD_FAILED = 'Could not load your sessions. Check your connection and try again.'
export const SESSION_END_FAILED = 'That session could not be ended. Please try again.'

interface Context {
  sessions: SessionView[] | null
  /** Why the list could not be read. */
  error: string | null
  /** Why the last sign-out failed. */
  message: string | null
  /** The session being ended ('others': every one but this). */
  pending: string | null
}

// Settings → Security's sessions: read the list, end one or every other, and read it again after, so that the
// list shows what the server has.
export const sessionsMachine = setup({
  types: {} as {
    context: Context
    events: { type: 'sessions.end'; id: string } | { type: 'sessions.endOthers' } | { type: 'sessions.retry' }
  },
  actors: {
    fetchSessions: toProvide<SessionView[]>('fetchSessions'),
    end: toProvide<unknown, { id: string }>('end'),
    endOthers: toProvide<number>('endOthers'),
  },
  actions: {
    /** Tells the user how many sessions ended. */
    ended: (_, _params: { count: number }) => {},
  },
}).createMachine({
  id: 'sessions',
  context: { sessions: null, error: null, message: null, pending: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchSessions',
        src: 'fetchSessions',
        onDone: {
          target: 'ready',
          actions: assign({ sessions: ({ event }) => event.output, error: null, pending: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(event.error, SESSIONS_LOAD_FAILED), pending: null }),
        },
      },
    },
    failed: { on: { 'sessions.retry': 'loading' } },
    ready: {
      on: {
        'sessions.end': { target: 'ending', actions: assign({ pending: ({ event }) => event.id, message: null }) },
        'sessions.endOthers': { target: 'endingOthers', actions: assign({ pending: 'others', message: null }) },
      },
    },
    ending: {
      invoke: {
        id: 'end',
        src: 'end',
        input: ({ context }) => ({ id: context.pending ?? '' }),
        onDone: { target: 'loading', actions: { type: 'ended', params: { count: 1 } } },
        onError: {
          target: 'ready',
          actions: assign({ message: ({ event }) => failureMessage(event.error, SESSION_END_FAILED), pending: null }),
        },
      },
    },
    endingOthers: {
      invoke: {
        id: 'endOthers',
        src: 'endOthers',
        onDone: { target: 'loading', actions: { type: 'ended', params: ({ event }) => ({ count: event.output }) } },
        onError: {
          target: 'ready',
          actions: assign({ message: ({ event }) => failureMessage(event.error, SESSION_END_FAILED), pending: null }),
        },
      },
    },
  },
})
