import type { MonitorSummary } from '@vigil/domain/monitor-list-view'
import type { Maintenance, StatusIncident, StatusPage } from '@vigil/domain/status-page.schema'
import { fromPromise } from 'xstate'
import { formMachine } from '../machines/form.machine.ts'
import { loadMachine } from '../machines/load.machine.ts'
import { markdownPreviewMachine } from '../machines/markdown-preview.machine.ts'
import { statusPageFormMachine } from '../machines/status-page-form.machine.ts'
import type { MonitorsApi } from './monitors-api.ts'
import { saveFormLogic } from './save-form.actors.ts'
import type { StatusPagesApi } from './status-pages-api.ts'

// The status pages' forms with their effects: a page's create and edit form with the monitors it chooses from,
// and the forms that post an incident, an update or a maintenance window. Apart from the pages' flows, so they
// load with the forms' dialogs only.

/** The create and edit forms: POST a new page, PATCH a change; `saved` hears of the stored page. */
export const statusPageFormLogic = (api: StatusPagesApi, saved: (page: StatusPage | null) => void) =>
  saveFormLogic(statusPageFormMachine, { create: api.createStatusPage, update: api.updateStatusPage }, saved)

/** The monitors a page's components are chosen from, read once. */
export const componentChoicesLogic = (api: MonitorsApi) =>
  loadMachine<MonitorSummary[]>().provide({
    actors: { fetch: fromPromise(() => api.monitorSummaries().then((d) => d.monitors)) },
  })

/** A form that posts to one page and hears of what the server stored: an incident, an update, a window. */
const postForm = <T>(post: (body: Record<string, unknown>) => Promise<T>, saved: (output: T) => void) =>
  formMachine.provide({
    actors: { submit: fromPromise(({ input }) => post(input as Record<string, unknown>)) },
    actions: { succeeded: (_, { output }) => saved(output as T) },
  })

export const incidentFormLogic = (api: StatusPagesApi, pageId: string, saved: (incident: StatusIncident) => void) =>
  postForm((body) => api.postIncident(pageId, body), saved)

/** The review of an engine incident's publication: posts it with the title and message as the owner left them. */
export const publishOutageFormLogic = (
  api: StatusPagesApi,
  pageId: string,
  incidentId: string,
  published: (incident: StatusIncident) => void,
) => postForm((body) => api.postIncident(pageId, { from_incident_id: incidentId, ...body }), published)

/** The owner's Markdown as the public page renders it, following the typing. */
export const markdownPreviewLogic = (api: StatusPagesApi, pageId: string) =>
  markdownPreviewMachine.provide({
    actors: { render: fromPromise(({ input }) => api.previewMarkdown(pageId, input.markdown)) },
  })

export const incidentUpdateFormLogic = (
  api: StatusPagesApi,
  pageId: string,
  incidentId: string,
  saved: (incident: StatusIncident) => void,
) => postForm((body) => api.postIncidentUpdate(pageId, incidentId, body), saved)

export const maintenanceFormLogic = (api: StatusPagesApi, pageId: string, saved: (maintenance: Maintenance) => void) =>
  postForm((body) => api.scheduleMaintenance(pageId, body), saved)
