import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { LOAD_FAILED, POLL_MS, pollingMachine, RENEW_FAILED } from '../../src/machines/polling.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const machine = pollingMachine<{ n: number }>()
const { done, error } = actorEvents(machine)
const loaded = (n: number) => done('fetch', { n })
const refused = error('fetch', { status: 500, message: 'Database unavailable' })
const unreachable = error('fetch', { status: 0 })
const tick = (state: 'ready' | 'failed') => ({ type: `xstate.after.poll.polling.${state}` }) as never
const refresh = { type: 'poll.refresh' } as const
const renew = { type: 'poll.renew' } as const
const renewed = (n: number) => done('renew', { n })
const renewRefused = error('renew', { status: 0 })
const hide = { type: 'visibility.hide' } as const
const show = { type: 'visibility.show' } as const

describe('polling machine paths', () => {
  const reached = reachedStateNodes(machine, {
    events: [loaded(1), refused, tick('ready'), tick('failed'), refresh, renew, renewed(2), hide, show],
  })
  it.each(stateNodeIds(machine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('holds the answer once loaded', () => {
    const { state } = journey(machine, [loaded(1)])
    expect(state.value).toBe('ready')
    expect(state.context).toEqual({ data: { n: 1 }, error: null })
  })

  it('renews the source on request, keeping the answer on screen until the new one comes', () => {
    const renewing = journey(machine, [loaded(1), renew]).state
    expect(renewing.value).toBe('renewing')
    expect(renewing.context.data).toEqual({ n: 1 })
    expect(journey(machine, [loaded(1), renew, renewed(2)]).state.context).toEqual({ data: { n: 2 }, error: null })
    // A failed renewal says why and keeps the answer; the page stays ready and polls on.
    const failed = journey(machine, [loaded(1), renew, renewRefused]).state
    expect(failed.value).toBe('ready')
    expect(failed.context).toEqual({ data: { n: 1 }, error: RENEW_FAILED })
    expect(journey(machine, [refused, renew]).state.value).toBe('renewing')
  })

  it('asks again on each tick and replaces the answer', () => {
    expect(journey(machine, [loaded(1), tick('ready')]).state.value).toBe('loading')
    const { state } = journey(machine, [loaded(1), tick('ready'), loaded(2)])
    expect(state.context.data).toEqual({ n: 2 })
  })

  it('keeps the last answer when a refresh fails, with the server message or the fallback', () => {
    const failed = journey(machine, [loaded(1), refresh, refused]).state
    expect(failed.value).toBe('failed')
    expect(failed.context).toEqual({ data: { n: 1 }, error: 'Database unavailable' })
    expect(journey(machine, [unreachable]).state.context).toEqual({ data: null, error: LOAD_FAILED })
  })

  it('retries a failure on the next tick or on refresh, and clears the error once it works', () => {
    expect(journey(machine, [refused, tick('failed')]).state.value).toBe('loading')
    const { state } = journey(machine, [refused, refresh, loaded(3)])
    expect(state.value).toBe('ready')
    expect(state.context).toEqual({ data: { n: 3 }, error: null })
  })

  it('stops asking while the tab is hidden, and asks at once when shown', () => {
    for (const before of [[], [loaded(1)], [refused]]) {
      const hidden = journey(machine, [...before, hide]).state
      expect(hidden.value).toBe('hidden')
      // No tick and no refresh leaves hidden.
      expect(journey(machine, [...before, hide, refresh, tick('ready')]).state.value).toBe('hidden')
    }
    expect(journey(machine, [loaded(1), hide, show]).state.value).toBe('loading')
  })
})

describe('polling machine, run', () => {
  it(`fetches again every ${POLL_MS / 1000} s and not while hidden`, async () => {
    vi.useFakeTimers()
    try {
      let calls = 0
      const actor = createActor(
        machine.provide({
          actors: {
            fetch: fromPromise(async () => {
              calls += 1
              return { n: calls }
            }),
          },
        }),
      ).start()
      await vi.advanceTimersByTimeAsync(0)
      expect(calls).toBe(1)
      await vi.advanceTimersByTimeAsync(POLL_MS)
      expect(calls).toBe(2)
      expect(actor.getSnapshot().context.data).toEqual({ n: 2 })
      actor.send(hide)
      await vi.advanceTimersByTimeAsync(POLL_MS * 3)
      expect(calls).toBe(2)
      actor.send(show)
      await vi.advanceTimersByTimeAsync(0)
      expect(calls).toBe(3)
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })
})
