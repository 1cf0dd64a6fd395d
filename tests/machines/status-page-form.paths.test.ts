import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { FORM_FAILED } from '../../src/machines/form.machine.ts'
import {
  type StatusPageSaveRequest,
  statusPageFormMachine,
  statusPageSubmission,
} from '../../src/machines/status-page-form.machine.ts'
import { statusPage } from '../fixtures/status-pages.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const create = { page: null }
const edit = { page: statusPage() }
const { done, error } = actorEvents(statusPageFormMachine)
const submit = (values: Record<string, unknown>) => ({ type: 'form.submit', values }) as const
const values = (over: Record<string, unknown> = {}) => ({
  name: ' Acme status ',
  slug: ' Acme ',
  description: 'How **Acme** is doing.',
  logo_url: null,
  show_response_times: false,
  published: true,
  components: [
    { monitor_id: 'w1', display_name: 'Website', group: '' },
    { monitor_id: 'a1', display_name: 'API', group: 'Backend' },
  ],
  ...over,
})
const valid = submit(values())
const invalid = submit(values({ name: '', slug: 'api', components: [{ monitor_id: 'w1', display_name: ' ' }] }))
const unchanged = submit(values({ name: 'Acme status', slug: 'acme' }))
const stored = done('savePage', statusPage())
const taken = error('savePage', {
  status: 409,
  message: 'This public id is taken: choose another.',
  errors: { slug: 'This public id is taken: choose another.' },
})
const overLimit = error('savePage', {
  status: 403,
  message: 'Your Basic plan allows 1 status page. Delete one or upgrade your plan to add more.',
})

describe('status page form machine paths', () => {
  const reached = reachedStateNodes(statusPageFormMachine, {
    input: create,
    events: [valid, invalid, stored, taken, overLimit],
  })
  it.each(stateNodeIds(statusPageFormMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('keeps invalid values on the form with the schema message at each field and row', () => {
    const { state } = journey(statusPageFormMachine, [invalid], create)
    expect(state.value).toBe('editing')
    expect(state.context.errors).toEqual({
      name: 'Name is required.',
      slug: '"api" is reserved: choose another public id.',
      'components.0.display_name': 'Public name is required.',
    })
  })

  it('sends a new page whole, as the schema makes it, and closes once stored', () => {
    const submitting = journey(statusPageFormMachine, [valid], create).state
    expect(submitting.value).toBe('submitting')
    expect(submitting.context.request).toEqual({ id: null, body: { ...values(), name: 'Acme status', slug: 'acme' } })
    expect(journey(statusPageFormMachine, [valid, stored], create).state.value).toBe('saved')
  })

  it.each([
    [taken, 'This public id is taken: choose another.', { slug: 'This public id is taken: choose another.' }],
    [overLimit, 'Your Basic plan allows 1 status page. Delete one or upgrade your plan to add more.', {}],
    [error('savePage', { status: 0 }), FORM_FAILED, {}],
  ])('shows the server message and its field errors after a refusal (%#)', (failure, message, errors) => {
    const { state } = journey(statusPageFormMachine, [valid, failure], create)
    expect(state.value).toBe('editing')
    expect(state.context.message).toBe(message)
    expect(state.context.errors).toEqual(errors)
  })

  it('closes at once when an edit changes nothing', () => {
    expect(journey(statusPageFormMachine, [unchanged], edit).state.value).toBe('saved')
  })
})

describe('statusPageSubmission', () => {
  it('an edit sends only what changed; components go as the whole new list', () => {
    const page = statusPage()
    expect(statusPageSubmission(page, values({ slug: 'acme', name: 'Acme status' }))).toEqual({
      ok: true,
      request: null,
    })
    expect(statusPageSubmission(page, values({ name: 'Acme Inc.', published: false }))).toEqual({
      ok: true,
      request: { id: page.id, body: { name: 'Acme Inc.', published: false } },
    })
    const reordered = [
      { monitor_id: 'a1', display_name: 'API', group: 'Backend' },
      { monitor_id: 'w1', display_name: 'Website', group: '' },
    ]
    expect(statusPageSubmission(page, values({ components: reordered }))).toEqual({
      ok: true,
      request: { id: page.id, body: { components: reordered } },
    })
    expect(statusPageSubmission(page, values({ logo_url: 'logo.png' }))).toEqual({
      ok: false,
      errors: { logo_url: 'The logo URL must start with https://.' },
    })
  })

  it('refuses a monitor twice, as the server does', () => {
    const twice = [
      { monitor_id: 'w1', display_name: 'Website', group: '' },
      { monitor_id: 'w1', display_name: 'Site', group: '' },
    ]
    expect(statusPageSubmission(null, values({ components: twice }))).toEqual({
      ok: false,
      errors: { components: 'Each monitor can be on a page once.' },
    })
  })
})

describe('status page form machine, run', () => {
  it('saves an edit through the provided actor and reports the stored page', async () => {
    const requests: StatusPageSaveRequest[] = []
    const onSaved = vi.fn()
    const actor = createActor(
      statusPageFormMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            requests.push(input)
            return statusPage({ published: false })
          }),
        },
        actions: { saved: (_, p) => onSaved(p.saved) },
      }),
      { input: edit },
    ).start()
    actor.send(submit(values({ name: '' })))
    expect(requests).toEqual([])
    actor.send(submit(values({ published: false })))
    await waitFor(actor, (s) => s.matches('saved'))
    expect(requests).toEqual([{ id: 'sp-1', body: { published: false } }])
    expect(onSaved).toHaveBeenCalledWith(statusPage({ published: false }))
  })
})

describe('status page form machine, messages as the values change (every save form)', () => {
  const change = (over: Record<string, unknown>) => ({ type: 'form.change', values: values(over) }) as const
  const invalidValues = { name: '', slug: 'api', components: [{ monitor_id: 'w1', display_name: ' ' }] }

  it('after a refused submit, each field’s message follows its value', () => {
    const { state } = journey(
      statusPageFormMachine,
      [invalid, change({ ...invalidValues, name: 'Acme', components: [{ monitor_id: 'w1', display_name: 'Web' }] })],
      create,
    )
    expect(state.context.errors).toEqual({ slug: '"api" is reserved: choose another public id.' })
    expect(journey(statusPageFormMachine, [invalid, change({})], create).state.context.errors).toEqual({})
  })

  it('keeps the server’s refusal of the public id until the id changes, and its message with it', () => {
    const kept = journey(statusPageFormMachine, [valid, taken, change({ name: 'Acme, Inc.' })], create)
    expect(kept.state.context.errors).toEqual({ slug: 'This public id is taken: choose another.' })
    const moved = journey(statusPageFormMachine, [valid, taken, change({ slug: 'acme-2' })], create)
    expect(moved.state.context).toMatchObject({ errors: {}, message: null })
  })
})
