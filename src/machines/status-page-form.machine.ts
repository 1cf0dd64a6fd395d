import { assign, fromPromise, setup } from 'xstate'
import { failureMessage, isApiFailure } from '../domain/api-failure.ts'
import { checkForm } from '../domain/form-validation.ts'
import { type StatusPage, StatusPageInput, StatusPagePatch } from '../domain/status-page.schema.ts'
import { FORM_FAILED } from './form.machine.ts'

/** The form's values, as the schemas take them: texts, booleans and the list of components. */
export type StatusPageValues = Record<string, unknown>

/** A new page (POST, whole) or a change (PATCH, only the fields that differ). */
export type StatusPageSaveRequest =
  | { id: null; body: Record<string, unknown> }
  | { id: string; body: Record<string, unknown> }

type Submission = { ok: true; request: StatusPageSaveRequest | null } | { ok: false; errors: Record<string, string> }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** A stored page as the form's schema reads it, to tell what an edit changes. */
const valuesOfPage = (page: StatusPage): Record<string, unknown> => ({
  name: page.name,
  slug: page.slug,
  description: page.description,
  logo_url: page.logo_url,
  show_response_times: page.show_response_times,
  published: page.published,
  components: page.components.map((c) => ({ monitor_id: c.monitor_id, display_name: c.display_name, group: c.group })),
})

/**
 * Checks the values with the server's own schema, whole (a new page and a change alike), then a change as the
 * patch of the fields that differ from the stored page. `request` is null when nothing changed.
 */
export const statusPageSubmission = (page: StatusPage | null, values: StatusPageValues): Submission => {
  const whole = checkForm(StatusPageInput, values)
  if (!whole.ok) return whole
  if (!page) return { ok: true, request: { id: null, body: whole.output } }
  const before = valuesOfPage(page)
  const changes = Object.fromEntries(
    Object.entries(whole.output as Record<string, unknown>).filter(([k, v]) => !same(v, before[k])),
  )
  if (Object.keys(changes).length === 0) return { ok: true, request: null }
  const patch = checkForm(StatusPagePatch, changes)
  if (!patch.ok) return patch
  return { ok: true, request: { id: page.id, body: patch.output as Record<string, unknown> } }
}

interface Context {
  /** The page being edited; null for a new one. */
  page: StatusPage | null
  request: StatusPageSaveRequest | null
  errors: Record<string, string>
  message: string | null
}

type SubmitEvent = { type: 'form.submit'; values: StatusPageValues }
const submissionOf = (context: Context, event: { type: string }) =>
  statusPageSubmission(context.page, (event as SubmitEvent).values)

// The create and edit forms of a status page: checked as the server checks, saved, then closed. A refusal shows
// the server's message (the plan's number of pages, a public id taken) and its errors at their fields.
export const statusPageFormMachine = setup({
  types: {} as { context: Context; input: { page: StatusPage | null }; events: SubmitEvent },
  actors: {
    savePage: fromPromise<StatusPage, StatusPageSaveRequest>(async () => {
      throw new Error('savePage: not provided')
    }),
  },
  actions: {
    saved: (_, _params: { page: StatusPage | null }) => {},
  },
  guards: {
    isInvalid: ({ context, event }) => !submissionOf(context, event).ok,
    isUnchanged: ({ context, event }) => {
      const submission = submissionOf(context, event)
      return submission.ok && submission.request === null
    },
  },
}).createMachine({
  id: 'statusPageForm',
  context: ({ input }) => ({ page: input.page, request: null, errors: {}, message: null }),
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
          { guard: 'isUnchanged', target: 'saved', actions: { type: 'saved', params: { page: null } } },
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
        id: 'savePage',
        src: 'savePage',
        input: ({ context }) => context.request as StatusPageSaveRequest,
        onDone: { target: 'saved', actions: { type: 'saved', params: ({ event }) => ({ page: event.output }) } },
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
