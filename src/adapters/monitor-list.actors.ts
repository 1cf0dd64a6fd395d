import { fromPromise } from 'xstate'
import type { ListChoice } from '@vigil/domain/monitor-list-view'
import type { StatusPage } from '@vigil/domain/status-page.schema'
import type { Tag } from '@vigil/domain/tags'
import { loadMachine } from '../machines/load.machine.ts'
import { type BulkRequest, monitorListMachine } from '../machines/monitor-list.machine.ts'
import { type TagChange, tagsMachine } from '../machines/tags.machine.ts'
import type { MonitorListApi } from './monitor-list-api.ts'

// The one monitor list's flows with their effects: the list's calls of the API.

/** The list of a choice, its bulk actions and live patches. */
export const monitorListLogic = (api: MonitorListApi) =>
  monitorListMachine.provide({
    actors: {
      fetchPage: fromPromise(({ input }: { input: ListChoice }) => api.page(input)),
      runBulk: fromPromise(({ input }: { input: BulkRequest }) => api.bulk(input)),
    },
  })

/** What the list's filters offer besides the counts: the user's tags and status pages, read once. */
export interface ListChoices {
  tags: Tag[]
  statusPages: Pick<StatusPage, 'id' | 'name'>[]
}

export const listChoicesLogic = (api: MonitorListApi, statusPages: () => Promise<{ status_pages: StatusPage[] }>) =>
  loadMachine<ListChoices>().provide({
    actors: {
      fetch: fromPromise(async () => {
        const [tags, pages] = await Promise.all([api.tags(), statusPages().catch(() => ({ status_pages: [] }))])
        return { tags, statusPages: pages.status_pages.map(({ id, name }) => ({ id, name })) }
      }),
    },
  })

/** The Manage tags dialog's flow. */
export const tagsLogic = (api: MonitorListApi) =>
  tagsMachine.provide({
    actors: {
      loadTags: fromPromise(() => api.tags()),
      saveTag: fromPromise(async ({ input }: { input: TagChange }) => {
        if (input.kind === 'create') await api.createTag({ name: input.name, color: input.color })
        else if (input.kind === 'update') await api.updateTag(input.id, { name: input.name, color: input.color })
        else await api.deleteTag(input.id)
      }),
    },
  })
