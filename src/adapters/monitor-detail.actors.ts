import { fromPromise } from 'xstate'
import { monitorDetailMachine } from '../machines/monitor-detail.machine.ts'
import type { Effects } from './flows.actors.ts'
import { latestFacts } from './monitor-facts.ts'
import type { MonitorsApi } from './monitors-api.ts'

// The detail page's flow, apart from the list pages' flows: only the detail page reads the checks' facts.

/**
 * A monitor's page: the monitor, its stats for the window, a page of results and its incidents together, and
 * the facts of its latest checks (read from the first page of results, asked for too when another is shown).
 */
export const monitorDetailLogic = (api: MonitorsApi, fx: Effects) =>
  monitorDetailMachine.provide({
    actors: {
      fetchDetail: fromPromise(async ({ input }) => {
        const [monitor, stats, results, incidents, newest] = await Promise.all([
          api.monitor(input.id),
          api.monitorStats(input.id, input.window),
          api.monitorResults(input.id, { page: input.page, limit: input.limit }),
          api.incidents({ monitor_id: input.id, page: 1, limit: 20 }),
          input.page === 1 ? null : api.monitorResults(input.id, { page: 1, limit: input.limit }),
        ])
        return {
          monitor,
          stats,
          results: results.results,
          pagination: results.pagination,
          incidents: incidents.incidents,
          latest: latestFacts(monitor.type, (newest ?? results).results),
        }
      }),
    },
    actions: { navigate: (_, { path }) => fx.navigate(path, { replace: true }) },
  })
