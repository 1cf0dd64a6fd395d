import { assign, fromPromise, setup } from 'xstate'
import { failureMessage } from '../domain/api-failure.ts'
import type { Incident } from '../domain/check-result.ts'
import type { Maintenance, StatusIncident, StatusPage } from '../domain/status-page.schema.ts'

export const STATUS_PAGE_LOAD_FAILED = 'Could not load this status page. Check your connection and try again.'
export const MANAGE_ACTION_FAILED = 'Something went wrong. Please try again.'
export const INCIDENT_PUBLISHED = 'Incident published'
export const INCIDENT_DELETED = 'Incident deleted'
export const MAINTENANCE_CANCELLED = 'Maintenance cancelled'

/** One page with what its owner posts on it, and the engine's open incidents that could be published. */
export interface StatusPageDetail {
  page: StatusPage
  incidents: StatusIncident[]
  maintenance: Maintenance[]
  /** The engine's open incidents on the user's monitors. */
  openIncidents: Incident[]
}

/** What the confirmation dialog asks about: deleting an incident or cancelling a maintenance window. */
export type Removal = { kind: 'incident'; item: StatusIncident } | { kind: 'maintenance'; item: Maintenance }

type Notice = { title: string; type: 'success' | 'error' }

interface Context {
  pageId: string
  detail: StatusPageDetail | null
  /** Why the last load or refresh failed. */
  error: string | null
  removing: Removal | null
  /** The engine incident being published. */
  publishing: string | null
}

const withIncident = (detail: StatusPageDetail | null, incident: StatusIncident): StatusPageDetail | null =>
  detail && {
    ...detail,
    incidents: detail.incidents.some((i) => i.id === incident.id)
      ? detail.incidents.map((i) => (i.id === incident.id ? incident : i))
      : [incident, ...detail.incidents],
  }

const withMaintenance = (detail: StatusPageDetail | null, window: Maintenance): StatusPageDetail | null =>
  detail && {
    ...detail,
    maintenance: [...detail.maintenance.filter((m) => m.id !== window.id), window],
  }

const withoutRemoved = (detail: StatusPageDetail | null, removal: Removal | null): StatusPageDetail | null => {
  if (!detail || !removal) return detail
  return removal.kind === 'incident'
    ? { ...detail, incidents: detail.incidents.filter((i) => i.id !== removal.item.id) }
    : { ...detail, maintenance: detail.maintenance.filter((m) => m.id !== removal.item.id) }
}

const failed = (error: unknown): Notice => ({ title: failureMessage(error, MANAGE_ACTION_FAILED), type: 'error' })

export type StatusPageManageEvent =
  | { type: 'statusPage.refresh' }
  /** The page's form saved a change. */
  | { type: 'statusPage.saved'; page: StatusPage }
  /** An incident was posted or updated through its form. */
  | { type: 'incident.saved'; incident: StatusIncident }
  | { type: 'maintenance.saved'; maintenance: Maintenance }
  /** One click: an engine incident published on the page. */
  | { type: 'incident.publish'; incidentId: string }
  | { type: 'incident.delete'; incident: StatusIncident }
  | { type: 'maintenance.remove'; maintenance: Maintenance }
  | { type: 'removal.confirm' }
  | { type: 'removal.dismiss' }

