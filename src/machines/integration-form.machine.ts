import { assign, fromPromise, setup } from 'xstate'
import { failureMessage, isApiFailure } from '../domain/api-failure.ts'
import { checkForm } from '../domain/form-validation.ts'
import {
  INTEGRATION_SETTINGS,
  type Integration,
  IntegrationInput,
  type IntegrationType,
  integrationPatchSchema,
  SECRET_SETTINGS,
} from '../domain/integration.schema.ts'
import { FORM_FAILED } from './form.machine.ts'

/** The form's values: the name and the settings of the type, as typed. */
export type IntegrationValues = Record<string, unknown>

/** A new channel (POST, whole) or a change (PATCH, only what differs). */
export type IntegrationSaveRequest =
  | { id: null; body: { type: IntegrationType } & Record<string, unknown> }
  | { id: string; body: Record<string, unknown> }

/** What the server answers to a save: the channel, and a new webhook's signing secret, once. */
export interface IntegrationSaved {
  integration: Integration
  webhook_secret?: string
}

type Submission = { ok: true; request: IntegrationSaveRequest | null } | { ok: false; errors: Record<string, string> }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

const isEmpty = (value: unknown) => typeof value === 'string' && value.trim() === ''

/**
 * A secret left empty is not sent: an edit keeps the old one (the form cannot show it), and a new channel gets
 * the server's own for a secret that may be left out (a webhook's signing secret).
 */
const withoutEmptySecrets = (type: IntegrationType, values: IntegrationValues, editing: boolean): IntegrationValues =>
  Object.fromEntries(
    Object.entries(values).filter(([key, value]) => {
      if (!SECRET_SETTINGS[type].includes(key) || !isEmpty(value)) return true
      const settings: Record<string, { type: string }> = INTEGRATION_SETTINGS[type]
      return !editing && settings[key]?.type !== 'optional'
    }),
  )

/**
 * Checks the values with the server's own schemas: a new channel with `IntegrationInput`, a change with its
 * type's patch schema, then only what differs from the channel is sent (a secret typed in always is: the
 * server shows secrets masked). `request` is null when nothing changed.
 */
export const integrationSubmission = (
  type: IntegrationType,
  integration: Integration | null,
  values: IntegrationValues,
): Submission => {
  const typed = withoutEmptySecrets(type, values, integration !== null)
  if (!integration) {
    const whole = checkForm(IntegrationInput, { ...typed, type })
    if (!whole.ok) return whole
    return { ok: true, request: { id: null, body: whole.output } }
  }
  const { type: _, ...fields } = typed
  const patch = checkForm(integrationPatchSchema(integration.type), fields)
  if (!patch.ok) return patch
  const before: Record<string, unknown> = {
    name: integration.name,
    enabled: integration.enabled,
    ...integration.settings,
  }
  const changes = Object.fromEntries(
    Object.entries(patch.output as Record<string, unknown>).filter(
      ([key, value]) => SECRET_SETTINGS[integration.type].includes(key) || !same(value, before[key]),
    ),
  )
  if (Object.keys(changes).length === 0) return { ok: true, request: null }
  return { ok: true, request: { id: integration.id, body: changes } }
}

interface Context {
  /** The channel being edited; null for a new one. */
  integration: Integration | null
  request: IntegrationSaveRequest | null
  errors: Record<string, string>
  message: string | null
  /** A new webhook's signing secret, shown once. */
  secret: string | null
}

type SubmitEvent = { type: 'form.submit'; integrationType: IntegrationType; values: IntegrationValues }
const submissionOf = (context: Context, event: { type: string }) => {
  const e = event as SubmitEvent
  return integrationSubmission(context.integration?.type ?? e.integrationType, context.integration, e.values)
}

// The add and edit forms of an alert channel: checked as the server checks, saved, then closed; a new
// webhook's signing secret is shown once before the form closes. A refusal shows the server's message and
// its errors at their fields.
export const integrationFormMachine = setup({
  types: {} as {
    context: Context
    input: { integration: Integration | null }
    events: SubmitEvent | { type: 'form.clear' } | { type: 'form.done' }
  },
  actors: {
    saveIntegration: fromPromise<IntegrationSaved, IntegrationSaveRequest>(async () => {
      throw new Error('saveIntegration: not provided')
    }),
  },
  actions: {
    saved: (_, _params: { integration: Integration | null }) => {},
  },
  guards: {
    isInvalid: ({ context, event }) => !submissionOf(context, event).ok,
    isUnchanged: ({ context, event }) => {
      const submission = submissionOf(context, event)
      return submission.ok && submission.request === null
    },
    hasSecret: ({ event }) => typeof (event as { output?: IntegrationSaved }).output?.webhook_secret === 'string',
  },
}).createMachine({
  id: 'integrationForm',
  context: ({ input }) => ({ integration: input.integration, request: null, errors: {}, message: null, secret: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        // Another type was chosen: the old type's messages no longer apply.
        'form.clear': { actions: assign({ errors: {}, message: null }) },
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
          { guard: 'isUnchanged', target: 'saved', actions: { type: 'saved', params: { integration: null } } },
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
        id: 'saveIntegration',
        src: 'saveIntegration',
        input: ({ context }) => context.request as IntegrationSaveRequest,
        onDone: [
          {
            guard: 'hasSecret',
            target: 'revealingSecret',
            actions: [
              assign({ secret: ({ event }) => event.output.webhook_secret ?? null }),
              { type: 'saved', params: ({ event }) => ({ integration: event.output.integration }) },
            ],
          },
          {
            target: 'saved',
            actions: { type: 'saved', params: ({ event }) => ({ integration: event.output.integration }) },
          },
        ],
        onError: {
          target: 'editing',
          actions: assign({
            message: ({ event }) => failureMessage(event.error, FORM_FAILED),
            errors: ({ event }) => (isApiFailure(event.error) ? { ...event.error.errors } : {}),
          }),
        },
      },
    },
    // Saved; the webhook's signing secret is on screen until the user is done with it.
    revealingSecret: { on: { 'form.done': 'saved' } },
    saved: { type: 'final' },
  },
})
