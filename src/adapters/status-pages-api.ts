import { Message } from '@vigil/domain/api-message'
import {
  MaintenanceList,
  MarkdownPreview,
  OneMaintenance,
  OneStatusIncident,
  OneStatusPage,
  StatusIncidentList,
  StatusPageList,
} from '@vigil/domain/status-page.schema'
import { call } from './api.ts'

// The status pages' calls of the API client, apart from api.ts so that their schemas load with the pages that
// use them. Every answer is parsed by a domain schema, as in api.ts.

const pagePath = (id: string, rest = '') => `status_pages/${encodeURIComponent(id)}${rest}`

export const statusPagesApi = {
  /** The user's pages, and the plan's limit on them. */
  statusPages: () => call(StatusPageList, 'status_pages'),

  statusPage: (id: string) => call(OneStatusPage, pagePath(id)).then((d) => d.status_page),

  /** 403 past the plan's number of pages, 409 when the public id is taken. */
  createStatusPage: (body: Record<string, unknown>) =>
    call(OneStatusPage, 'status_pages', { method: 'POST', body }).then((d) => d.status_page),

  /** Only the fields that change; `components` replaces the whole list. */
  updateStatusPage: (id: string, body: Record<string, unknown>) =>
    call(OneStatusPage, pagePath(id), { method: 'PATCH', body }).then((d) => d.status_page),

  deleteStatusPage: (id: string) => call(Message, pagePath(id), { method: 'DELETE' }).then((d) => d.message),

  incidents: (id: string) => call(StatusIncidentList, pagePath(id, '/incidents')).then((d) => d.incidents),

  /**
   * A written incident, or `{ from_incident_id, title?, message? }`: an incident the engine opened, published in the
   * words the owner reviewed (or the product's).
   */
  postIncident: (id: string, body: Record<string, unknown>) =>
    call(OneStatusIncident, pagePath(id, '/incidents'), { method: 'POST', body }).then((d) => d.incident),

  /** The owner's Markdown as the public page renders it (safe HTML). */
  previewMarkdown: (id: string, markdown: string) =>
    call(MarkdownPreview, pagePath(id, '/preview'), { method: 'POST', body: { markdown } }).then((d) => d.html),

  postIncidentUpdate: (id: string, incidentId: string, body: Record<string, unknown>) =>
    call(OneStatusIncident, pagePath(id, `/incidents/${encodeURIComponent(incidentId)}/updates`), {
      method: 'POST',
      body,
    }).then((d) => d.incident),

  deleteIncident: (id: string, incidentId: string) =>
    call(Message, pagePath(id, `/incidents/${encodeURIComponent(incidentId)}`), { method: 'DELETE' }).then(
      (d) => d.message,
    ),

  maintenance: (id: string) => call(MaintenanceList, pagePath(id, '/maintenance')).then((d) => d.maintenance),

  scheduleMaintenance: (id: string, body: Record<string, unknown>) =>
    call(OneMaintenance, pagePath(id, '/maintenance'), { method: 'POST', body }).then((d) => d.maintenance),

  cancelMaintenance: (id: string, maintenanceId: string) =>
    call(Message, pagePath(id, `/maintenance/${encodeURIComponent(maintenanceId)}`), { method: 'DELETE' }).then(
      (d) => d.message,
    ),
}
export type StatusPagesApi = typeof statusPagesApi
