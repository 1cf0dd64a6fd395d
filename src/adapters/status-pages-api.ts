import * as v from 'valibot'
import { Maintenance, StatusIncident, StatusPage } from '../domain/status-page.schema.ts'
import { call } from './api.ts'

// The status pages' calls of the API client, apart from api.ts so that their schemas load with the pages that
// use them. Every answer is parsed by a domain schema, as in api.ts.

const StatusPageList = v.object({
  status_pages: v.array(StatusPage),
  /** The plan's number of pages, and how many the user has. */
  limit: v.object({ max: v.number(), used: v.number() }),
})
export type StatusPageList = v.InferOutput<typeof StatusPageList>
const OnePage = v.object({ status_page: StatusPage })
const OneIncident = v.object({ incident: StatusIncident })
const OneMaintenance = v.object({ maintenance: Maintenance })
const Message = v.object({ message: v.string() })

const pagePath = (id: string, rest = '') => `status_pages/${encodeURIComponent(id)}${rest}`

export const statusPagesApi = {
  /** The user's pages, and the plan's limit on them. */
  statusPages: () => call(StatusPageList, 'status_pages'),

  statusPage: (id: string) => call(OnePage, pagePath(id)).then((d) => d.status_page),

  /** 403 past the plan's number of pages, 409 when the public id is taken. */
  createStatusPage: (body: Record<string, unknown>) =>
    call(OnePage, 'status_pages', { method: 'POST', body }).then((d) => d.status_page),

  /** Only the fields that change; `components` replaces the whole list. */
  updateStatusPage: (id: string, body: Record<string, unknown>) =>
    call(OnePage, pagePath(id), { method: 'PATCH', body }).then((d) => d.status_page),

  deleteStatusPage: (id: string) => call(Message, pagePath(id), { method: 'DELETE' }).then((d) => d.message),

  incidents: (id: string) =>
    call(v.object({ incidents: v.array(StatusIncident) }), pagePath(id, '/incidents')).then((d) => d.incidents),

  /** A written incident, or `{ from_incident_id }`: an incident the engine opened, published as it is. */
  postIncident: (id: string, body: Record<string, unknown>) =>
    call(OneIncident, pagePath(id, '/incidents'), { method: 'POST', body }).then((d) => d.incident),

  postIncidentUpdate: (id: string, incidentId: string, body: Record<string, unknown>) =>
    call(OneIncident, pagePath(id, `/incidents/${encodeURIComponent(incidentId)}/updates`), {
      method: 'POST',
      body,
    }).then((d) => d.incident),

  deleteIncident: (id: string, incidentId: string) =>
    call(Message, pagePath(id, `/incidents/${encodeURIComponent(incidentId)}`), { method: 'DELETE' }).then(
      (d) => d.message,
    ),

  maintenance: (id: string) =>
    call(v.object({ maintenance: v.array(Maintenance) }), pagePath(id, '/maintenance')).then((d) => d.maintenance),

  scheduleMaintenance: (id: string, body: Record<string, unknown>) =>
    call(OneMaintenance, pagePath(id, '/maintenance'), { method: 'POST', body }).then((d) => d.maintenance),

  cancelMaintenance: (id: string, maintenanceId: string) =>
    call(Message, pagePath(id, `/maintenance/${encodeURIComponent(maintenanceId)}`), { method: 'DELETE' }).then(
      (d) => d.message,
    ),
}
export type StatusPagesApi = typeof statusPagesApi
