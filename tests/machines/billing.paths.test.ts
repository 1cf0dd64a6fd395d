import { describe, expect, it } from 'vitest'
import {
  BILLING_ACTION_FAILED,
  BILLING_LOAD_FAILED,
  billingMachine,
  PAYMENT_NOT_CONFIRMED,
} from '../../src/machines/billing.machine.ts'
import { billingOverview, paidPlan, subscription } from '../fixtures/plans.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const basic = billingOverview()
const paid = billingOverview({ subscription: subscription({ title: 'Pro' }), trial_available: false, paid: paidPlan() })

const { done, error } = actorEvents(billingMachine)
const loadedBasic = done('fetchOverview', basic)
const loadedPaid = done('fetchOverview', paid)
const loadFailed = error('fetchOverview', { status: 0 })
const checkedBasic = done('checkOverview', basic)
const checkedPaid = done('checkOverview', paid)
const checkFailed = error('checkOverview', { status: 0 })
const checkout = { type: 'billing.act', action: { kind: 'checkout', frequency: 'Yearly' } } as const
const cancel = { type: 'billing.act', action: { kind: 'cancel', value: true } } as const
const toStripe = done('act', { leaveTo: 'https://checkout.stripe.test/c/pay/cs_1' })
const changed = done('act', { overview: paid })
const refused = error('act', { status: 402, message: 'Your card was declined.' })
const unreachable = error('act', { status: 0 })
const retry = { type: 'billing.retry' } as const
const tick = { type: 'xstate.after.confirmEvery.billing.confirming.waiting' } as never
const patienceOut = { type: 'xstate.after.confirmPatience.billing.confirming' } as never

const events = [
  loadedBasic,
  loadedPaid,
  loadFailed,
  checkedBasic,
  checkedPaid,
  checkFailed,
  checkout,
  cancel,
  toStripe,
  changed,
  refused,
  retry,
  tick,
  patienceOut,
]

describe('billing machine paths', () => {
  const reached = new Set(
    [{ awaitingPayment: false }, { awaitingPayment: true }].flatMap((input) => [
      ...reachedStateNodes(billingMachine, { events, input }),
    ]),
  )
  it.each(stateNodeIds(billingMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('reads the billing, or says why it could not and reads again', () => {
    expect(journey(billingMachine, [loadedBasic], { awaitingPayment: false }).state.value).toBe('ready')
    const failed = journey(billingMachine, [loadFailed], { awaitingPayment: false }).state
    expect(failed.context.error).toBe(BILLING_LOAD_FAILED)
    expect(journey(billingMachine, [loadFailed, retry], { awaitingPayment: false }).state.value).toBe('loading')
  })

  it('leaves for Stripe with the page as the way there, or shows why it could not', () => {
    const left = journey(billingMachine, [loadedBasic, checkout, toStripe], { awaitingPayment: false }).state
    expect(left.value).toBe('leaving')
    expect(left.context.leavingTo).toBe('https://checkout.stripe.test/c/pay/cs_1')
    const declined = journey(billingMachine, [loadedBasic, checkout, refused], { awaitingPayment: false }).state
    expect(declined.value).toBe('ready')
    expect(declined.context).toMatchObject({ message: 'Your card was declined.', pending: null })
    expect(
      journey(billingMachine, [loadedBasic, checkout, unreachable], { awaitingPayment: false }).state.context.message,
    ).toBe(BILLING_ACTION_FAILED)
  })

  it('takes one action at a time, and keeps the billing it answers with', () => {
    const acting = journey(billingMachine, [loadedBasic, cancel, checkout], { awaitingPayment: false }).state
    expect(acting.value).toBe('acting')
    expect(acting.context.pending).toEqual(cancel.action)
    const after = journey(billingMachine, [loadedBasic, cancel, changed], { awaitingPayment: false }).state
    expect(after.value).toBe('ready')
    expect(after.context.overview).toBe(paid)
  })

  it('back from checkout, asks until Stripe has confirmed, through failures to read', () => {
    const input = { awaitingPayment: true }
    expect(journey(billingMachine, [loadedBasic], input).state.matches({ confirming: 'waiting' })).toBe(true)
    expect(journey(billingMachine, [loadedBasic, tick], input).state.matches({ confirming: 'checking' })).toBe(true)
    expect(journey(billingMachine, [loadedBasic, tick, checkedBasic], input).state.matches('confirming')).toBe(true)
    expect(journey(billingMachine, [loadedBasic, tick, checkFailed], input).state.matches('confirming')).toBe(true)
    const confirmed = journey(billingMachine, [loadedBasic, tick, checkedPaid], input).state
    expect(confirmed.value).toBe('ready')
    expect(confirmed.context).toMatchObject({ overview: paid, awaitingPayment: false, message: null })
    // Already confirmed when the page opened: nothing to wait for.
    expect(journey(billingMachine, [loadedPaid], input).state.value).toBe('ready')
  })

  it('says so when Stripe has not confirmed in time, and asks again on request', () => {
    const input = { awaitingPayment: true }
    const late = journey(billingMachine, [loadedBasic, patienceOut], input).state
    expect(late.value).toBe('ready')
    expect(late.context.message).toBe(PAYMENT_NOT_CONFIRMED)
    const again = journey(billingMachine, [loadedBasic, patienceOut, retry], input).state
    expect(again.matches('confirming')).toBe(true)
    expect(again.context.message).toBeNull()
    // Without a payment to wait for, retry in `ready` does nothing.
    expect(journey(billingMachine, [loadedBasic, retry], { awaitingPayment: false }).state.value).toBe('ready')
  })
})
