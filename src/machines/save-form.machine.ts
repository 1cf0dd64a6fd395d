import { checkForm, type FormSchema, messagesAsTyped, type Refusal, refusalOf } from '@vigil/domain/form-validation'
import { assign, setup } from 'xstate'
import { FORM_FAILED } from './form.machine.ts'
import { toProvide } from './to-provide.ts'

/** A new record (POST, whole) or a change (PATCH, only the fields that differ). */
export type SaveRequest = { id: null; body: Record<string, unknown> } | { id: string; body: Record<string, unknown> }

/** The form's values checked: the request to send (null when nothing changed), or the fields' messages. */
export type Submission = { ok: true; request: SaveRequest | null } | { ok: false; errors: Record<string, string> }

/** Keeps the fields of `values` that differ from `before` (compared as JSON). */
export const changedFields = (values: Record<string, unknown>, before: Record<string, unknown>, skip?: string) =>
  Object.fromEntries(
    Object.entries(values).filter(([k, v]) => k !== skip && JSON.stringify(v) !== JSON.stringify(before[k])),
  )

/**
 * An edit's request: none when nothing changed, else the changes checked with the server's patch schema, for the
 * record `id`. `at` moves a message to the input that shows it (a nested field's to its own).
 */
export const patchRequest = (
  schema: FormSchema,
  id: string,
  changes: Record<string, unknown>,
  at: (errors: Record<string, string>) => Record<string, string> = (errors) => errors,
): Submission => {
  if (Object.keys(changes).length === 0) return { ok: true, request: null }
  const patch = checkForm(schema, changes)
  if (!patch.ok) return { ok: false, errors: at(patch.errors) }
  return { ok: true, request: { id, body: patch.output as Record<string, unknown> } }
}

/**
 * A create-or-edit form's submission: the values checked whole with the server's input schema (a new record and a
 * change alike), then a change as the patch of the fields that differ from the stored record's `values` (as the
 * schema reads them; `skip` is a field an edit never sends).
 */
export const wholeOrPatch = (
  schemas: { whole: FormSchema; patch: FormSchema },
  values: unknown,
  stored: { id: string; values: Record<string, unknown>; skip?: string } | null,
): Submission => {
  const whole = checkForm(schemas.whole, values)
  if (!whole.ok) return whole
  const output = whole.output as Record<string, unknown>
  if (!stored) return { ok: true, request: { id: null, body: output } }
  return patchRequest(schemas.patch, stored.id, changedFields(output, stored.values, stored.skip))
}

/** A patch's messages at the form's inputs: a credential's (`credentials.client_secret`) at its own. */
const credentialsAtFields = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^credentials\./, ''), message]))

/**
 * An edit of a connected cloud account: the fields that changed and, when new ones were given, the credentials
 * (`null`: the stored ones stay), checked with the account's patch schema.
 */
export const accountPatchRequest = (
  schema: FormSchema,
  id: string,
  changed: Record<string, unknown>,
  credentials: Record<string, unknown> | null,
): Submission => patchRequest(schema, id, { ...changed, ...(credentials && { credentials }) }, credentialsAtFields)

type SaveFormContext<Input> = {
  /** What the form edits (the record, or null for a new one, and whatever else the check needs). */
  input: Input
  request: SaveRequest | null
  errors: Record<string, string>
  message: string | null
  /** Whether a submit was refused: from then on the messages follow the values as they are typed. */
  refused: boolean
  /** What the server refused of the last save. */
  refusal: Refusal | null
  /** The values of the save being sent. */
  sent: Record<string, unknown>
}

/** The form's values, and what else its submit carries (the type a new channel is to have). */
type SubmitEvent<Submit> = { type: 'form.submit'; values: Record<string, unknown> } & Submit

export type SaveFormEvent<Submit = unknown> =
  | SubmitEvent<Submit>
  /** The values changed (typed, chosen), with what a submit carries: after a refused submit, the messages follow. */
  | ({ type: 'form.change'; values: Record<string, unknown> } & Submit)
  /** Another choice on the form (a channel's type) made its messages moot. */
  | { type: 'form.clear' }
  /** The user is done with the step after the save. */
  | { type: 'form.done' }

/**
 * The create and edit form of a record: checked as the server checks (`submission`), saved through the actor
 * `save` provided by an adapter (invoked as `saveId`), then closed; nothing is sent when nothing changed. A
 * refusal shows the server's message and its errors at their fields. `saved` hears of the stored record (null:
 * nothing changed).
 *
 * A form may keep fields of its own (`extra`) and add a step after the save (`afterSave`): when `keep` finds in the
 * save's answer something the user must see once (a webhook's signing secret), the form keeps it in those fields and
 * waits in the step's state until `form.done`.
 */
