import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { LOAD_FAILED, POLL_MS, pollingMachine, RENEW_FAILED, SETTLE_MS } from '../../src/machines/polling.machine.ts'
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
const live = { type: 'live.status', status: 'live' } as const
const lost = { type: 'live.status', status: 'lost' } as const
const connecting = { type: 'live.status', status: 'connecting' } as const
const changed = { type: 'live.changed' } as const
const settled = { type: 'xstate.after.settle.polling.settling' } as never

describe('polling machine paths', () => {
  const reached = reachedStateNodes(machine, {
    events: [
      loaded(1),
      refused,
      tick('ready'),
      tick('failed'),
      refresh,
      renew,
      renewed(2),
      hide,
      show,
      live,
      lost,
      changed,
      settled,
    ],
  })
  it.each(stateNodeIds(machine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('holds the answer once loaded', () => {
    const { state } = journey(machine, [loaded(1)])
    expect(state.value).toBe('ready')
    expect(state.context).toEqual({ data: { n: 1 }, error: null, live: false, stale: false })
  })

  it('renews the source on request, keeping the answer on screen until the new one comes', () => {
    const renewing = journey(machine, [loaded(1), renew]).state
    expect(renewing.value).toBe('renewing')
    expect(renewing.context.data).toEqual({ n: 1 })
    expect(journey(machine, [loaded(1), renew, renewed(2)]).state.context).toEqual({
      data: { n: 2 },
      error: null,
      live: false,
      stale: false,
    })
    // A failed renewal says why and keeps the answer; the page stays ready and polls on.
    const failed = journey(machine, [loaded(1), renew, renewRefused]).state
    expect(failed.value).toBe('ready')
    expect(failed.context).toEqual({ data: { n: 1 }, error: RENEW_FAILED, live: false, stale: false })
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
    expect(failed.context).toEqual({ data: { n: 1 }, error: 'Database unavailable', live: false, stale: false })
    expect(journey(machine, [unreachable]).state.context).toEqual({
      data: null,
      error: LOAD_FAILED,
      live: false,
      stale: false,
    })
  })

  it('retries a failure on the next tick or on refresh, and clears the error once it works', () => {
    expect(journey(machine, [refused, tick('failed')]).state.value).toBe('loading')
    const { state } = journey(machine, [refused, refresh, loaded(3)])
    expect(state.value).toBe('ready')
    expect(state.context).toEqual({ data: { n: 3 }, error: null, live: false, stale: false })
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

describe('polling machine, live', () => {
  it('asks on its timer only while the stream is not live', () => {
    expect(journey(machine, [loaded(1), live, tick('ready')]).state.value).toBe('ready')
    expect(journey(machine, [live, loaded(1), tick('ready')]).state.value).toBe('ready')
    expect(journey(machine, [refused, live, tick('failed')]).state.value).toBe('failed')
    // Nobody said live, or it is connecting: the timer asks as before.
    expect(journey(machine, [loaded(1), connecting, tick('ready')]).state.value).toBe('loading')
  })

  it('loads at once when the stream is lost, then polls again', () => {
    const lostNow = journey(machine, [loaded(1), live, lost]).state
    expect(lostNow.value).toBe('loading')
    expect(lostNow.context).toMatchObject({ data: { n: 1 }, live: false })
    expect(journey(machine, [loaded(1), live, lost, loaded(2), tick('ready')]).state.value).toBe('loading')
    expect(journey(machine, [refused, live, connecting]).state.value).toBe('loading')
    // Not live before: losing nothing changes nothing.
    expect(journey(machine, [loaded(1), lost]).state.value).toBe('ready')
  })

  it('a told change loads again once the burst settles, keeping the answer meanwhile', () => {
    const settling = journey(machine, [loaded(1), live, changed, changed, changed]).state
    expect(settling.value).toBe('settling')
    expect(settling.context.data).toEqual({ n: 1 })
    expect(journey(machine, [loaded(1), live, changed, changed, settled]).state.value).toBe('loading')
    expect(journey(machine, [refused, changed]).state.value).toBe('settling')
    // A refresh asked for does not wait.
    expect(journey(machine, [loaded(1), changed, refresh]).state.value).toBe('loading')
  })

  it('a change told while loading is loaded after: the answer may be older than the news', () => {
    const stale = journey(machine, [live, changed, loaded(1)]).state
    expect(stale.value).toBe('settling')
    expect(stale.context.data).toEqual({ n: 1 })
    const fresh = journey(machine, [live, changed, loaded(1), settled, loaded(2)]).state
    expect(fresh.value).toBe('ready')
    expect(fresh.context).toMatchObject({ data: { n: 2 }, stale: false })
    expect(journey(machine, [loaded(1), renew, changed, renewed(2)]).state.value).toBe('settling')
  })

  it('a hidden tab ignores changes and loads when shown', () => {
    expect(journey(machine, [loaded(1), live, hide, changed]).state.value).toBe('hidden')
    expect(journey(machine, [loaded(1), live, hide, changed, show]).state.value).toBe('loading')
  })

  it(`runs: a burst of changes is one load ${SETTLE_MS} ms after the first, and no timer while live`, async () => {
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
      actor.send(live)
      await vi.advanceTimersByTimeAsync(0)
      expect(calls).toBe(1)
      await vi.advanceTimersByTimeAsync(POLL_MS * 3)
      expect(calls).toBe(1)
      for (let i = 0; i < 10; i++) actor.send(changed)
      await vi.advanceTimersByTimeAsync(SETTLE_MS - 1)
      expect(calls).toBe(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(calls).toBe(2)
      actor.send(lost)
      await vi.advanceTimersByTimeAsync(0)
      expect(calls).toBe(3)
      await vi.advanceTimersByTimeAsync(POLL_MS)
      expect(calls).toBe(4)
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
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
