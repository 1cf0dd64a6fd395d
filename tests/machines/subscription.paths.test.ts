import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { Subscription } from '@vigil/domain/subscription'
import { SUBSCRIPTION_FETCH_FAILED, subscriptionMachine } from '../../src/machines/subscription.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const subscription: Subscription = {
  subscription_id: 's1',
  title: 'Pro',
  billing_frequency: 'Monthly',
  is_free_trial: false,
  start_date: '2026-01-15T12:00:00.000Z',
  validity_end_date: '2026-02-15T12:00:00.000Z',
  plan: {
    plan_id: 'p-pro',
    title: 'Pro',
    description: 'Pro plan',
    price_monthly_cents: 1900,
    price_yearly_cents: 19000,
    trial_days: 15,
    limits: { max_monitors: 50, min_interval_seconds: 60, retention_days: 90, max_status_pages: 5 },
    planAccesses: [{ feature: 'Reporting', access: true }],
  },
}

const { done, error } = actorEvents(subscriptionMachine)
const loaded = done('fetchSubscription', subscription)
const serverError = error('fetchSubscription', { status: 400, message: 'X' })
const networkError = error('fetchSubscription', { status: 0 })
const noMessage = error('fetchSubscription', { status: 500, message: '' })
const fetch = { type: 'subscription.fetch' } as const
const clear = { type: 'subscription.clear' } as const

const reached = reachedStateNodes(subscriptionMachine, {
  events: [loaded, serverError, networkError, noMessage, fetch, clear],
})

describe('subscription machine paths', () => {
  it.each(stateNodeIds(subscriptionMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('starts loading with nothing', () => {
    const { state } = journey(subscriptionMachine, [])
    expect(state.value).toBe('loading')
    expect(state.context).toEqual({ subscription: null, error: null })
  })

  it('holds the subscription once loaded', () => {
    const { state } = journey(subscriptionMachine, [loaded])
    expect(state.value).toBe('loaded')
    expect(state.context).toEqual({ subscription, error: null })
  })

  it.each([
    ["the server's message", serverError, 'X'],
    ['the fallback when the server was not reached', networkError, SUBSCRIPTION_FETCH_FAILED],
    ['the fallback when the message is empty', noMessage, SUBSCRIPTION_FETCH_FAILED],
  ])('a failure stores %s', (_, failure, message) => {
    const { state } = journey(subscriptionMachine, [failure])
    expect(state.value).toBe('failed')
    expect(state.context).toEqual({ subscription: null, error: message })
  })

  it('the fallback text is the spec one', () => expect(SUBSCRIPTION_FETCH_FAILED).toBe('Failed to fetch subscription'))

  it.each([
    ['loaded', [loaded]],
    ['failed', [serverError]],
    ['loading', []],
  ])('clear from %s empties it', (_, before) => {
    const { state } = journey(subscriptionMachine, [...before, clear])
    expect(state.value).toBe('cleared')
    expect(state.context).toEqual({ subscription: null, error: null })
  })

  it('fetching again after a failure clears the error while loading', () => {
    const { state } = journey(subscriptionMachine, [serverError, fetch])
    expect(state.value).toBe('loading')
    expect(state.context.error).toBeNull()
    expect(journey(subscriptionMachine, [serverError, fetch, loaded]).state.context).toEqual({
      subscription,
      error: null,
    })
  })

  it('fetching again after clear loads it again', () => {
    const { state } = journey(subscriptionMachine, [loaded, clear, fetch, loaded])
    expect(state.value).toBe('loaded')
    expect(state.context.subscription).toEqual(subscription)
  })

  it('a failure after a successful load keeps the data and holds the error', () => {
    const { state } = journey(subscriptionMachine, [loaded, fetch, networkError])
    expect(state.value).toBe('failed')
    expect(state.context).toEqual({ subscription, error: SUBSCRIPTION_FETCH_FAILED })
  })
})

describe('subscription machine, run', () => {
  it('stores the server message of a rejected fetch', async () => {
    const actor = createActor(
      subscriptionMachine.provide({
        actors: { fetchSubscription: fromPromise(() => Promise.reject({ status: 400, message: 'X' })) },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.error).toBe('X')
    actor.stop()
  })

  it('uses the fallback for an error that is not an API failure', async () => {
    const actor = createActor(
      subscriptionMachine.provide({
        actors: { fetchSubscription: fromPromise(() => Promise.reject(new TypeError('Failed to fetch'))) },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.error).toBe(SUBSCRIPTION_FETCH_FAILED)
    actor.stop()
  })
})
