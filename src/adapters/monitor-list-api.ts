import * as v from 'valibot'
import { BulkOutcome, type ListChoice, MonitorPage, requestOf } from '@vigil/domain/monitor-list-view'
import { MonitorTagList, OneTag, type TagColor, TagList } from '@vigil/domain/tags'
import type { BulkRequest } from '../machines/monitor-list.machine.ts'
import { call } from './api.ts'

// The one monitor list's calls (issue 19): a page of the list, bulk actions, and the user's tags. Every answer is
// parsed by a domain schema, as in api.ts.

const tagPath = (id: string) => `tags/${encodeURIComponent(id)}`

/** A 204 has no body: read it as `{ data: null }`, so that `call` takes it like any answer. */
const noContent = {
  onResponse({ response }: { response: Response & { _data?: unknown } }) {
    if (response.status === 204) response._data = { data: null }
  },
}

export const monitorListApi = {
  /** One page of the list for a choice, with the counts its filters show. */
  page: (choice: ListChoice) => call(MonitorPage, 'monitors', { query: requestOf(choice) }),

  /** One action on many monitors; each refusal comes back with its reason. */
  bulk: ({ action, monitor_ids, tag }: BulkRequest) =>
    call(BulkOutcome, 'monitors/bulk', {
      method: 'POST',
      body: { action, monitor_ids, ...(tag ? { tag_id: tag.id } : {}) },
    }),

  /** The user's tags, each with how many monitors carry it. */
  tags: () => call(TagList, 'tags').then((d) => d.tags),

  createTag: (body: { name: string; color: TagColor }) =>
    call(OneTag, 'tags', { method: 'POST', body }).then((d) => d.tag),

  updateTag: (id: string, body: { name?: string; color?: TagColor }) =>
    call(OneTag, tagPath(id), { method: 'PATCH', body }).then((d) => d.tag),

  deleteTag: (id: string) => call(v.null(), tagPath(id), { method: 'DELETE', ...noContent }),

  /** A monitor's tags, all of them. */
  setMonitorTags: (monitorId: string, tagIds: readonly string[]) =>
    call(MonitorTagList, `monitors/${encodeURIComponent(monitorId)}/tags`, {
      method: 'PUT',
      body: { tag_ids: tagIds },
    }).then((d) => d.tags),
}
export type MonitorListApi = typeof monitorListApi
