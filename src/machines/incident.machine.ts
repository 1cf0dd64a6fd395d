import { failedWith, failureMessage, isApiFailure } from '@vigil/domain/api-failure'
import { checkForm } from '@vigil/domain/form-validation'
import { IncidentCommentInput, type IncidentDetail, type IncidentEvent } from '@vigil/domain/incident'
import { assign, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

export const INCIDENT_LOAD_FAILED = 'Could not load this incident. Check your connection and try again.'
export const ACKNOWLEDGE_FAILED = 'The incident could not be acknowledged. Please try again.'
export const COMMENT_FAILED = 'The comment could not be added. Please try again.'

interface Context {
  id: string
  incident: IncidentDetail | null
  /** Why the last load failed. */
  error: string | null
  /** Why the last acknowledgement failed. */
  ackError: string | null
  /** The comment form: its field's message and the server's message. */
  commentErrors: Record<string, string>
  commentMessage: string | null
  /** Counts the comments added, so the view empties its form after each. */
  commented: number
}

// One incident's page: load it (404, another user's or none, is its own state), then acknowledge it and comment
// on it, each on its own; `incident.refresh` (a live event about it) reads it again in the background, keeping
// what is shown if that fails.
export const incidentMachine = setup({
  types: {} as {
    context: Context
    input: { id: string }
    events:
      | { type: 'incident.retry' }
      | { type: 'incident.refresh' }
      | { type: 'incident.acknowledge' }
      | { type: 'incident.comment'; values: Record<string, unknown> }
      | { type: 'incident.edit' }
  },
  actors: {
    fetchIncident: toProvide<IncidentDetail, { id: string }>('fetchIncident'),
    acknowledge: toProvide<IncidentDetail, { id: string }>('acknowledge'),
    addComment: toProvide<IncidentEvent, { id: string; body: string }>('addComment'),
  },
  actions: {
    notify: (_, _params: { title: string; type: 'success' | 'error' }) => {},
  },
  guards: {
    isNotFound: ({ event }) => failedWith((event as { error?: unknown }).error, 404),
    isCommentValid: ({ event }) =>
      event.type === 'incident.comment' && checkForm(IncidentCommentInput, event.values).ok,
    isOpen: ({ context }) => context.incident?.state === 'open',
  },
}).createMachine({
  id: 'incident',
  context: ({ input }) => ({
    id: input.id,
    incident: null,
    error: null,
    ackError: null,
    commentErrors: {},
    commentMessage: null,
    commented: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchIncident',
        src: 'fetchIncident',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ incident: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => failureMessage(event.error, INCIDENT_LOAD_FAILED) }),
          },
        ],
      },
    },
    failed: { on: { 'incident.retry': 'loading' } },
    // No such incident, or another user's.
    notFound: {},
    ready: {
      type: 'parallel',
      states: {
        data: {
          initial: 'shown',
          states: {
            shown: { on: { 'incident.refresh': 'refreshing' } },
            refreshing: {
              invoke: {
                id: 'refreshIncident',
                src: 'fetchIncident',
                input: ({ context }) => ({ id: context.id }),
                onDone: { target: 'shown', actions: assign({ incident: ({ event }) => event.output }) },
                // What is shown stays; the next live event or a reload tries again.
                onError: 'shown',
              },
            },
          },
        },
        acknowledgement: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'incident.acknowledge': {
                  guard: 'isOpen',
                  target: 'acknowledging',
                  actions: assign({ ackError: null }),
                },
              },
            },
            acknowledging: {
              invoke: {
                id: 'acknowledge',
                src: 'acknowledge',
                input: ({ context }) => ({ id: context.id }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ incident: ({ event }) => event.output }),
                    { type: 'notify', params: { title: 'Incident acknowledged: reminders stop.', type: 'success' } },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: assign({ ackError: ({ event }) => failureMessage(event.error, ACKNOWLEDGE_FAILED) }),
                },
              },
            },
          },
        },
        comment: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'incident.comment': [
                  {
                    guard: 'isCommentValid',
                    target: 'sending',
                    actions: assign({ commentErrors: {}, commentMessage: null }),
                  },
                  {
                    actions: assign({
                      commentErrors: ({ event }) => {
                        const check = checkForm(IncidentCommentInput, event.values)
                        return check.ok ? {} : check.errors
                      },
                      commentMessage: null,
                    }),
                  },
                ],
                'incident.edit': { actions: assign({ commentMessage: null }) },
              },
            },
            sending: {
              invoke: {
                id: 'addComment',
                src: 'addComment',
                input: ({ context, event }) => {
                  const check = checkForm(IncidentCommentInput, (event as { values?: unknown }).values)
                  return { id: context.id, body: check.ok ? check.output.body : '' }
                },
                onDone: {
                  target: 'editing',
                  actions: assign({
                    incident: ({ context, event }) =>
                      context.incident && {
                        ...context.incident,
                        timeline: [...context.incident.timeline.filter((e) => e.id !== event.output.id), event.output],
                      },
                    commented: ({ context }) => context.commented + 1,
                  }),
                },
                onError: {
                  target: 'editing',
                  actions: assign({
                    commentMessage: ({ event }) => failureMessage(event.error, COMMENT_FAILED),
                    commentErrors: ({ event }) => (isApiFailure(event.error) ? { ...event.error.errors } : {}),
                  }),
                },
              },
            },
          },
        },
      },
    },
  },
})
