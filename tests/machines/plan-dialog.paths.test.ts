import { FIRST_MONITOR_PATH, UPGRADE_PATH } from '@vigil/domain/plan-dialog'
import type { Subscription } from '@vigil/domain/subscription'
import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { planDialogMachine } from '../../src/machines/plan-dialog.machine.ts'
import { journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const subscription: Subscription = {
  subscription_id: 's1',
  title: 'Basic',
  billing_frequency: 'Monthly',
  is_free_trial: false,
  start_date: '2026-01-15T12:00:00.000Z',
  validity_end_date: null,
  plan: {
    plan_id: 'p-basic',
    title: 'Basic',
    description: 'Basic plan',
    price_monthly_cents: 0,
    price_yearly_cents: 0,
    trial_days: 0,
    limits: { max_monitors: 5, min_interval_seconds: 300, retention_days: 7, max_status_pages: 1 },
    planAccesses: [],
  },
}

const loaded = { type: 'plan.subscriptionLoaded', subscription } as const
const close = { type: 'plan.close' } as const
const upgrade = { type: 'plan.upgrade' } as const
const addMonitor = { type: 'plan.addMonitor' } as const
const events = [loaded, close, upgrade, addMonitor]
const signup = { search: '?is_signup=true' }

describe('plan dialog machine paths', () => {
  const reached = new Set(
    [signup, { search: '' }].flatMap((input) => [...reachedStateNodes(planDialogMachine, { events, input })]),
  )
  it.each(stateNodeIds(planDialogMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('waits for the subscription, with nothing shown', () => {
    const { state } = journey(planDialogMachine, [close, upgrade], signup)
    expect(state.value).toBe('waiting')
    expect(state.context).toEqual({ search: '?is_signup=true', subscription: null })
  })

  it.each([
    ['?is_signup=true', 'open'],
    ['?is_signup', 'open'],
    ['?is_signup=', 'open'],
    ['?tab=billing&is_signup=1', 'open'],
    ['', 'done'],
    ['?', 'done'],
    ['?tab=billing', 'done'],
    ['?is_signup_x=1', 'done'],
    ['?IS_SIGNUP=1', 'done'],
  ])('with search %j the loaded subscription leads to %s', (search, value) => {
    const { state } = journey(planDialogMachine, [loaded], { search })
    expect(state.value).toBe(value)
    expect(state.context.subscription).toEqual(value === 'open' ? subscription : null)
  })

  it('not a signup redirect: it is over for good (final) and never opens', () => {
    const { state } = journey(planDialogMachine, [loaded, loaded], { search: '' })
    expect(state.value).toBe('done')
    expect(state.status).toBe('done')
  })

  it.each([
    ['close', close],
    ['upgrade', upgrade],
    ['add your first monitor', addMonitor],
  ])('%s closes it to the final state, once', (_, event) => {
    const { state } = journey(planDialogMachine, [loaded, event, loaded], signup)
    expect(state.value).toBe('done')
    expect(state.status).toBe('done')
  })
})

describe('plan dialog machine, run', () => {
  const run = () => {
    const removeSignupFlag = vi.fn()
    const navigate = vi.fn()
    const actor = createActor(
      planDialogMachine.provide({ actions: { removeSignupFlag, navigate: (_, params) => navigate(params) } }),
      { input: signup },
    ).start()
    actor.send(loaded)
    return { actor, removeSignupFlag, navigate }
  }

  it('close removes is_signup from the URL and goes nowhere', () => {
    const { actor, removeSignupFlag, navigate } = run()
    actor.send(close)
    expect(removeSignupFlag).toHaveBeenCalledTimes(1)
    expect(navigate).not.toHaveBeenCalled()
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('upgrade removes is_signup and goes to the upgrade page with the free trial', () => {
    const { actor, removeSignupFlag, navigate } = run()
    actor.send(upgrade)
    expect(removeSignupFlag).toHaveBeenCalledTimes(1)
    expect(navigate.mock.calls).toEqual([[{ path: '/upgrade_to_pro?is_free_trial=true' }]])
    expect(UPGRADE_PATH).toBe('/upgrade_to_pro?is_free_trial=true')
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('"Add your first monitor" removes is_signup and opens the dashboard\'s add menu', () => {
    const { actor, removeSignupFlag, navigate } = run()
    actor.send(addMonitor)
    expect(removeSignupFlag).toHaveBeenCalledTimes(1)
    expect(navigate.mock.calls).toEqual([[{ path: '/dashboard?add=monitor' }]])
    expect(FIRST_MONITOR_PATH).toBe('/dashboard?add=monitor')
    expect(actor.getSnapshot().status).toBe('done')
  })
})
