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
    context: {
      feedback: Feedback | null
      /** Whether a submit was refused since the dialog opened: from then on the feedback follows the fields. */
      refusedOnce: boolean
      /** The form sent to the server: what it refused, while its feedback is shown. */
      refused: PasswordChangeForm | null
    }
    events:
      | { type: 'password.open' }
      | { type: 'password.close' }
      | { type: 'password.submit'; form: PasswordChangeForm }
      /** The fields changed: after a refused submit, the feedback follows them. */
      | { type: 'password.change'; form: PasswordChangeForm }
  },
  actors: {
    changePassword: toProvide<unknown, { current_password: string; new_password: string }>('changePassword'),
  },
  actions: {
    notifySuccess: (_, _params: { message: string }) => {},
  },
  guards: {
    isValid: ({ event }) => event.type === 'password.submit' && validatePasswordChange(event.form).ok,
    wasRefused: ({ context }) => context.refusedOnce,
  },
}).createMachine({
  id: 'changePassword',
  context: { feedback: null, refused: null, refusedOnce: false },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'password.open': { target: 'editing', actions: assign({ feedback: null, refused: null, refusedOnce: false }) },
      },
    },
    editing: {
      on: {
        'password.close': 'closed',
        'password.submit': [
          {
            guard: 'isValid',
            target: 'submitting',
            actions: assign({ feedback: null, refused: ({ event }) => event.form }),
          },
          {
            actions: assign({
              feedback: ({ event }) => validatePasswordChange(event.form) as Feedback,
              refused: null,
              refusedOnce: true,
            }),
          },
        ],
        // Once something is said, it follows the fields: the form's own check now, or the server's refusal while
        // the fields are still the ones it refused.
        'password.change': {
          guard: 'wasRefused',
          actions: assign(({ context, event }) => {
            const check = validatePasswordChange(event.form)
            if (!check.ok) return { feedback: check as Feedback, refused: null }
            const holds = JSON.stringify(context.refused) === JSON.stringify(event.form)
            return holds ? {} : { feedback: null, refused: null }
          }),
        },
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
            refusedOnce: true,
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
