import { describe, expect, it } from 'vitest'
import { SETUP_FAILED, TWO_FACTOR_LOAD_FAILED, twoFactorMachine } from '../../src/machines/two-factor.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const { done, error } = actorEvents(twoFactorMachine)
const OFF = { enabled: false, enabled_at: null, recovery_codes_left: 0 }
const ON = { enabled: true, enabled_at: '2026-11-26T10:00:00.000Z', recovery_codes_left: 10 }
const SETUP = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qr: { size: 25, path: '' } }
const codes = ['abcde-fghij']

const offRead = done('fetchStatus', OFF)
const onRead = done('fetchStatus', ON)
const readFailed = error('fetchStatus', { status: 0 })
const retry = { type: 'twoFactor.retry' } as const
const startSetup = { type: 'twoFactor.setup' } as const
const setupReady = done('startSetup', SETUP)
const setupFailed = error('startSetup', { status: 0 })
const cancel = { type: 'twoFactor.cancel' } as const
const enabled = { type: 'twoFactor.enabled', codes, status: ON } as const
const saved = { type: 'twoFactor.saved' } as const
const disabled = { type: 'twoFactor.disabled', status: OFF } as const
const renewed = { type: 'twoFactor.renewed' as const, codes: ['vwxyz-fghij'], status: ON }

describe('two-factor machine paths', () => {
  const reached = reachedStateNodes(twoFactorMachine, {
    events: [
      offRead,
      onRead,
      readFailed,
      retry,
      startSetup,
      setupReady,
      setupFailed,
      cancel,
      enabled,
      saved,
      disabled,
      renewed,
    ],
  })
  it.each(stateNodeIds(twoFactorMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('reads whether it is on, or says why not and reads again', () => {
    expect(journey(twoFactorMachine, [offRead]).state.value).toBe('off')
    expect(journey(twoFactorMachine, [onRead]).state.value).toBe('on')
    expect(journey(twoFactorMachine, [readFailed]).state.context.error).toBe(TWO_FACTOR_LOAD_FAILED)
    expect(journey(twoFactorMachine, [readFailed, retry]).state.value).toBe('loading')
  })

  it('sets up, shows the codes once, and is on after they are saved', () => {
    const settingUp = journey(twoFactorMachine, [offRead, startSetup, setupReady]).state
    expect(settingUp.value).toBe('settingUp')
    expect(settingUp.context.setup).toEqual(SETUP)
    const shown = journey(twoFactorMachine, [offRead, startSetup, setupReady, enabled]).state
    expect(shown.value).toBe('showingCodes')
    expect(shown.context).toMatchObject({ codes, setup: null, status: ON })
    const on = journey(twoFactorMachine, [offRead, startSetup, setupReady, enabled, saved]).state
    expect(on.value).toBe('on')
    expect(on.context.codes).toBeNull()
  })

  it('drops a set-up that is cancelled, says why one could not start, and is off again when turned off', () => {
    const cancelled = journey(twoFactorMachine, [offRead, startSetup, setupReady, cancel]).state
    expect(cancelled.value).toBe('off')
    expect(cancelled.context.setup).toBeNull()
    const failed = journey(twoFactorMachine, [offRead, startSetup, setupFailed]).state
    expect(failed.value).toBe('off')
    expect(failed.context.error).toBe(SETUP_FAILED)
    expect(journey(twoFactorMachine, [onRead, disabled]).state.value).toBe('off')
  })

  it('shows new recovery codes once, then is on again', () => {
    const shown = journey(twoFactorMachine, [onRead, renewed]).state
    expect(shown.value).toBe('showingCodes')
    expect(shown.context.codes).toEqual(['vwxyz-fghij'])
    expect(journey(twoFactorMachine, [onRead, renewed, saved]).state.value).toBe('on')
  })
})