// One status page's incidents and maintenance: load the page with both and the engine's open incidents, take in
// what the forms post, publish an engine incident with one click, and delete an incident or cancel a window after
// a confirmation.
export const statusPageManageMachine = setup({
  types: {} as { context: Context; input: { pageId: string }; events: StatusPageManageEvent },
  actors: {
    fetchDetail: fromPromise<StatusPageDetail, { id: string }>(async () => {
      throw new Error('fetchDetail: not provided')
    }),
    publishIncident: fromPromise<StatusIncident, { id: string; incidentId: string }>(async () => {
      throw new Error('publishIncident: not provided')
    }),
    removeItem: fromPromise<unknown, { id: string } & Removal>(async () => {
      throw new Error('removeItem: not provided')
    }),
  },
  actions: {
    notify: (_, _params: Notice) => {},
  },
  guards: {
    isUnpublished: ({ context, event }) =>
      event.type === 'incident.publish' &&
      !(context.detail?.incidents.some((i) => i.monitor_incident_id === event.incidentId) ?? false),
  },
}).createMachine({
  id: 'statusPageManage',
  context: ({ input }) => ({ pageId: input.pageId, detail: null, error: null, removing: null, publishing: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchDetail',
        src: 'fetchDetail',
        input: ({ context }) => ({ id: context.pageId }),
        onDone: { target: 'ready', actions: assign({ detail: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(event.error, STATUS_PAGE_LOAD_FAILED) }),
        },
      },
    },
    failed: { on: { 'statusPage.refresh': 'loading' } },
    ready: {
      type: 'parallel',
      on: {
        'statusPage.saved': {
          actions: assign({
            detail: ({ context, event }) => context.detail && { ...context.detail, page: event.page },
          }),
        },
        'incident.saved': {
          actions: assign({ detail: ({ context, event }) => withIncident(context.detail, event.incident) }),
        },
        'maintenance.saved': {
          actions: assign({ detail: ({ context, event }) => withMaintenance(context.detail, event.maintenance) }),
        },
      },
      states: {
        data: {
          initial: 'idle',
          states: {
            idle: { on: { 'statusPage.refresh': 'refreshing' } },
            // Read again in the background: the page stays on screen meanwhile.
            refreshing: {
              invoke: {
                id: 'refreshDetail',
                src: 'fetchDetail',
                input: ({ context }) => ({ id: context.pageId }),
                onDone: { target: 'idle', actions: assign({ detail: ({ event }) => event.output, error: null }) },
                onError: {
                  target: 'idle',
                  actions: assign({ error: ({ event }) => failureMessage(event.error, STATUS_PAGE_LOAD_FAILED) }),
                },
              },
            },
          },
        },
        publication: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'incident.publish': {
                  guard: 'isUnpublished',
                  target: 'publishing',
                  actions: assign({ publishing: ({ event }) => event.incidentId }),
                },
              },
            },
            publishing: {
              invoke: {
                id: 'publishIncident',
                src: 'publishIncident',
                input: ({ context }) => ({ id: context.pageId, incidentId: context.publishing ?? '' }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({
                      detail: ({ context, event }) => withIncident(context.detail, event.output),
                      publishing: null,
                    }),
                    { type: 'notify', params: { title: INCIDENT_PUBLISHED, type: 'success' } },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    assign({ publishing: null }),
                    { type: 'notify', params: ({ event }) => failed(event.error) },
                  ],
                },
              },
            },
          },
        },
        removal: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'incident.delete': {
                  target: 'confirming',
                  actions: assign({ removing: ({ event }) => ({ kind: 'incident' as const, item: event.incident }) }),
                },
                'maintenance.remove': {
                  target: 'confirming',
                  actions: assign({
                    removing: ({ event }) => ({ kind: 'maintenance' as const, item: event.maintenance }),
                  }),
                },
              },
            },
            // The confirmation dialog is open.
            confirming: {
              on: {
                'removal.confirm': 'removing',
                'removal.dismiss': { target: 'idle', actions: assign({ removing: null }) },
              },
            },
            removing: {
              invoke: {
                id: 'removeItem',
                src: 'removeItem',
                input: ({ context }) => ({ id: context.pageId, ...(context.removing as Removal) }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'notify', params: ({ context }) => removedNotice(context.removing) },
                    assign(({ context }) => ({
                      detail: withoutRemoved(context.detail, context.removing),
                      removing: null,
                    })),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [assign({ removing: null }), { type: 'notify', params: ({ event }) => failed(event.error) }],
                },
              },
            },
          },
        },
      },
    },
  },
})

function removedNotice(removal: Removal | null): Notice {
  return { title: removal?.kind === 'maintenance' ? MAINTENANCE_CANCELLED : INCIDENT_DELETED, type: 'success' }
}
