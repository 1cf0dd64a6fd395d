import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { PasswordChangeForm } from '@vigil/domain/password-policy'
import {
  changePasswordMachine,
  PASSWORD_UPDATE_FAILED,
  PASSWORD_UPDATED,
} from '../../src/machines/change-password.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const form = (current_password: string, new_password: string, confirm_password: string): PasswordChangeForm => ({
  current_password,
  new_password,
  confirm_password,
})
const valid = form('old-secret', 'new-secret', 'new-secret')
const submit = (f: PasswordChangeForm) => ({ type: 'password.submit', form: f }) as const
const open = { type: 'password.open' } as const
const close = { type: 'password.close' } as const

const { done, error } = actorEvents(changePasswordMachine)
const changed = done('changePassword')
const serverError = error('changePassword', { status: 400, message: 'Current password is incorrect' })
const networkError = error('changePassword', { status: 0 })

const REQUIRED = 'All password fields are required!'
const MISMATCH = 'New passwords do not match!'
const SAME = 'Current and new password are the same. Use a different password!'

const reached = reachedStateNodes(changePasswordMachine, {
  events: [open, close, submit(form('', '', '')), submit(valid), changed, serverError, networkError],
})

describe('change password machine paths', () => {
  it.each(stateNodeIds(changePasswordMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('starts closed; opening shows the empty form', () => {
    expect(journey(changePasswordMachine, []).state.value).toBe('closed')
    const { state } = journey(changePasswordMachine, [open])
    expect(state.value).toBe('editing')
    expect(state.context.feedback).toBeNull()
  })

  it.each([
    [
      'all empty',
      form('', '', ''),
      { current_password: 'Required', new_password: 'Required', confirm_password: 'Required' },
    ],
    ['current empty', form('', 'new-secret', 'new-secret'), { current_password: 'Required' }],
    ['new empty', form('old-secret', '', 'new-secret'), { new_password: 'Required' }],
    ['confirm empty', form('old-secret', 'new-secret', ''), { confirm_password: 'Required' }],
  ])('%s: the required message, the empty fields flagged Required', (_, f, fields) => {
    const { state } = journey(changePasswordMachine, [open, submit(f)])
    expect(state.value).toBe('editing')
    expect(state.context.feedback).toEqual({ ok: false, severity: 'error', message: REQUIRED, fields })
  })

  it('new and confirm differ: the mismatch error, the confirmation marked beside it', () => {
    const { state } = journey(changePasswordMachine, [open, submit(form('old-secret', 'new-secret', 'new-secreT'))])
    expect(state.value).toBe('editing')
    expect(state.context.feedback).toEqual({
      ok: false,
      severity: 'error',
      message: MISMATCH,
      fields: { confirm_password: 'Does not match the new password' },
    })
  })

  it('new equals current: the warning, the new password marked beside it', () => {
    const { state } = journey(changePasswordMachine, [open, submit(form('same-secret', 'same-secret', 'same-secret'))])
    expect(state.value).toBe('editing')
    expect(state.context.feedback).toEqual({
      ok: false,
      severity: 'warning',
      message: SAME,
      fields: { new_password: 'Must differ from the current password' },
    })
  })

  it('no length rule: a one-character new password is sent', () => {
    expect(journey(changePasswordMachine, [open, submit(form('a', 'b', 'b'))]).state.value).toBe('submitting')
  })

  it('a valid form is submitted, clearing earlier feedback', () => {
    const { state } = journey(changePasswordMachine, [open, submit(form('', '', '')), submit(valid)])
    expect(state.value).toBe('submitting')
    expect(state.context.feedback).toBeNull()
  })

  it('success closes the dialog', () => {
    const { state } = journey(changePasswordMachine, [open, submit(valid), changed])
    expect(state.value).toBe('closed')
    expect(state.context.feedback).toBeNull()
  })

  it.each([
    ["the server's message", serverError, 'Current password is incorrect'],
    ['the fallback when the server was not reached', networkError, PASSWORD_UPDATE_FAILED],
  ])('failure shows %s and keeps the form open', (_, failure, message) => {
    const { state } = journey(changePasswordMachine, [open, submit(valid), failure])
    expect(state.value).toBe('editing')
    expect(state.context.feedback).toEqual({ ok: false, severity: 'error', message, fields: {} })
  })

  it("the server's messages of the form's fields are marked beside them; others are not", () => {
    const refused = error('changePassword', {
      status: 400,
      message: 'Current password is incorrect.',
      errors: { current_password: 'Current password is incorrect.', userId: 'userId is too long.' },
    })
    const { state } = journey(changePasswordMachine, [open, submit(valid), refused])
    expect(state.value).toBe('editing')
    expect(state.context.feedback).toEqual({
      ok: false,
      severity: 'error',
      message: 'Current password is incorrect.',
      fields: { current_password: 'Current password is incorrect.' },
    })
  })

  it('the texts are the spec ones', () => {
    expect(PASSWORD_UPDATE_FAILED).toBe('Failed to update password')
    expect(PASSWORD_UPDATED).toBe('Password updated successfully')
  })

  it('closing and opening again starts without feedback', () => {
    const { state } = journey(changePasswordMachine, [open, submit(form('', '', '')), close, open])
    expect(state.value).toBe('editing')
    expect(state.context.feedback).toBeNull()
  })

  it('a submit while closed or submitting does nothing', () => {
    expect(journey(changePasswordMachine, [submit(valid)]).state.value).toBe('closed')
    const { state } = journey(changePasswordMachine, [open, submit(valid), submit(form('', '', ''))])
    expect(state.value).toBe('submitting')
    expect(state.context.feedback).toBeNull()
  })
})

describe('change password machine, run', () => {
  const run = (changePassword: () => Promise<unknown>) => {
    const notifySuccess = vi.fn()
    const sent: unknown[] = []
    const actor = createActor(
      changePasswordMachine.provide({
        actors: {
          changePassword: fromPromise(async ({ input }) => {
            sent.push(input)
            return changePassword()
          }),
        },
        actions: { notifySuccess: (_, params) => notifySuccess(params) },
      }),
    ).start()
    actor.send(open)
    actor.send(submit(valid))
    return { actor, notifySuccess, sent }
  }

  it('sends current and new password only, then closes with the success message', async () => {
    const { actor, notifySuccess, sent } = run(async () => ({}))
    expect(actor.getSnapshot().value).toBe('submitting')
    await waitFor(actor, (s) => s.matches('closed'))
    expect(sent).toEqual([{ current_password: 'old-secret', new_password: 'new-secret' }])
    expect(notifySuccess.mock.calls).toEqual([[{ message: 'Password updated successfully' }]])
    actor.stop()
  })

  it.each([
    [
      'an API failure with a message',
      { status: 400, message: 'Current password is incorrect' },
      'Current password is incorrect',
    ],
    ['an API failure without one', { status: 500 }, 'Failed to update password'],
    ['a network error', new TypeError('Failed to fetch'), 'Failed to update password'],
  ])('%s: back to the form with its message, no success', async (_, failure, message) => {
    const { actor, notifySuccess } = run(() => Promise.reject(failure))
    await waitFor(actor, (s) => s.matches('editing'))
    expect(actor.getSnapshot().context.feedback?.message).toBe(message)
    expect(notifySuccess).not.toHaveBeenCalled()
    actor.stop()
  })

  it('an invalid form never reaches the server', () => {
    const changePassword = vi.fn()
    const actor = createActor(
      changePasswordMachine.provide({ actors: { changePassword: fromPromise(async () => changePassword()) } }),
    ).start()
    actor.send(open)
    actor.send(submit(form('x', 'y', 'z')))
    expect(actor.getSnapshot().value).toBe('editing')
    expect(changePassword).not.toHaveBeenCalled()
    actor.stop()
  })
})
