import * as v from 'valibot'
import { CheckResult, Incident, MonitorStats } from '../domain/check-result.ts'
import { Monitor, type MonitorType } from '../domain/monitor.schema.ts'
import { call } from './api.ts'

// The monitor calls of the API client, apart from api.ts so that their schemas load with the pages that
// use them, not with every page. Every answer is parsed by a domain schema, as in api.ts.

const Pagination = v.object({ total: v.number(), page: v.number(), limit: v.number(), total_pages: v.number() })
const MonitorCounts = v.object({
  total: v.number(),
  up: v.number(),
  down: v.number(),
  degraded: v.number(),
  paused: v.number(),
  pending: v.number(),
})
export type MonitorCounts = v.InferOutput<typeof MonitorCounts>
const MonitorList = v.object({ monitors: v.array(Monitor), counts: MonitorCounts })
export type MonitorList = v.InferOutput<typeof MonitorList>
const OneMonitor = v.object({ monitor: Monitor })
/** A monitor saved; `warning` when what it watches could not be checked (a cloud account not read yet). */
const SavedMonitor = v.object({ monitor: Monitor, warning: v.optional(v.string()) })
export type SavedMonitor = v.InferOutput<typeof SavedMonitor>
/** What the dashboard reads of each monitor: enough to list what expires soon. */
const MonitorSummary = v.object({
  id: v.string(),
  type: v.string(),
  name: v.string(),
  expires_at: v.optional(v.nullable(v.string())),
  warn_days: v.optional(v.array(v.number())),
})
export type MonitorSummary = v.InferOutput<typeof MonitorSummary>
const IncidentPage = v.object({ incidents: v.array(Incident), pagination: Pagination })
export type IncidentPage = v.InferOutput<typeof IncidentPage>
const ResultPage = v.object({ results: v.array(CheckResult), pagination: Pagination })
export type ResultPage = v.InferOutput<typeof ResultPage>

const monitorPath = (id: string, action = '') => `monitors/${encodeURIComponent(id)}${action}`

export const monitorsApi = {
  /** The user's monitors of one type and how many of them are in each state. */
  monitors: (type: MonitorType) => call(MonitorList, 'monitors', { query: { type } }),

  /** All the user's monitors in brief, and how many are in each state (for the dashboard). */
  monitorSummaries: () => call(v.object({ monitors: v.array(MonitorSummary), counts: MonitorCounts }), 'monitors'),

  monitor: (id: string) => call(OneMonitor, monitorPath(id)).then((d) => d.monitor),

  createMonitor: (body: Record<string, unknown>) => call(SavedMonitor, 'monitors', { method: 'POST', body }),

  /** Only the fields that change; the type never does. */
  updateMonitor: (id: string, body: Record<string, unknown>) =>
    call(SavedMonitor, monitorPath(id), { method: 'PATCH', body }),

  deleteMonitor: (id: string) =>
    call(v.object({ message: v.string() }), monitorPath(id), { method: 'DELETE' }).then((d) => d.message),

  pauseMonitor: (id: string) => call(OneMonitor, monitorPath(id, '/pause'), { method: 'POST' }).then((d) => d.monitor),

  resumeMonitor: (id: string) =>
    call(OneMonitor, monitorPath(id, '/resume'), { method: 'POST' }).then((d) => d.monitor),

  /** Runs a check now; 409 while the monitor is paused. */
  checkMonitor: (id: string) =>
    call(v.object({ result: CheckResult, monitor: Monitor }), monitorPath(id, '/check'), { method: 'POST' }),

  /** Newest first. */
  monitorResults: (id: string, query: { page: number; limit: number; from?: string; to?: string }) =>
    call(ResultPage, monitorPath(id, '/results'), { query }),

  monitorStats: (id: string, window: string) =>
    call(v.object({ stats: MonitorStats }), monitorPath(id, '/stats'), { query: { window } }).then((d) => d.stats),

  /** Newest first; `open` true for the ongoing ones only. */
  incidents: (query: { monitor_id?: string; open?: boolean; page?: number; limit?: number }) =>
    call(IncidentPage, 'incidents', {
      query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)),
    }),
}
export type MonitorsApi = typeof monitorsApi
