import { fromPromise, setup } from 'xstate'

// Loading, then authenticated (GET /auth/verify is 200) or a redirect to /login.
export const sessionMachine = setup({
  types: {} as { events: { type: 'session.recheck' } },
  actors: {
    verify: fromPromise<void>(async () => {
      throw new Error('verify: not provided')
    }),
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
