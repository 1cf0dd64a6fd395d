import { fromPromise } from 'xstate'
import { IncidentPage, OneIncidentDetail, OneIncidentEvent } from '@vigil/domain/incident'
import { incidentMachine } from '../machines/incident.machine.ts'
import { type IncidentsQuery, incidentsMachine } from '../machines/incidents.machine.ts'
import { call } from './api.ts'
import type { Effects } from './flows.actors.ts'

// The incident calls (issue 19): the list across monitors with its filters, one incident with its timeline and
// evidence, acknowledging it and commenting on it; every answer parsed by the domain's schemas.

const incidentPath = (id: string, action = '') => `incidents/${encodeURIComponent(id)}${action}`

export const incidentsApi = {
  /** Newest first, filtered; empty filters are left out of the query. */
  list: (query: Partial<IncidentsQuery>) =>
    call(IncidentPage, 'incidents', {
      query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')),
    }),
  incident: (id: string) => call(OneIncidentDetail, incidentPath(id)).then((d) => d.incident),
  acknowledge: (id: string) =>
    call(OneIncidentDetail, incidentPath(id, '/acknowledge'), { method: 'POST' }).then((d) => d.incident),
  comment: (id: string, body: string) =>
    call(OneIncidentEvent, incidentPath(id, '/comments'), { method: 'POST', body: { body } }).then((d) => d.event),
}
export type IncidentsApi = typeof incidentsApi

/** The incident page's flow with its calls, and the toasts it asks for. */
export const incidentLogic = (api: IncidentsApi, fx: Pick<Effects, 'toast'>) =>
  incidentMachine.provide({
    actors: {
      fetchIncident: fromPromise(({ input }) => api.incident(input.id)),
      acknowledge: fromPromise(({ input }) => api.acknowledge(input.id)),
      addComment: fromPromise(({ input }) => api.comment(input.id, input.body)),
    },
    actions: { notify: (_, toast) => fx.toast(toast) },
  })

/** The incidents list's flow with its call. */
export const incidentsLogic = (api: IncidentsApi) =>
  incidentsMachine.provide({ actors: { fetchIncidents: fromPromise(({ input }) => api.list(input)) } })
