import { assign, fromPromise, setup } from 'xstate'
import { failureMessage, isApiFailure } from '../domain/api-failure.ts'
import { checkForm } from '../domain/form-validation.ts'
import {
  MONITOR_INPUTS,
  type Monitor,
  type MonitorType,
  monitorPatchSchema,
  withTimingDefaults,
} from '../domain/monitor.schema.ts'
import { FORM_FAILED } from './form.machine.ts'

/** The form's values: field name to value, typed as the schemas take them (numbers, booleans, lists). */
export type MonitorValues = Record<string, unknown>

/** A new monitor (POST, the whole monitor) or a change (PATCH, only the fields that differ). */
export type SaveRequest = { id: null; body: Record<string, unknown> } | { id: string; body: Record<string, unknown> }

type Submission = { ok: true; request: SaveRequest | null } | { ok: false; errors: Record<string, string> }

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Checks the values with the server's own schemas (and its defaults: a timeout or retry interval left empty
 * fits a short interval): a new monitor with its type's input schema; a change
 * as the whole monitor it makes (the rules across fields hold) and then as the patch of the fields that
 * differ. `request` is null when nothing changed.
 */
export const monitorSubmission = (type: MonitorType, monitor: Monitor | null, values: MonitorValues): Submission => {
  const whole = checkForm(MONITOR_INPUTS[type], withTimingDefaults({ ...values, type }))
  if (!whole.ok) return whole
  if (!monitor) return { ok: true, request: { id: null, body: whole.output as Record<string, unknown> } }
  const before = monitor as unknown as Record<string, unknown>
  const changes = Object.fromEntries(
    Object.entries(whole.output as Record<string, unknown>).filter(([k, v]) => k !== 'type' && !same(v, before[k])),
  )
  if (Object.keys(changes).length === 0) return { ok: true, request: null }
  const patch = checkForm(monitorPatchSchema(type), changes)
  if (!patch.ok) return patch
  return { ok: true, request: { id: monitor.id, body: patch.output as Record<string, unknown> } }
}

interface Context {
  type: MonitorType
  /** The monitor being edited; null for a new one. */
  monitor: Monitor | null
  request: SaveRequest | null
  errors: Record<string, string>
  message: string | null
}

type SubmitEvent = { type: 'form.submit'; values: MonitorValues }
const submissionOf = (context: Context, event: { type: string }) =>
  monitorSubmission(context.type, context.monitor, (event as SubmitEvent).values)

// The create and edit forms of a monitor: checked as the server checks, saved, then closed; a refusal
// shows the server's message (a plan limit, a locked feature) and its errors at their fields.
export const monitorFormMachine = setup({
  types: {} as {
    context: Context
    input: { type: MonitorType; monitor: Monitor | null }
    events: SubmitEvent
  },
  actors: {
    saveMonitor: fromPromise<Monitor, SaveRequest>(async () => {
      throw new Error('saveMonitor: not provided')
    }),
  },
  actions: {
    saved: (_, _params: { monitor: Monitor | null }) => {},
  },
  guards: {
    isInvalid: ({ context, event }) => !submissionOf(context, event).ok,
    isUnchanged: ({ context, event }) => {
      const submission = submissionOf(context, event)
      return submission.ok && submission.request === null
    },
  },
}).createMachine({
  id: 'monitorForm',
  context: ({ input }) => ({ type: input.type, monitor: input.monitor, request: null, errors: {}, message: null }),
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
          { guard: 'isUnchanged', target: 'saved', actions: { type: 'saved', params: { monitor: null } } },
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
        id: 'saveMonitor',
        src: 'saveMonitor',
        input: ({ context }) => context.request as SaveRequest,
        onDone: { target: 'saved', actions: { type: 'saved', params: ({ event }) => ({ monitor: event.output }) } },
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
