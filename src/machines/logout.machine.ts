import { setup } from 'xstate'
import { toProvide } from './to-provide.ts'

export const LOGOUT_QUESTION = 'Are you sure you want to logout ?'
export const LOGOUT_DONE = 'You have been logged out successfully'
export const LOGOUT_TOAST_MS = 2000

// Confirm; on Yes end the session, remove the stored items, show the toast for 2 s, go to /.
// The session ends on the server too; if the server cannot be reached, the browser is cleared all the same.
export const logoutMachine = setup({
  types: {} as { events: { type: 'logout.request' } | { type: 'logout.confirm' } | { type: 'logout.cancel' } },
  actors: {
    endSession: toProvide<void>('endSession'),
  },
  actions: {
    clearStoredItems: () => {},
    toast: (_, _params: { message: string; durationMs: number }) => {},
    navigate: (_, _params: { path: string }) => {},
  },
}).createMachine({
  id: 'logout',
  initial: 'idle',
  states: {
    idle: { on: { 'logout.request': 'confirming' } },
    confirming: { on: { 'logout.confirm': 'loggingOut', 'logout.cancel': 'idle' } },
    loggingOut: {
      invoke: { id: 'endSession', src: 'endSession', onDone: 'loggedOut', onError: 'loggedOut' },
    },
    // Transient: the actions run, and the flow is ready for the next sign-in.
    loggedOut: {
      always: 'idle',
      entry: [
        'clearStoredItems',
        { type: 'toast', params: { message: LOGOUT_DONE, durationMs: LOGOUT_TOAST_MS } },
        { type: 'navigate', params: { path: '/' } },
      ],
    },
  },
})
