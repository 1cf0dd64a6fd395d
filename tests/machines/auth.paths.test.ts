import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { authMachine } from '../../src/machines/auth.machine.ts'
import { journey, reachedStateNodes, stateNodeIds, valuesAlong } from './traversal.ts'

const login = { type: 'auth.login', token: 'tok-1' } as const
const logout = { type: 'auth.logout' } as const
const events = [login, logout]

describe('auth machine paths', () => {
  // Both starts: the stored flag says signed in, and it does not.
  const reached = new Set(
    (['true', null] as const).flatMap((storedFlag) => [
      ...reachedStateNodes(authMachine, { events, input: { storedFlag } }),
    ]),
  )
  it.each(stateNodeIds(authMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it.each([
    ['true', 'signedIn', true],
    ['false', 'signedOut', false],
    [null, 'signedOut', false],
    ['', 'signedOut', false],
    ['TRUE', 'signedOut', false],
    ['True', 'signedOut', false],
    [' true', 'signedOut', false],
    ['true ', 'signedOut', false],
    ['1', 'signedOut', false],
    ['yes', 'signedOut', false],
  ] as const)('a stored flag of %j starts %s', (storedFlag, value, isAuthenticated) => {
    const path = journey(authMachine, [], { storedFlag })
    expect(path.state.value).toBe(value)
    expect(path.state.context).toEqual({ isAuthenticated })
    // It decides at start-up, passing through 'starting'.
    expect(valuesAlong(authMachine, path, { storedFlag })).toEqual(['starting', value])
  })

  it('login signs in and sets the flag', () => {
    const { state } = journey(authMachine, [login], { storedFlag: null })
    expect(state.value).toBe('signedIn')
    expect(state.context.isAuthenticated).toBe(true)
  })

  it('logout signs out and clears the flag', () => {
    const { state } = journey(authMachine, [logout], { storedFlag: 'true' })
    expect(state.value).toBe('signedOut')
    expect(state.context.isAuthenticated).toBe(false)
  })

  it('logout while signed out changes nothing', () => {
    const { state } = journey(authMachine, [logout], { storedFlag: 'false' })
    expect(state.value).toBe('signedOut')
    expect(state.context.isAuthenticated).toBe(false)
  })

  it('login, logout, login again', () => {
    const { state } = journey(authMachine, [login, logout, login], { storedFlag: null })
    expect(state.value).toBe('signedIn')
    expect(state.context.isAuthenticated).toBe(true)
  })
})

describe('auth machine, run', () => {
  it('stores the token on login (also when already signed in) and removes it on logout', () => {
    const storeToken = vi.fn()
    const removeToken = vi.fn()
    const actor = createActor(authMachine.provide({ actions: { storeToken: (_, p) => storeToken(p), removeToken } }), {
      input: { storedFlag: null },
    }).start()
    actor.send({ type: 'auth.login', token: 'a' })
    actor.send({ type: 'auth.login', token: 'b' })
    expect(storeToken.mock.calls).toEqual([[{ token: 'a' }], [{ token: 'b' }]])
    expect(removeToken).not.toHaveBeenCalled()
    actor.send({ type: 'auth.logout' })
    expect(removeToken).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().value).toBe('signedOut')
    actor.stop()
  })
})
