import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { FORM_FAILED } from '../../src/machines/form.machine.ts'
import { monitorFormMachine, monitorSubmission, type SaveRequest } from '../../src/machines/monitor-form.machine.ts'
import { apiMonitor, portMonitor, webMonitor } from '../fixtures/monitors.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const create = { type: 'web' as const, monitor: null }
const edit = { type: 'web' as const, monitor: webMonitor() }
const { done, error } = actorEvents(monitorFormMachine)
const submit = (values: Record<string, unknown>) => ({ type: 'form.submit', values }) as const
const validWeb = submit({ name: ' Shop ', url: 'https://shop.example.com', interval_seconds: 600 })
const invalidWeb = submit({ name: '', url: 'ftp://x', interval_seconds: 600, timeout_seconds: 900 })
const saved = done('saveMonitor', webMonitor({ name: 'Shop' }))
const planLimit = error('saveMonitor', {
  status: 403,
  message: 'Your Basic plan allows 20 monitors. Upgrade to Pro for more.',
})
const badField = error('saveMonitor', {
  status: 400,
  message: 'Invalid input',
  errors: { url: 'This host cannot be reached.' },
})

describe('monitor form machine paths', () => {
  const reached = reachedStateNodes(monitorFormMachine, {
    input: create,
    events: [validWeb, invalidWeb, saved, planLimit],
  })
  it.each(stateNodeIds(monitorFormMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('keeps invalid values on the form with the schema message at each field', () => {
    const { state } = journey(monitorFormMachine, [invalidWeb], create)
    expect(state.value).toBe('editing')
    expect(state.context.errors).toEqual({
      name: 'Name is required.',
      url: 'URL must start with http:// or https://.',
      timeout_seconds: 'Timeout must be at most 120.',
    })
  })

  it('checks the rules across fields once each field is valid', () => {
    const { state } = journey(
      monitorFormMachine,
      [submit({ name: 'Shop', url: 'https://shop.example.com', interval_seconds: 60, timeout_seconds: 90 })],
      create,
    )
    expect(state.context.errors).toEqual({ timeout_seconds: 'Timeout must not be longer than the interval.' })
  })

  it('sends a new monitor whole, parsed by the schema (trimmed, defaults filled in)', () => {
    const { state } = journey(monitorFormMachine, [validWeb], create)
    expect(state.value).toBe('submitting')
    expect(state.context.request).toEqual({
      id: null,
      body: {
        type: 'web',
        name: 'Shop',
        url: 'https://shop.example.com',
        interval_seconds: 600,
        timeout_seconds: 10,
        retries: 1,
        retry_interval_seconds: 20,
        recovery_checks: 1,
        degraded_threshold_ms: null,
        integration_ids: null,
        reminder_minutes: null,
        sla_target: 99.9,
        method: 'GET',
        expected_status: '200-299',
        follow_redirects: true,
        verify_tls: true,
        keyword: '',
        keyword_absent: false,
      },
    })
    expect(journey(monitorFormMachine, [validWeb, saved], create).state.value).toBe('saved')
  })

  it.each([
    [planLimit, 'Your Basic plan allows 20 monitors. Upgrade to Pro for more.', {}],
    [badField, 'Invalid input', { url: 'This host cannot be reached.' }],
    [error('saveMonitor', { status: 0 }), FORM_FAILED, {}],
  ])('shows the server message and its field errors after a refusal (%#)', (failure, message, errors) => {
    const { state } = journey(monitorFormMachine, [validWeb, failure], create)
    expect(state.value).toBe('editing')
    expect(state.context.message).toBe(message)
    expect(state.context.errors).toEqual(errors)
  })

  it('an edit sends only the fields that changed; no change saves without a request', () => {
    const m = webMonitor()
    const same = { ...m } as Record<string, unknown>
    const changedState = journey(
      monitorFormMachine,
      [submit({ ...same, name: 'Renamed', interval_seconds: 900 })],
      edit,
    ).state
    expect(changedState.context.request).toEqual({ id: 'w1', body: { name: 'Renamed', interval_seconds: 900 } })
    expect(journey(monitorFormMachine, [submit(same)], edit).state.value).toBe('saved')
  })
})

describe('monitorSubmission', () => {
  it('keys an assertion error by its place, as the server does', () => {
    const m = apiMonitor()
    const result = monitorSubmission('api', null, {
      ...m,
      assertions: [{ type: 'json', path: 'status', operator: 'equals', value: 'ok' }],
    })
    expect(result).toEqual({ ok: false, errors: { 'assertions.0.path': 'Use a JSON path such as $.a.b.' } })
  })

  it('a port monitor needs its port; an edit of it sends the new port only', () => {
    expect(monitorSubmission('port', null, { name: 'Db', host: 'db.example.com' })).toEqual({
      ok: false,
      errors: { port: 'Port is required.' },
    })
    const m = portMonitor()
    expect(monitorSubmission('port', m, { ...m, port: 6432 })).toEqual({
      ok: true,
      request: { id: 'p1', body: { port: 6432 } },
    })
  })
})

describe('monitor form machine, run', () => {
  it('saves through the provided actor and reports the stored monitor', async () => {
    const requests: SaveRequest[] = []
    const savedMonitor = webMonitor({ name: 'Shop' })
    const onSaved = vi.fn()
    const actor = createActor(
      monitorFormMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            requests.push(input)
            return savedMonitor
          }),
        },
        actions: { saved: (_, p) => onSaved(p.saved) },
      }),
      { input: create },
    ).start()
    actor.send(invalidWeb)
    expect(requests).toEqual([])
    actor.send(validWeb)
    await waitFor(actor, (s) => s.matches('saved'))
    expect(requests).toHaveLength(1)
    expect(requests[0]?.id).toBeNull()
    expect(onSaved).toHaveBeenCalledWith(savedMonitor)
  })
})
