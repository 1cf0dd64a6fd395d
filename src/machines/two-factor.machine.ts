import { failureMessage } from '@vigil/domain/api-failure'
import type { TwoFactorSetup, TwoFactorStatus } from '@vigil/domain/two-factor'
import { assign, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

export const TWO_FACTOR_LOAD_FAILED = 'Could not read your two-factor settings. Check your connection and try again.'
export const SETUP_FAILED = 'Could not start the set-up. Please try again.'

interface Context {
  status: TwoFactorStatus | null
  /** The new secret while it is being set up. */
  setup: TwoFactorSetup | null
  /** The recovery codes, shown once right after turning it on. */
  codes: string[] | null
  error: string | null
}

// Settings → Security's two-factor part: read whether it is on; set up a new secret (QR code and text); the forms
// that turn it on or off (form machines of their own) report here; the recovery codes are shown once, until the
// user says they have kept them (after turning it on, or after making new ones).
export const twoFactorMachine = setup({
  types: {} as {
    context: Context
    events:
      | { type: 'twoFactor.retry' }
      | { type: 'twoFactor.setup' }
      | { type: 'twoFactor.cancel' }
      | { type: 'twoFactor.enabled'; codes: string[]; status: TwoFactorStatus }
      | { type: 'twoFactor.saved' }
      | { type: 'twoFactor.disabled'; status: TwoFactorStatus }
      | { type: 'twoFactor.renewed'; codes: string[]; status: TwoFactorStatus }
  },
  actors: {
    fetchStatus: toProvide<TwoFactorStatus>('fetchStatus'),
    startSetup: toProvide<TwoFactorSetup>('startSetup'),
  },
  guards: {
    isOn: ({ context }) => context.status?.enabled === true,
  },
}).createMachine({
  id: 'twoFactor',
  context: { status: null, setup: null, codes: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchStatus',
        src: 'fetchStatus',
        onDone: { target: 'known', actions: assign({ status: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(event.error, TWO_FACTOR_LOAD_FAILED) }),
        },
      },
    },
    failed: { on: { 'twoFactor.retry': 'loading' } },
    known: { always: [{ guard: 'isOn', target: 'on' }, { target: 'off' }] },
    off: { on: { 'twoFactor.setup': { target: 'startingSetup', actions: assign({ error: null }) } } },
    startingSetup: {
      invoke: {
        id: 'startSetup',
        src: 'startSetup',
        onDone: { target: 'settingUp', actions: assign({ setup: ({ event }) => event.output }) },
        onError: {
          target: 'off',
          actions: assign({ error: ({ event }) => failureMessage(event.error, SETUP_FAILED) }),
        },
      },
    },
    settingUp: {
      on: {
        'twoFactor.cancel': { target: 'off', actions: assign({ setup: null }) },
        'twoFactor.enabled': {
          target: 'showingCodes',
          actions: assign({ status: ({ event }) => event.status, codes: ({ event }) => event.codes, setup: null }),
        },
      },
    },
    showingCodes: { on: { 'twoFactor.saved': { target: 'on', actions: assign({ codes: null }) } } },
    on: {
      on: {
        'twoFactor.disabled': { target: 'off', actions: assign({ status: ({ event }) => event.status }) },
        'twoFactor.renewed': {
          target: 'showingCodes',
          actions: assign({ status: ({ event }) => event.status, codes: ({ event }) => event.codes }),
        },
      },
    },
  },
})
