import { failureMessage, isApiFailure } from '@vigil/domain/api-failure'
import { checkForm, type FormSchema } from '@vigil/domain/form-validation'
import { assign, raise, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

export const FORM_FAILED = 'Something went wrong. Please try again.'

interface Context {
  schema: FormSchema
  errors: Record<string, string>
  message: string | null
  /** The last answer of a successful submit, for forms that stay on the page (forgot password). */
  result: unknown
}

// The flow of the sign-in, sign-up and password-reset forms: check with the domain schema, submit,
// then succeed, or show the server's message and its per-field errors.
export const formMachine = setup({
  types: {} as {
    context: Context
    input: { schema: FormSchema }
    events: { type: 'form.submit'; values: Record<string, unknown> } | { type: 'form.edit' }
  },
  actors: {
    submit: toProvide<unknown, unknown>('submit'),
  },
  actions: {
    succeeded: (_, _params: { output: unknown }) => {},
  },
  guards: {
    isValid: ({ context, event }) => event.type === 'form.submit' && checkForm(context.schema, event.values).ok,
  },
}).createMachine({
  id: 'form',
  context: ({ input }) => ({ schema: input.schema, errors: {}, message: null, result: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: assign({ errors: {}, message: null }) },
          {
            actions: assign({
              errors: ({ context, event }) => {
                const check = checkForm(context.schema, event.values)
                return check.ok ? {} : check.errors
              },
              message: null,
            }),
          },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context, event }: { context: Context; event: { type: string; values?: unknown } }) => {
          const check = checkForm(context.schema, event.values)
          return check.ok ? check.output : undefined
        },
        onDone: {
          target: 'succeeded',
          actions: [
            assign({ result: ({ event }) => event.output }),
            { type: 'succeeded', params: ({ event }) => ({ output: event.output }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({
            message: ({ event }) => failureMessage(event.error, FORM_FAILED),
            errors: ({ event }) => (isApiFailure(event.error) ? { ...event.error.errors } : {}),
          }),
        },
      },
    },
    // Submitted; a form that stays on the page can be edited and sent again.
    // Sent again: editing takes it, so an invalid field shows its message there.
    succeeded: {
      on: { 'form.edit': 'editing', 'form.submit': { target: 'editing', actions: raise(({ event }) => event) } },
    },
  },
})
