import { fromPromise } from 'xstate'
import { statusPageManageMachine } from '../machines/status-page-manage.machine.ts'
import type { Effects } from './flows.actors.ts'
import type { MonitorsApi } from './monitors-api.ts'
import type { StatusPagesApi } from './status-pages-api.ts'

// One status page's incidents and maintenance with their effects: the status page calls of the API, the
// engine's open incidents (a monitor call) and the toaster.

/** One page's incidents and maintenance, with the engine's open incidents that it could publish. */
export const statusPageManageLogic = (api: StatusPagesApi, monitors: MonitorsApi, fx: Pick<Effects, 'toast'>) =>
  statusPageManageMachine.provide({
    actors: {
      fetchDetail: fromPromise(async ({ input }) => {
        const [page, incidents, maintenance, open] = await Promise.all([
          api.statusPage(input.id),
          api.incidents(input.id),
          api.maintenance(input.id),
          monitors.incidents({ open: true, limit: 100 }),
        ])
        return { page, incidents, maintenance, openIncidents: open.incidents }
      }),
      removeItem: fromPromise(({ input }) =>
        input.kind === 'incident'
          ? api.deleteIncident(input.id, input.item.id)
          : api.cancelMaintenance(input.id, input.item.id),
      ),
    },
    actions: { notify: (_, { title, type }) => fx.toast({ title, type }) },
  })
