import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { LOAD_ONCE_FAILED, loadMachine } from '../../src/machines/load.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const machine = loadMachine<{ n: number }>()
const { done, error } = actorEvents(machine)
const loaded = done('fetch', { n: 1 })
const refused = error('fetch', { status: 500, message: 'Database unavailable' })
const unreachable = error('fetch', { status: 0 })
const retry = { type: 'load.retry' } as const

describe('load machine paths', () => {
  const reached = reachedStateNodes(machine, { events: [loaded, refused, retry] })
  it.each(stateNodeIds(machine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('holds the answer once loaded, and asks no more', () => {
    const { state } = journey(machine, [loaded, retry])
    expect(state.value).toBe('ready')
    expect(state.context).toEqual({ data: { n: 1 }, error: null })
  })

  it('says why it failed, with the server message or the fallback, and tries again', () => {
    expect(journey(machine, [refused]).state.context.error).toBe('Database unavailable')
    expect(journey(machine, [unreachable]).state.context.error).toBe(LOAD_ONCE_FAILED)
    expect(journey(machine, [unreachable, retry]).state.value).toBe('loading')
    expect(journey(machine, [unreachable, retry, loaded]).state.context).toEqual({ data: { n: 1 }, error: null })
  })
})

describe('load machine, run', () => {
  it('loads once through the provided fetch', async () => {
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
    await waitFor(actor, (s) => s.matches('ready'))
    expect(calls).toBe(1)
    expect(actor.getSnapshot().context.data).toEqual({ n: 1 })
    actor.stop()
  })
})
