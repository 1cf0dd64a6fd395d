import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { LoginInput } from '@vigil/domain/auth.schema'
import { FORM_FAILED, formMachine } from '../../src/machines/form.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const input = { schema: LoginInput }
const { done, error } = actorEvents(formMachine)
const valid = { type: 'form.submit', values: { email: 'Ann@Example.com', password: 'secret12' } } as const
const invalid = { type: 'form.submit', values: { email: 'nope', password: '' } } as const
const edit = { type: 'form.edit' } as const
const answered = done('submit', { token: 't' })
const refused = error('submit', { status: 401, message: 'The email or password is incorrect.' })
const fieldErrors = error('submit', {
  status: 409,
  message: 'Taken',
  errors: { email: 'This email is already registered.' },
})
const unreachable = error('submit', { status: 0 })

describe('form machine paths', () => {
  const reached = reachedStateNodes(formMachine, { input, events: [valid, invalid, edit, answered, refused] })
  it.each(stateNodeIds(formMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('keeps invalid values on the form with a message per field', () => {
    const { state } = journey(formMachine, [invalid], input)
    expect(state.value).toBe('editing')
    expect(state.context.errors).toEqual({ email: 'Enter a valid email address.', password: 'Password is required.' })
  })

  it('submits valid values and ends succeeded with the answer', () => {
    const { state } = journey(formMachine, [valid, answered], input)
    expect(state.value).toBe('succeeded')
    expect(state.context.result).toEqual({ token: 't' })
  })

  it.each([
    [refused, 'The email or password is incorrect.', {}],
    [fieldErrors, 'Taken', { email: 'This email is already registered.' }],
    [unreachable, FORM_FAILED, {}],
  ])('shows the server message or the fallback after a failure (%#)', (failure, message, errors) => {
    const { state } = journey(formMachine, [valid, failure], input)
    expect(state.value).toBe('editing')
    expect(state.context.message).toBe(message)
    expect(state.context.errors).toEqual(errors)
  })

  it('clears the message on the next valid submit, and can be edited after success', () => {
    expect(journey(formMachine, [valid, refused, valid], input).state.context.message).toBeNull()
    expect(journey(formMachine, [valid, answered, edit], input).state.value).toBe('editing')
  })
})

describe('form machine, run', () => {
  it('sends the parsed values (trimmed, lower-cased email) and reports success', async () => {
    const submit = vi.fn(async (values: unknown) => ({ echoed: values }))
    const succeeded = vi.fn()
    const actor = createActor(
      formMachine.provide({
        actors: { submit: fromPromise(({ input: values }) => submit(values)) },
        actions: { succeeded: (_, params) => succeeded(params.output) },
      }),
      { input },
    ).start()
    actor.send({ type: 'form.submit', values: { email: ' Ann@Example.com ', password: 'secret12' } })
    await waitFor(actor, (s) => s.matches('succeeded'))
    expect(submit).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'secret12' })
    expect(succeeded).toHaveBeenCalledWith({ echoed: { email: 'ann@example.com', password: 'secret12' } })
  })

  it('never calls the server for invalid values', () => {
    const submit = vi.fn(async (): Promise<unknown> => ({}))
    const actor = createActor(formMachine.provide({ actors: { submit: fromPromise(submit) } }), { input }).start()
    actor.send(invalid)
    expect(submit).not.toHaveBeenCalled()
    expect(actor.getSnapshot().value).toBe('editing')
  })
})

describe('form machine, messages as the values change', () => {
  const change = (values: Record<string, unknown>) => ({ type: 'form.change', values }) as const
  const emailTaken = error('submit', {
    status: 409,
    message: 'This email is already registered.',
    errors: { email: 'This email is already registered.' },
  })

  it('says nothing while the user types before the first submit', () => {
    expect(journey(formMachine, [change({ email: 'no', password: '' })], input).state.context.errors).toEqual({})
  })

  it('after a refused submit, a field’s message goes once its value is valid and comes back when it is not', () => {
    const fixed = journey(formMachine, [invalid, change({ email: 'ann@example.com', password: '' })], input)
    expect(fixed.state.context.errors).toEqual({ password: 'Password is required.' })
    const broken = journey(
      formMachine,
      [invalid, change({ email: 'ann@example.com', password: 'secret12' }), change({ email: 'ann@', password: 'x' })],
      input,
    )
    expect(broken.state.context.errors).toEqual({ email: 'Enter a valid email address.' })
  })

  it('keeps the server’s message of a field while it holds the refused value, and drops it when it changes', () => {
    const same = journey(formMachine, [valid, emailTaken, change({ ...valid.values, password: 'other123' })], input)
    expect(same.state.context.errors).toEqual({ email: 'This email is already registered.' })
    // The message on top was the field's: it goes with it.
    const changed = journey(
      formMachine,
      [valid, emailTaken, change({ ...valid.values, email: 'bo@example.com' })],
      input,
    )
    expect(changed.state.context.errors).toEqual({})
    expect(changed.state.context.message).toBeNull()
    // A message of its own (not a field's) stays until the next submit.
    const own = journey(formMachine, [valid, fieldErrors, change({ ...valid.values, email: 'bo@example.com' })], input)
    expect(own.state.context).toMatchObject({ errors: {}, message: 'Taken' })
  })
})
