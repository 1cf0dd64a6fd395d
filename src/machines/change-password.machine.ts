import { failureMessage, isApiFailure } from '@vigil/domain/api-failure'
import {
  type PasswordChangeForm,
  type PasswordFormResult,
  passwordFieldErrors,
  validatePasswordChange,
} from '@vigil/domain/password-policy'
import { assign, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

export const PASSWORD_UPDATE_FAILED = 'Failed to update password'
export const PASSWORD_UPDATED = 'Password updated successfully'

type Feedback = Extract<PasswordFormResult, { ok: false }>

// The Change Password dialog: validate, submit, success; or the server's
// message, or 'Failed to update password'.
export const changePasswordMachine = setup({
  types: {} as {
    context: { feedback: Feedback | null }
    events:
      | { type: 'password.open' }
      | { type: 'password.close' }
      | { type: 'password.submit'; form: PasswordChangeForm }
  },
  actors: {
    changePassword: toProvide<unknown, { current_password: string; new_password: string }>('changePassword'),
  },
  actions: {
    notifySuccess: (_, _params: { message: string }) => {},
  },
  guards: {
    isValid: ({ event }) => event.type === 'password.submit' && validatePasswordChange(event.form).ok,
  },
}).createMachine({
  id: 'changePassword',
  context: { feedback: null },
  initial: 'closed',
  states: {
    closed: { on: { 'password.open': { target: 'editing', actions: assign({ feedback: null }) } } },
    editing: {
      on: {
        'password.close': 'closed',
        'password.submit': [
          { guard: 'isValid', target: 'submitting', actions: assign({ feedback: null }) },
          {
            actions: assign({
              feedback: ({ event }) => validatePasswordChange(event.form) as Feedback,
            }),
          },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ event }) => {
          const form = (event as { form: PasswordChangeForm }).form
          return { current_password: form.current_password, new_password: form.new_password }
        },
        onDone: { target: 'closed', actions: { type: 'notifySuccess', params: { message: PASSWORD_UPDATED } } },
        onError: {
          target: 'editing',
          actions: assign({
            feedback: ({ event }) => ({
              ok: false as const,
              severity: 'error' as const,
              message: failureMessage(event.error, PASSWORD_UPDATE_FAILED),
              // A field the server found at fault (the current password) is marked beside it too.
              fields: isApiFailure(event.error) ? passwordFieldErrors(event.error.errors ?? {}) : {},
            }),
          }),
        },
      },
    },
  },
})