export const saveFormMachine = <
  Input,
  Saved,
  Extra extends Record<string, unknown> = Record<never, never>,
  Submit = unknown,
  Step extends string = never,
>(opts: {
  id: string
  saveId: string
  submission: (input: Input, values: Record<string, unknown>, event: SubmitEvent<Submit>) => Submission
  /** The form's own fields, as they start. */
  extra?: Extra
  /** The step's state, and what it keeps of the save's answer (null: no step, the form ends at once). */
  afterSave?: { state: Step; keep: (saved: Saved) => Partial<Extra> | null }
}) => {
  type Context = SaveFormContext<Input> & Extra
  /** The context with these fields changed (the form's own fields make it a type TypeScript cannot assign to). */
  const changed = (fields: Partial<SaveFormContext<Input>> | Partial<Extra>) => fields as Partial<Context>
  const submissionOf = (context: Context, event: { type: string }) => {
    const submit = event as SubmitEvent<Submit>
    return opts.submission(context.input, submit.values, submit)
  }
  const after = opts.afterSave
  const form = setup({
    types: {} as { context: Context; input: Input; events: SaveFormEvent<Submit> },
    actors: {
      save: toProvide<Saved, SaveRequest>(opts.saveId),
    },
    actions: {
      saved: (_, _params: { saved: Saved | null }) => {},
    },
    guards: {
      isInvalid: ({ context, event }) => !submissionOf(context, event).ok,
      wasRefused: ({ context }) => context.refused,
      isUnchanged: ({ context, event }) => {
        const submission = submissionOf(context, event)
        return submission.ok && submission.request === null
      },
      hasStep: (_, params: { saved: Saved }) => after?.keep(params.saved) != null,
    },
  })
  return form.createMachine({
    id: opts.id,
    context: ({ input }) => ({
      ...(opts.extra as Extra),
      input,
      request: null,
      errors: {},
      message: null,
      refused: false,
      refusal: null,
      sent: {},
    }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          'form.clear': { actions: form.assign(() => changed({ errors: {}, message: null, refusal: null })) },
          'form.change': {
            guard: 'wasRefused',
            actions: form.assign(({ context, event }) => {
              const submission = submissionOf(context, event)
              const checked = submission.ok ? {} : submission.errors
              const values = (event as SubmitEvent<Submit>).values
              return changed(messagesAsTyped(checked, context.refusal, values))
            }),
          },
          'form.submit': [
            {
              guard: 'isInvalid',
              actions: form.assign(({ context, event }) => {
                const submission = submissionOf(context, event)
                return changed({
                  errors: submission.ok ? {} : submission.errors,
                  message: null,
                  refused: true,
                  refusal: null,
                })
              }),
            },
            // Nothing changed: nothing to send.
            { guard: 'isUnchanged', target: 'saved', actions: { type: 'saved', params: { saved: null } } },
            {
              target: 'submitting',
              actions: form.assign(({ context, event }) => {
                const submission = submissionOf(context, event)
                return changed({
                  request: submission.ok ? submission.request : null,
                  errors: {},
                  message: null,
                  refusal: null,
                  sent: (event as SubmitEvent<Submit>).values,
                })
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
          onDone: [
            ...(after
              ? [
                  {
                    guard: {
                      type: 'hasStep' as const,
                      params: ({ event }: { event: { output: Saved } }) => ({ saved: event.output }),
                    },
                    target: after.state,
                    actions: [
                      form.assign(({ event }) =>
                        changed(after.keep((event as unknown as { output: Saved }).output) ?? {}),
                      ),
                      {
                        type: 'saved' as const,
                        params: ({ event }: { event: { output: Saved } }) => ({ saved: event.output }),
                      },
                    ],
                  },
                ]
              : []),
            {
              target: 'saved',
              actions: { type: 'saved', params: ({ event }) => ({ saved: event.output }) },
            },
          ],
          onError: {
            target: 'editing',
            actions: assign(({ context, event }) => {
              const refusal = refusalOf(event.error, context.sent, FORM_FAILED)
              return changed({ message: refusal.message, errors: refusal.errors, refused: true, refusal })
            }),
          },
        },
      },
      // Saved; what the step shows is on screen until the user is done with it.
      ...((after ? { [after.state]: { on: { 'form.done': 'saved' } } } : {}) as Record<
        Step,
        { on: { 'form.done': 'saved' } }
      >),
      saved: { type: 'final' },
    },
  })
}
