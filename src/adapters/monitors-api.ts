import { Message } from '@vigil/domain/api-message'
import { OneMonitorStats, ResultPage } from '@vigil/domain/check-result'
import { IncidentPage } from '@vigil/domain/incident'
import { CheckedNow, OneMonitor, SavedMonitor } from '@vigil/domain/monitor.schema'
import { MonitorSummaries } from '@vigil/domain/monitor-list-view'
import { call } from './api.ts'

// The monitor calls of the API client, apart from api.ts so that their schemas load with the pages that
// use them, not with every page. Every answer is parsed by a domain schema, as in api.ts.

/** For the status page form's view, which names it by its call. */
export type { MonitorSummary } from '@vigil/domain/monitor-list-view'

const monitorPath = (id: string, action = '') => `monitors/${encodeURIComponent(id)}${action}`

export const monitorsApi = {
  /** All the user's monitors in brief, and how many are in each state (for the dashboard). */
  monitorSummaries: () => call(MonitorSummaries, 'monitors'),

  monitor: (id: string) => call(OneMonitor, monitorPath(id)).then((d) => d.monitor),

  createMonitor: (body: Record<string, unknown>) => call(SavedMonitor, 'monitors', { method: 'POST', body }),

  /** Only the fields that change; the type never does. */
  updateMonitor: (id: string, body: Record<string, unknown>) =>
    call(SavedMonitor, monitorPath(id), { method: 'PATCH', body }),

  deleteMonitor: (id: string) => call(Message, monitorPath(id), { method: 'DELETE' }).then((d) => d.message),

  pauseMonitor: (id: string) => call(OneMonitor, monitorPath(id, '/pause'), { method: 'POST' }).then((d) => d.monitor),

  resumeMonitor: (id: string) =>
    call(OneMonitor, monitorPath(id, '/resume'), { method: 'POST' }).then((d) => d.monitor),

  /** Runs a check now; 409 while the monitor is paused. */
  checkMonitor: (id: string) => call(CheckedNow, monitorPath(id, '/check'), { method: 'POST' }),

  /** Newest first. */
  monitorResults: (id: string, query: { page: number; limit: number; from?: string; to?: string }) =>
    call(ResultPage, monitorPath(id, '/results'), { query }),

  monitorStats: (id: string, window: string) =>
    call(OneMonitorStats, monitorPath(id, '/stats'), { query: { window } }).then((d) => d.stats),

  /** Newest first; `open` true for the ongoing ones only. */
  incidents: (query: { monitor_id?: string; open?: boolean; page?: number; limit?: number }) =>
    call(IncidentPage, 'incidents', {
      query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)),
    }),
}
export type MonitorsApi = typeof monitorsApi
