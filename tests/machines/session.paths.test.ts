import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { sessionMachine } from '../../src/machines/session.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const { done, error } = actorEvents(sessionMachine)
const verified = done('verify')
const rejected = error('verify', { status: 401 })
const recheck = { type: 'session.recheck' } as const

const reached = reachedStateNodes(sessionMachine, { events: [verified, rejected, recheck] })

describe('session machine paths', () => {
  it.each(stateNodeIds(sessionMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('starts verifying', () => expect(journey(sessionMachine, []).state.value).toBe('verifying'))

  it('is authenticated when GET /auth/verify succeeds', () => {
    const { state } = journey(sessionMachine, [verified])
    expect(state.value).toBe('authenticated')
    expect(state.status).toBe('active')
  })

  it('ends unauthenticated (final) when the check fails', () => {
    const { state } = journey(sessionMachine, [rejected])
    expect(state.value).toBe('unauthenticated')
    expect(state.status).toBe('done')
  })

  it('verifies again on a recheck, and can then fail', () => {
    expect(journey(sessionMachine, [verified, recheck]).state.value).toBe('verifying')
    expect(journey(sessionMachine, [verified, recheck, rejected]).state.value).toBe('unauthenticated')
  })

  it('ignores a recheck while verifying', () =>
    expect(journey(sessionMachine, [recheck]).state.value).toBe('verifying'))
})

describe('session machine, run', () => {
  it('redirects to /login once when the check fails', async () => {
    const redirectToLogin = vi.fn()
    const actor = createActor(
      sessionMachine.provide({
        actors: { verify: fromPromise(() => Promise.reject({ status: 401 })) },
        actions: { redirectToLogin },
      }),
    ).start()
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().value).toBe('unauthenticated')
    expect(redirectToLogin).toHaveBeenCalledTimes(1)
  })

  it('does not redirect when the check passes', async () => {
    const redirectToLogin = vi.fn()
    const actor = createActor(
      sessionMachine.provide({
        actors: { verify: fromPromise(async () => {}) },
        actions: { redirectToLogin },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches('authenticated'))
    expect(redirectToLogin).not.toHaveBeenCalled()
    actor.stop()
  })
})
