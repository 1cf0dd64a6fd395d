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
  /** The engine incident whose publication is being reviewed (its words, before anything is public). */
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
  /** Opens the review of an engine incident's publication: the words visitors will read, editable, previewed. */
  | { type: 'incident.publish'; incidentId: string }
  /** The review closed with nothing published. */
  | { type: 'publication.cancel' }
  /** The review's form published the incident: the server's stored incident. */
  | { type: 'incident.published'; incident: StatusIncident }
  | { type: 'incident.delete'; incident: StatusIncident }
  | { type: 'maintenance.remove'; maintenance: Maintenance }
  | { type: 'removal.confirm' }
  | { type: 'removal.dismiss' }

const statusPageManage = setup({
  types: {} as { context: Context; input: { pageId: string }; events: StatusPageManageEvent },
  actors: {
    fetchDetail: toProvide<StatusPageDetail, { id: string }>('fetchDetail'),
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

// Publishing an engine incident on the page, once: first its words are reviewed (the review's own form posts them),
// and nothing is public until that form is sent.
const publication = statusPageManage.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: {
        'incident.publish': {
          guard: 'isUnpublished',
          target: 'reviewing',
          actions: assign({ publishing: ({ event }) => event.incidentId }),
        },
      },
    },
    reviewing: {
      on: {
        'publication.cancel': { target: 'idle', actions: assign({ publishing: null }) },
        'incident.published': {
          target: 'idle',
          actions: [
            assign({
              detail: ({ context, event }) => withIncident(context.detail, event.incident),
              publishing: null,
            }),
            { type: 'notify', params: { title: INCIDENT_PUBLISHED, type: 'success' } },
          ],
        },
      },
    },
  },
})

// One status page's incidents and maintenance: load the page with both and the engine's open incidents, take in
// what the forms post, review and publish an engine incident, and delete an incident or cancel a window after a
// confirmation.
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
