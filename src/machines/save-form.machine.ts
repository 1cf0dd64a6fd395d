import { assign, fromPromise, setup } from 'xstate'
import { failureMessage, isApiFailure } from '../domain/api-failure.ts'
import { FORM_FAILED } from './form.machine.ts'

/** A new record (POST, whole) or a change (PATCH, only the fields that differ). */
export type SaveRequest = { id: null; body: Record<string, unknown> } | { id: string; body: Record<string, unknown> }

/** The form's values checked: the request to send (null when nothing changed), or the fields' messages. */
export type Submission = { ok: true; request: SaveRequest | null } | { ok: false; errors: Record<string, string> }

/** Keeps the fields of `values` that differ from `before` (compared as JSON). */
export const changedFields = (values: Record<string, unknown>, before: Record<string, unknown>, skip?: string) =>
  Object.fromEntries(
    Object.entries(values).filter(([k, v]) => k !== skip && JSON.stringify(v) !== JSON.stringify(before[k])),
  )

interface Context<Input> {
  /** What the form edits (the record, or null for a new one, and whatever else the check needs). */
  input: Input
  request: SaveRequest | null
  errors: Record<string, string>
  message: string | null
}

type SubmitEvent = { type: 'form.submit'; values: Record<string, unknown> }

/**
 * The create and edit form of a record: checked as the server checks (`submission`), saved through the actor
 * `save` provided by an adapter (invoked as `saveId`), then closed; nothing is sent when nothing changed. A
 * refusal shows the server's message and its errors at their fields. `saved` hears of the stored record (null:
 * nothing changed).
 */
export const saveFormMachine = <Input, Saved>(opts: {
  id: string
  saveId: string
  submission: (input: Input, values: Record<string, unknown>) => Submission
}) => {
  const submissionOf = (context: Context<Input>, event: { type: string }) =>
    opts.submission(context.input, (event as SubmitEvent).values)
  return setup({
    types: {} as { context: Context<Input>; input: Input; events: SubmitEvent },
    actors: {
      save: fromPromise<Saved, SaveRequest>(async () => {
        throw new Error(`${opts.saveId}: not provided`)
      }),
    },
    actions: {
      saved: (_, _params: { saved: Saved | null }) => {},
    },
    guards: {
      isInvalid: ({ context, event }) => !submissionOf(context, event).ok,
      isUnchanged: ({ context, event }) => {
        const submission = submissionOf(context, event)
        return submission.ok && submission.request === null
      },
    },
  }).createMachine({
    id: opts.id,
    context: ({ input }) => ({ input, request: null, errors: {}, message: null }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'form.submit': [
            {
              guard: 'isInvalid',
              actions: assign({
                errors: ({ context, event }) => {
                  const submission = submissionOf(context, event)
                  return submission.ok ? {} : submission.errors
                },
                message: null,
              }),
            },
            // Nothing changed: nothing to send.
            { guard: 'isUnchanged', target: 'saved', actions: { type: 'saved', params: { saved: null } } },
            {
              target: 'submitting',
              actions: assign({
                request: ({ context, event }) => {
                  const submission = submissionOf(context, event)
                  return submission.ok ? submission.request : null
                },
                errors: {},
                message: null,
              }),
            },
          ],
        },
      },
      submitting: {
        invoke: {
          id: opts.saveId,
          src: 'save',
          input: ({ context }) => context.request as SaveRequest,
          onDone: {
            target: 'saved',
            actions: { type: 'saved', params: ({ event }) => ({ saved: event.output }) },
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
      saved: { type: 'final' },
    },
  })
}
