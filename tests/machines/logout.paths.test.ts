import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, getMicrosteps, waitFor } from 'xstate'
import { LOGOUT_DONE, LOGOUT_QUESTION, LOGOUT_TOAST_MS, logoutMachine } from '../../src/machines/logout.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds, valuesAlong } from './traversal.ts'

const request = { type: 'logout.request' } as const
const confirm = { type: 'logout.confirm' } as const
const cancel = { type: 'logout.cancel' } as const
const { done, error } = actorEvents(logoutMachine)
const ended = done('endSession')
const unreachable = error('endSession', { status: 0 })

const reached = reachedStateNodes(logoutMachine, { events: [request, confirm, cancel, ended, unreachable] })

describe('logout machine paths', () => {
  // 'loggedOut' is transient: it is entered on the way back to idle, never rested in.
  it.each(stateNodeIds(logoutMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('asks first', () => expect(journey(logoutMachine, [request]).state.value).toBe('confirming'))

  it('cancel returns to idle without logging out', () => {
    const path = journey(logoutMachine, [request, cancel])
    expect(path.state.value).toBe('idle')
    expect(valuesAlong(logoutMachine, path)).toEqual(['idle', 'confirming', 'idle'])
  })

  it('confirm ends the session on the server first', () =>
    expect(journey(logoutMachine, [request, confirm]).state.value).toBe('loggingOut'))

  it.each([
    ['ended', ended],
    ['could not be reached', unreachable],
  ])('when the server %s it passes through loggedOut back to idle', (_, outcome) => {
    const path = journey(logoutMachine, [request, confirm, outcome])
    expect(path.state.value).toBe('idle')
    expect(valuesAlong(logoutMachine, path)).toEqual(['idle', 'confirming', 'loggingOut', 'loggedOut', 'idle'])
  })

  it('the loggedOut step clears, toasts and goes home, in that order', () => {
    const path = journey(logoutMachine, [request, confirm])
    const [[loggedOut, actions] = []] = getMicrosteps(logoutMachine, path.state, ended)
    expect(loggedOut?.value).toBe('loggedOut')
    expect(actions?.filter((a) => !a.type.startsWith('xstate.')).map((a) => [a.type, a.params])).toEqual([
      ['clearStoredItems', undefined],
      ['toast', { message: 'You have been logged out successfully', durationMs: 2000 }],
      ['navigate', { path: '/' }],
    ])
  })

  it('a second logout works the same after the first', () => {
    const path = journey(logoutMachine, [request, confirm, ended, request, confirm, unreachable])
    expect(path.state.value).toBe('idle')
    expect(valuesAlong(logoutMachine, path).filter((v) => v === 'loggedOut')).toHaveLength(2)
  })

  it('the texts are the spec ones', () => {
    expect(LOGOUT_QUESTION).toBe('Are you sure you want to logout ?')
    expect(LOGOUT_DONE).toBe('You have been logged out successfully')
    expect(LOGOUT_TOAST_MS).toBe(2000)
  })
})

describe('logout machine, run', () => {
  const run = (endSession: () => Promise<void>) => {
    const log: unknown[][] = []
    const endSessionCalls = vi.fn(endSession)
    const actor = createActor(
      logoutMachine.provide({
        actors: { endSession: fromPromise(() => endSessionCalls()) },
        actions: {
          clearStoredItems: () => log.push(['clearStoredItems']),
          toast: (_, params) => log.push(['toast', params]),
          navigate: (_, params) => log.push(['navigate', params]),
        },
      }),
    ).start()
    return { actor, log, endSessionCalls }
  }
  const expected = [
    ['clearStoredItems'],
    ['toast', { message: 'You have been logged out successfully', durationMs: 2000 }],
    ['navigate', { path: '/' }],
  ]

  it.each([
    ['the server ends the session', () => Promise.resolve()],
    ['the server cannot be reached', () => Promise.reject({ status: 0 })],
  ])('Yes: when %s the browser is cleared, the toast shown for 2 s and the user sent to /', async (_, endSession) => {
    const { actor, log, endSessionCalls } = run(endSession)
    actor.send(request)
    actor.send(confirm)
    expect(actor.getSnapshot().value).toBe('loggingOut')
    expect(log).toEqual([]) // nothing before the server answers
    await waitFor(actor, (s) => s.matches('idle'))
    expect(endSessionCalls).toHaveBeenCalledTimes(1)
    expect(log).toEqual(expected)
    actor.stop()
  })

  it('No: nothing is cleared and the server is not called', () => {
    const { actor, log, endSessionCalls } = run(() => Promise.resolve())
    actor.send(request)
    actor.send(cancel)
    expect(actor.getSnapshot().value).toBe('idle')
    expect(log).toEqual([])
    expect(endSessionCalls).not.toHaveBeenCalled()
    actor.stop()
  })
})
