import { setup } from 'xstate'
import { toProvide } from './to-provide.ts'

// Loading, then authenticated (GET /auth/verify is 200) or a redirect to /login.
export const sessionMachine = setup({
  types: {} as { events: { type: 'session.recheck' } },
  actors: {
    verify: toProvide<void>('verify'),
  },
  actions: { redirectToLogin: () => {} },
}).createMachine({
  id: 'session',
  initial: 'verifying',
  states: {
    verifying: { invoke: { id: 'verify', src: 'verify', onDone: 'authenticated', onError: 'unauthenticated' } },
    authenticated: { on: { 'session.recheck': 'verifying' } },
    unauthenticated: { type: 'final', entry: 'redirectToLogin' },
  },
})
