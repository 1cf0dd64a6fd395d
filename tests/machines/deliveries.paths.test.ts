import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  DELIVERIES_LOAD_FAILED,
  DELIVERIES_PER_PAGE,
  type DeliveryQuery,
  deliveriesMachine,
} from '../../src/machines/deliveries.machine.ts'
import { delivery, failedDelivery } from '../fixtures/integrations.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const input = { integrationId: 'int-slack' }
const page = (n: number) => ({
  deliveries: [n === 1 ? delivery() : failedDelivery()],
  pagination: { total: 11, page: n, limit: DELIVERIES_PER_PAGE, total_pages: 2 },
})
const { done, error } = actorEvents(deliveriesMachine)
const loaded = done('fetchDeliveries', page(1))
const failed = error('fetchDeliveries', { status: 0 })
const next = { type: 'deliveries.page', page: 2 } as const
const retry = { type: 'deliveries.retry' } as const

describe('deliveries machine paths', () => {
  const reached = reachedStateNodes(deliveriesMachine, { input, events: [loaded, failed, next, retry] })
  it.each(stateNodeIds(deliveriesMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('shows the first page, then another, keeping the last one while it loads', () => {
    expect(journey(deliveriesMachine, [loaded], input).state.context).toMatchObject({ page: 1, data: page(1) })
    const loading = journey(deliveriesMachine, [loaded, next], input).state
    expect(loading.value).toBe('loading')
    expect(loading.context).toMatchObject({ page: 2, data: page(1) })
  })

  it('says why a page failed and tries again, or another page', () => {
    const state = journey(deliveriesMachine, [failed], input).state
    expect(state.value).toBe('failed')
    expect(state.context.error).toBe(DELIVERIES_LOAD_FAILED)
    expect(journey(deliveriesMachine, [failed, retry], input).state.value).toBe('loading')
    expect(
      journey(deliveriesMachine, [loaded, next, failed, { type: 'deliveries.page', page: 1 }], input).state.context
        .page,
    ).toBe(1)
    expect(journey(deliveriesMachine, [failed, retry, loaded], input).state.context.error).toBeNull()
  })
})

describe('deliveries machine, run', () => {
  it('asks for the channel’s pages', async () => {
    const queries: DeliveryQuery[] = []
    const actor = createActor(
      deliveriesMachine.provide({
        actors: {
          fetchDeliveries: fromPromise(async ({ input: q }) => {
            queries.push(q)
            return page(q.page)
          }),
        },
      }),
      { input },
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send(next)
    await waitFor(actor, (s) => s.matches('ready') && s.context.page === 2)
    expect(queries).toEqual([
      { id: 'int-slack', page: 1, limit: DELIVERIES_PER_PAGE },
      { id: 'int-slack', page: 2, limit: DELIVERIES_PER_PAGE },
    ])
    expect(actor.getSnapshot().context.data).toEqual(page(2))
    actor.stop()
  })
})
