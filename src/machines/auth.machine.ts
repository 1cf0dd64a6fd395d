import { assign, setup } from 'xstate'

// The flag starts false and becomes true at start-up only if the stored isAuthenticated
// holds 'true'. Login stores the token and sets it; logout removes it and clears it.
export const authMachine = setup({
  types: {} as {
    context: { isAuthenticated: boolean }
    input: { storedFlag: string | null }
    events: { type: 'auth.login'; token: string } | { type: 'auth.logout' }
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    removeToken: () => {},
  },
  guards: {
    wasAuthenticated: ({ context }) => context.isAuthenticated,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ isAuthenticated: input.storedFlag === 'true' }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'wasAuthenticated', target: 'signedIn' }, { target: 'signedOut' }] },
    signedOut: {
      on: {
        'auth.login': {
          target: 'signedIn',
          actions: [
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
            assign({ isAuthenticated: true }),
          ],
        },
      },
    },
    signedIn: {
      on: {
        'auth.login': { actions: { type: 'storeToken', params: ({ event }) => ({ token: event.token }) } },
        'auth.logout': { target: 'signedOut', actions: ['removeToken', assign({ isAuthenticated: false })] },
      },
    },
  },
})
