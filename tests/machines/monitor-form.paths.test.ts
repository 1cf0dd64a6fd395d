import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { FORM_FAILED } from '../../src/machines/form.machine.ts'
import {
  monitorFormMachine,
  monitorSubmission,
  monitorSubmissionWithTags,
  type SaveRequest,
} from '../../src/machines/monitor-form.machine.ts'
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
        tls_trust: { mode: 'public' },
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

  it('a new monitor cannot take a masked credential header (a copy of another): it is typed again', () => {
    const copy = apiMonitor({ headers: { accept: 'application/json', Authorization: '••••••••1234' } })
    expect(monitorSubmission('api', null, { ...copy, name: 'Copy of Orders API' })).toEqual({
      ok: false,
      errors: {
        headers: 'Type the value of the Authorization header: a saved secret is never shown, so it is not copied.',
      },
    })
    // An edit sends it back as it came: the server keeps the stored value.
    const edit = monitorSubmission('api', copy, { ...copy, name: 'Renamed' })
    expect(edit).toEqual({ ok: true, request: { id: 'a1', body: { name: 'Renamed' } } })
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

describe('monitorSubmissionWithTags', () => {
  const shop = { name: 'Shop', url: 'https://shop.example.com', interval_seconds: 600 }
  const tagged = (m: ReturnType<typeof webMonitor>) => ({
    ...m,
    tags: [{ id: 't1', name: 'eu', color: 'blue' as const }],
  })

  it('carries the new names typed, once each whatever their case, beside the ids chosen', () => {
    const result = monitorSubmissionWithTags('web', null, shop, ['t1'], [' billing ', 'Billing', 'shop'])
    expect(result).toMatchObject({ ok: true, request: { id: null, tagIds: ['t1'], newTags: ['billing', 'shop'] } })
  })

  it('a new name alone is a change of an edit (its body empty); the same ids and no new name are none', () => {
    const m = tagged(webMonitor())
    const same = { ...m } as Record<string, unknown>
    expect(monitorSubmissionWithTags('web', m, same, ['t1'], ['shop'])).toEqual({
      ok: true,
      request: { id: 'w1', body: {}, tagIds: ['t1'], newTags: ['shop'], unchanged: m },
    })
    expect(monitorSubmissionWithTags('web', m, same, ['t1'], [])).toEqual({ ok: true, request: null })
  })

  it("refuses a new name the server would refuse, and more tags than a monitor has, at the tags' field", () => {
    expect(monitorSubmissionWithTags('web', null, shop, [], ['eu,us'])).toEqual({
      ok: false,
      errors: { tags: '“eu,us”: A tag name is one line, without commas.' },
    })
    const ids = Array.from({ length: 20 }, (_, i) => `t${i}`)
    expect(monitorSubmissionWithTags('web', null, { ...shop, name: '' }, ids, ['one more'])).toEqual({
      ok: false,
      errors: { name: 'Name is required.', tags: 'A monitor has at most 20 tags.' },
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
