import { failureMessage, isApiFailure } from '@vigil/domain/api-failure'
import type { BlacklistCheck as BlacklistCheckAnswer } from '@vigil/domain/check-details'
import { BlacklistCheckInput } from '@vigil/domain/check-details'
import { checkForm } from '@vigil/domain/form-validation'
import { assign, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

export const BLACKLIST_CHECK_FAILED = 'The check could not be run. Please try again.'

/** A one-off check's answer: what was found, and when. */
export type BlacklistCheck = BlacklistCheckAnswer['result']

interface Context {
  /** The target being checked or last checked, as the schema left it (trimmed, lower case). */
  target: string
  result: BlacklistCheck | null
  errors: Record<string, string>
  message: string | null
}

type CheckEvent = { type: 'blacklist.check'; target: string }
const checked = (event: { type: string }) => checkForm(BlacklistCheckInput, { target: (event as CheckEvent).target })

// The Check Black List page's one-off check: the target is checked with the server's own schema, then
// asked about (it may take seconds); the answer stays on the page until the next one. A refusal (a bad
// target, the plan, too many checks) says why and keeps the last answer.
export const blacklistCheckMachine = setup({
  types: {} as { context: Context; events: CheckEvent },
  actors: {
    checkBlacklist: toProvide<BlacklistCheck, { target: string }>('checkBlacklist'),
  },
  guards: {
    isInvalid: ({ event }) => !checked(event).ok,
  },
}).createMachine({
  id: 'blacklistCheck',
  context: { target: '', result: null, errors: {}, message: null },
  initial: 'idle',
  on: {
    'blacklist.check': [
      {
        guard: 'isInvalid',
        target: '.idle',
        actions: assign({
          errors: ({ event }) => {
            const check = checked(event)
            return check.ok ? {} : check.errors
          },
          message: null,
        }),
      },
      {
        target: '.checking',
        actions: assign({
          target: ({ event }) => {
            const check = checked(event)
            return check.ok ? check.output.target : ''
          },
          errors: {},
          message: null,
        }),
      },
    ],
  },
  states: {
    // Nothing asked yet, or the target typed is not one the check takes.
    idle: {},
    checking: {
      // A second check waits for this one.
      on: { 'blacklist.check': {} },
      invoke: {
        id: 'checkBlacklist',
        src: 'checkBlacklist',
        input: ({ context }) => ({ target: context.target }),
        onDone: { target: 'checked', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            message: ({ event }) => failureMessage(event.error, BLACKLIST_CHECK_FAILED),
            errors: ({ event }) => (isApiFailure(event.error) ? { ...event.error.errors } : {}),
          }),
        },
      },
    },
    checked: {},
    failed: {},
  },
})
