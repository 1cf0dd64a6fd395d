import { fromPromise } from 'xstate'
import type { Incident } from '../domain/check-result.ts'
import { pollingMachine } from '../machines/polling.machine.ts'
import type { MonitorCounts, MonitorsApi } from './monitors-api.ts'

// The dashboard's overview flow, apart from the monitor pages' flows so the dashboard loads only this one.

/** How many open incidents the dashboard lists. */
export const DASHBOARD_INCIDENTS = 10

export interface Overview {
  counts: MonitorCounts
  /** The newest open incidents, and how many are open in all. */
  incidents: Incident[]
  openIncidents: number
}

/** The dashboard's counts of monitors by state and its open incidents, asked again every 10 s. */
export const overviewLogic = (api: MonitorsApi) =>
  pollingMachine<Overview>().provide({
    actors: {
      fetch: fromPromise(async () => {
        const [counts, open] = await Promise.all([
          api.monitorCounts(),
          api.incidents({ open: true, page: 1, limit: DASHBOARD_INCIDENTS }),
        ])
        return { counts, incidents: open.incidents, openIncidents: open.pagination.total }
      }),
    },
  })
