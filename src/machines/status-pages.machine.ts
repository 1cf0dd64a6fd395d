import type { StatusPage } from '@vigil/domain/status-page.schema'
import { setup } from 'xstate'
import { ACTION_FAILED, type ListPageContext, listPageMachine, type Notice } from './list-page.machine.ts'
import { toProvide } from './to-provide.ts'

export const STATUS_PAGES_LOAD_FAILED = 'Could not load your status pages. Check your connection and try again.'
export const STATUS_PAGE_ACTION_FAILED = ACTION_FAILED
export const STATUS_PAGE_DELETED = 'Status page deleted'

/** The user's pages as the list holds them, and the plan's limit on their number. */
export interface StatusPageList {
  status_pages: StatusPage[]
  limit: { max: number; used: number }
}

interface Context extends ListPageContext<StatusPage> {
  list: StatusPageList | null
}

/** The list with a page added (a new one) or replaced (a change). */
const withPage = (list: StatusPageList, page: StatusPage): StatusPageList => {
  const known = list.status_pages.some((p) => p.id === page.id)
  return {
    status_pages: known ? list.status_pages.map((p) => (p.id === page.id ? page : p)) : [...list.status_pages, page],
    limit: known ? list.limit : { ...list.limit, used: list.limit.used + 1 },
  }
}

const withoutPage = (list: StatusPageList | null, id: string): StatusPageList | null =>
  list && {
    status_pages: list.status_pages.filter((p) => p.id !== id),
    limit: { ...list.limit, used: Math.max(0, list.limit.used - 1) },
  }

export type StatusPagesEvent =
  | { type: 'statusPages.refresh' }
  /** The form saved a page (new or changed). */
  | { type: 'statusPage.saved'; page: StatusPage }
  | { type: 'statusPage.delete'; page: StatusPage }
  | { type: 'statusPage.confirm' }
  | { type: 'statusPage.cancel' }

const statusPages = setup({
  types: {} as { context: Context; events: StatusPagesEvent },
  actors: {
    fetchStatusPages: toProvide<StatusPageList>('fetchStatusPages'),
    deleteStatusPage: toProvide<unknown, { id: string }>('deleteStatusPage'),
  },
  actions: {
    notify: (_, _params: Notice) => {},
  },
})

// The status pages list: load the user's pages, take in what the form saved, and delete a page after the spec's
// confirmation dialog.
export const statusPagesMachine = listPageMachine(statusPages.createMachine)({
  id: 'statusPages',
  context: { list: null, error: null, removing: null },
  data: 'list',
  load: {
    src: 'fetchStatusPages',
    refreshId: 'refreshStatusPages',
    failure: STATUS_PAGES_LOAD_FAILED,
    region: 'list',
    refresh: 'statusPages.refresh',
    restart: true,
  },
  remove: {
    src: 'deleteStatusPage',
    ask: { 'statusPage.delete': (event) => event.page },
    confirm: 'statusPage.confirm',
    cancel: 'statusPage.cancel',
    removed: ({ list }, page) => ({ list: withoutPage(list, page.id) }),
    done: () => STATUS_PAGE_DELETED,
    failure: STATUS_PAGE_ACTION_FAILED,
  },
  saved: { 'statusPage.saved': ({ list }, event) => ({ list: list && withPage(list, event.page) }) },
})
