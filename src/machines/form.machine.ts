import {
  checkForm,
  type FormSchema,
  messagesAsTyped,
  type Refusal,
  refusalOf,
  topMessage,
} from '@vigil/domain/form-validation'
import { assign, raise, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

export const FORM_FAILED = 'Something went wrong. Please try again.'

interface Context {
  schema: FormSchema
  errors: Record<string, string>
  message: string | null
  /** The last answer of a successful submit, for forms that stay on the page (forgot password). */
  result: unknown
  /** Whether a submit was refused: from then on the messages follow the values as they are typed. */
  refused: boolean
  /** What the server refused of the last submit sent. */
  refusal: Refusal | null
  /** The values of the submit being sent. */
  sent: Record<string, unknown>
}

// The flow of the sign-in, sign-up and password-reset forms: check with the domain schema, submit,
// then succeed, or show the server's message and its per-field errors.
export const formMachine = setup({
  types: {} as {
    context: Context
    input: { schema: FormSchema }
    events:
      | { type: 'form.submit'; values: Record<string, unknown> }
      /** The values changed (typed, chosen): after a refused submit, the messages follow them. */
      | { type: 'form.change'; values: Record<string, unknown> }
      | { type: 'form.edit' }
  },
  actors: {
    submit: toProvide<unknown, unknown>('submit'),
  },
  actions: {
    succeeded: (_, _params: { output: unknown }) => {},
  },
  guards: {
    isValid: ({ context, event }) => event.type === 'form.submit' && checkForm(context.schema, event.values).ok,
    wasRefused: ({ context }) => context.refused,
  },
}).createMachine({
  id: 'form',
  context: ({ input }) => ({
    schema: input.schema,
    errors: {},
    message: null,
    result: null,
    refused: false,
    refusal: null,
    sent: {},
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': [
          {
            guard: 'isValid',
            target: 'submitting',
            actions: assign({ errors: {}, message: null, refusal: null, sent: ({ event }) => event.values }),
          },
          {
            actions: assign({
              errors: ({ context, event }) => {
                const check = checkForm(context.schema, event.values)
                return check.ok ? {} : check.errors
              },
              message: null,
              refused: true,
              refusal: null,
            }),
          },
        ],
        'form.change': {
          guard: 'wasRefused',
          actions: assign(({ context, event }) => {
            const check = checkForm(context.schema, event.values)
            return messagesAsTyped(check.ok ? {} : check.errors, context.refusal, event.values)
          }),
        },
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
          actions: assign(({ context, event }) => {
            const refusal = refusalOf(event.error, context.sent, FORM_FAILED)
            const { errors, message } = refusal
            return { message: topMessage(message, errors), errors, refused: true, refusal }
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
