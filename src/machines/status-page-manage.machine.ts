import { failureMessage } from '@vigil/domain/api-failure'
import type { Incident } from '@vigil/domain/check-result'
import type { Maintenance, StatusIncident, StatusPage } from '@vigil/domain/status-page.schema'
import { assign, setup } from 'xstate'
import { ACTION_FAILED, type ListPageContext, listPageMachine, type Notice } from './list-page.machine.ts'
import { toProvide } from './to-provide.ts'

export const STATUS_PAGE_LOAD_FAILED = 'Could not load this status page. Check your connection and try again.'
export const MANAGE_ACTION_FAILED = ACTION_FAILED
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

interface Context extends ListPageContext<Removal> {
  pageId: string
  detail: StatusPageDetail | null
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

const withoutRemoved = (detail: StatusPageDetail | null, removal: Removal): StatusPageDetail | null => {
  if (!detail) return detail
  return removal.kind === 'incident'
    ? { ...detail, incidents: detail.incidents.filter((i) => i.id !== removal.item.id) }
    : { ...detail, maintenance: detail.maintenance.filter((m) => m.id !== removal.item.id) }
}

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

const statusPageManage = setup({
  types: {} as { context: Context; input: { pageId: string }; events: StatusPageManageEvent },
  actors: {
    fetchDetail: toProvide<StatusPageDetail, { id: string }>('fetchDetail'),
    publishIncident: toProvide<StatusIncident, { id: string; incidentId: string }>('publishIncident'),
    removeItem: toProvide<unknown, { id: string } & Removal>('removeItem'),
  },
  actions: {
    notify: (_, _params: Notice) => {},
  },
  guards: {
    isUnpublished: ({ context, event }) =>
      event.type === 'incident.publish' &&
      !(context.detail?.incidents.some((i) => i.monitor_incident_id === event.incidentId) ?? false),
  },
})

// One click publishes an engine incident on the page, once.
const publication = statusPageManage.createStateConfig({
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
            {
              type: 'notify',
              params: ({ event }) => ({ title: failureMessage(event.error, MANAGE_ACTION_FAILED), type: 'error' }),
            },
          ],
        },
      },
    },
  },
})

// One status page's incidents and maintenance: load the page with both and the engine's open incidents, take in
// what the forms post, publish an engine incident with one click, and delete an incident or cancel a window after
// a confirmation.
export const statusPageManageMachine = listPageMachine(statusPageManage.createMachine)({
  id: 'statusPageManage',
  context: ({ input }) => ({ pageId: input.pageId, detail: null, error: null, removing: null, publishing: null }),
  data: 'detail',
  load: {
    src: 'fetchDetail',
    refreshId: 'refreshDetail',
    input: ({ pageId }) => ({ id: pageId }),
    failure: STATUS_PAGE_LOAD_FAILED,
    region: 'data',
    refresh: 'statusPage.refresh',
    restart: false,
  },
  remove: {
    src: 'removeItem',
    input: (removal, { pageId }) => ({ id: pageId, ...removal }),
    ask: {
      'incident.delete': (event) => ({ kind: 'incident', item: event.incident }),
      'maintenance.remove': (event) => ({ kind: 'maintenance', item: event.maintenance }),
    },
    confirm: 'removal.confirm',
    cancel: 'removal.dismiss',
    removed: ({ detail }, removal) => ({ detail: withoutRemoved(detail, removal) }),
    done: (removal) => (removal.kind === 'maintenance' ? MAINTENANCE_CANCELLED : INCIDENT_DELETED),
    failure: MANAGE_ACTION_FAILED,
  },
  saved: {
    'statusPage.saved': ({ detail }, event) => ({ detail: detail && { ...detail, page: event.page } }),
    'incident.saved': ({ detail }, event) => ({ detail: withIncident(detail, event.incident) }),
    'maintenance.saved': ({ detail }, event) => ({ detail: withMaintenance(detail, event.maintenance) }),
  },
  ready: { states: { publication } },
})
