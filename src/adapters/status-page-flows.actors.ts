import { fromPromise } from 'xstate'
import { statusPagesMachine } from '../machines/status-pages.machine.ts'
import type { Effects } from './flows.actors.ts'
import type { StatusPagesApi } from './status-pages-api.ts'

// The status pages list's flow with its effects: the status page calls of the API and the toaster. One page's
// incidents and maintenance are in status-page-manage.actors.ts and the forms in status-page-forms.actors.ts,
// each loaded with its own view.

/** The status pages list: the user's pages and their removal. */
export const statusPagesLogic = (api: StatusPagesApi, fx: Pick<Effects, 'toast'>) =>
  statusPagesMachine.provide({
    actors: {
      fetchStatusPages: fromPromise(() => api.statusPages()),
      deleteStatusPage: fromPromise(({ input }) => api.deleteStatusPage(input.id)),
    },
    actions: { notify: (_, { title, type }) => fx.toast({ title, type }) },
  })
