import { fromPromise } from 'xstate'
import type { Incident } from '@vigil/domain/check-result'
import { expiringSoon } from '@vigil/domain/expiring-soon'
import type { MonitorCounts, MonitorSummary } from '@vigil/domain/monitor-list-view'
import { type MonitorType, watchesExpiry } from '@vigil/domain/monitor-types'
import { pollingMachine } from '../machines/polling.machine.ts'
import type { MonitorsApi } from './monitors-api.ts'

// The dashboard's overview flow, apart from the monitor pages' flows so the dashboard loads only this one.

/** How many open incidents the dashboard lists. */
export const DASHBOARD_INCIDENTS = 10

/** A monitor whose certificate or registration (what its type watches expire) expires soon. */
export type ExpiringMonitor = MonitorSummary & { type: MonitorType; expires_at: string }

export interface Overview {
  counts: MonitorCounts
  /** The newest open incidents, and how many are open in all. */
  incidents: Incident[]
  openIncidents: number
  /** Soonest first, the expired ones before them. */
  expiring: ExpiringMonitor[]
  /** How many SSL and domain monitors there are at all. */
  expiryWatched: number
}

/** The dashboard's counts of monitors by state, its open incidents and what expires soon, asked every 10 s. */
export const overviewLogic = (api: MonitorsApi, clock: () => number = Date.now) =>
  pollingMachine<Overview>().provide({
    actors: {
      fetch: fromPromise(async (): Promise<Overview> => {
        const [list, open] = await Promise.all([
          api.monitorSummaries(),
          api.incidents({ open: true, page: 1, limit: DASHBOARD_INCIDENTS }),
        ])
        return {
          counts: list.counts,
          incidents: open.incidents,
          openIncidents: open.pagination.total,
          expiring: expiringSoon(list.monitors, clock()) as ExpiringMonitor[],
          expiryWatched: list.monitors.filter((m) => watchesExpiry(m.type)).length,
        }
      }),
    },
  })
