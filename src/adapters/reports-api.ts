import * as v from 'valibot'
import { fromPromise } from 'xstate'
import type { ReportSchedule } from '@vigil/domain/report-schedule'
import {
  OneReportSchedule,
  ReportScheduleList,
  ReportSendList,
  ReportSentNow,
  ReportView,
} from '@vigil/domain/report-view.schema'
import { loadMachine } from '../machines/load.machine.ts'
import { type ReportQuery, reportMachine } from '../machines/report.machine.ts'
import { type ReportFile, type ReportFileFormat, reportFileMachine } from '../machines/report-file.machine.ts'
import { reportScheduleFormMachine } from '../machines/report-schedule-form.machine.ts'
import { reportSchedulesMachine } from '../machines/report-schedules.machine.ts'
import { call, callFile } from './api.ts'
import type { Effects } from './flows.actors.ts'
import { monitorsApi } from './monitors-api.ts'
import { saveFile } from './save-file.ts'
import { saveFormLogic } from './save-form.actors.ts'
import { statusPagesApi } from './status-pages-api.ts'

// /reporting's calls (a report and its files, asked by POST; the scheduled reports and their sends) and the page's
// flows. Every answer is parsed by the domain's schemas (report-view.schema.ts), as in api.ts.

/**
 * The query of a report (its set, its period and its zone) as the body of POST /api/reports. Always a body, never an
 * address: a selection of up to 1,000 monitors does not fit in the 16 KB the server reads of an address and headers,
 * and one way of asking for every report (and its files) keeps a long selection from being a case of its own.
 */
export const reportBody = (query: ReportQuery): Record<string, string | string[]> => {
  const { selection } = query
  const body: Record<string, string | string[]> = {}
  if (selection.kind === 'type') body.type = selection.type
  if (selection.kind === 'status_page') body.status_page_id = selection.status_page_id
  if (selection.kind === 'monitors') body.monitor_ids = selection.monitor_ids
  const period: Record<string, string> = query.preset ? { period: query.preset } : { from: query.from, to: query.to }
  return { ...body, ...period, tz: query.tz }
}

const schedulePath = (id: string, rest = '') => `reports/schedules/${encodeURIComponent(id)}${rest}`

/** A 204 has no body: read it as `{ data: null }`, so that `call` takes it like any answer. */
const noContent = {
  onResponse({ response }: { response: Response & { _data?: unknown } }) {
    if (response.status === 204) response._data = { data: null }
  },
}

/** The user's monitors and status pages, in brief, for the choice of a report's set. */
export interface ReportChoices {
  monitors: { id: string; name: string; type: string }[]
  statusPages: { id: string; name: string }[]
}

export const reportsApi = {
  report: (query: ReportQuery) => call(ReportView, 'reports', { method: 'POST', body: reportBody(query) }),

  /** The report's CSV or PDF, with the name the server gives it. */
  file: (query: ReportQuery, format: ReportFileFormat): Promise<ReportFile> =>
    callFile('reports', { method: 'POST', body: { ...reportBody(query), format } }),

  schedules: () => call(ReportScheduleList, 'reports/schedules').then((d) => d.schedules),

  createSchedule: (body: Record<string, unknown>) =>
    call(OneReportSchedule, 'reports/schedules', { method: 'POST', body }).then((d) => d.schedule),

  /** Only the fields that change. */
  updateSchedule: (id: string, body: Record<string, unknown>) =>
    call(OneReportSchedule, schedulePath(id), { method: 'PATCH', body }).then((d) => d.schedule),

  deleteSchedule: (id: string) =>
    call(v.unknown(), schedulePath(id), { method: 'DELETE', ...noContent }).then(() => undefined),

  /** Sends the last full period now; the send is under way (202) when this answers. */
  sendNow: (id: string) =>
    call(ReportSentNow, schedulePath(id, '/send'), { method: 'POST' }).then((d) => ({
      send: d.send,
      message: d.message ?? null,
    })),

  /** A schedule's sends, newest first. */
  sends: (id: string) => call(ReportSendList, schedulePath(id, '/sends')).then((d) => d.sends),

  choices: async (): Promise<ReportChoices> => {
    const [monitors, pages] = await Promise.all([monitorsApi.monitorSummaries(), statusPagesApi.statusPages()])
    return {
      monitors: monitors.monitors.map((m) => ({ id: m.id, name: m.name, type: m.type })),
      statusPages: pages.status_pages.map((p) => ({ id: p.id, name: p.name })),
    }
  },
}
export type ReportsApi = typeof reportsApi

/** The report of the page's choice. */
export const reportLogic = (api: ReportsApi) =>
  reportMachine.provide({ actors: { fetchReport: fromPromise(({ input }) => api.report(input)) } })

/** The report's files: made by the server, saved by the browser, a failure said in a toast. */
export const reportFileLogic = (api: ReportsApi, fx: Pick<Effects, 'toast'>) =>
  reportFileMachine.provide({
    actors: { fetchFile: fromPromise(({ input }) => api.file(input.query, input.format)) },
    actions: {
      save: (_, file) => saveFile(file),
      notify: (_, { title, type }) => fx.toast({ title, type }),
    },
  })

/** The monitors and status pages the page and the schedule form choose from, read once. */
export const reportChoicesLogic = (api: ReportsApi) =>
  loadMachine<ReportChoices>().provide({ actors: { fetch: fromPromise(() => api.choices()) } })

/** The scheduled reports: list, delete after confirmation, send now, with toasts. */
export const reportSchedulesLogic = (api: ReportsApi, fx: Pick<Effects, 'toast'>) =>
  reportSchedulesMachine.provide({
    actors: {
      fetchSchedules: fromPromise(() => api.schedules()),
      deleteSchedule: fromPromise(({ input }) => api.deleteSchedule(input.id)),
      sendNow: fromPromise(({ input }) => api.sendNow(input.id)),
    },
    actions: { notify: (_, { title, type }) => fx.toast({ title, type }) },
  })

/** The create and edit form of a schedule: POST a new one, PATCH a change; `saved` hears of the stored schedule. */
export const reportScheduleFormLogic = (api: ReportsApi, saved: (schedule: ReportSchedule | null) => void) =>
  saveFormLogic(reportScheduleFormMachine, { create: api.createSchedule, update: api.updateSchedule }, saved)

/** One schedule's past sends, read when they are shown. */
export const reportSendsLogic = (api: ReportsApi, id: string) =>
  loadMachine<Awaited<ReturnType<ReportsApi['sends']>>>().provide({
    actors: { fetch: fromPromise(() => api.sends(id)) },
  })
