import { type ApiFailure, failureMessage, isApiFailure } from '@vigil/domain/api-failure'
import type { Monitor, SavedMonitor } from '@vigil/domain/monitor.schema'
import { type TagColor, tagKey } from '@vigil/domain/tags'
import { fromPromise } from 'xstate'
import { FORM_FAILED } from '../machines/form.machine.ts'
import { monitorActionsMachine } from '../machines/monitor-actions.machine.ts'
import { type MonitorSaveRequest, monitorFormMachine } from '../machines/monitor-form.machine.ts'
import { changedFields, type SaveRequest } from '../machines/save-form.machine.ts'
import type { Effects } from './flows.actors.ts'
import type { MonitorListApi } from './monitor-list-api.ts'
import type { MonitorsApi } from './monitors-api.ts'

// The monitor pages' flows with their effects: the monitor calls of the API, the router and the toaster.

/** Pause, resume, delete and check now; the page that shows the monitor hears of changes. */
export const monitorActionsLogic = (
  api: MonitorsApi,
  fx: Effects,
  on: { changed(monitor: Monitor): void; removed(monitor: Monitor): void },
) =>
  monitorActionsMachine.provide({
    actors: {
      pauseMonitor: fromPromise(({ input }) => api.pauseMonitor(input.id)),
      resumeMonitor: fromPromise(({ input }) => api.resumeMonitor(input.id)),
      deleteMonitor: fromPromise(({ input }) => api.deleteMonitor(input.id)),
      checkMonitor: fromPromise(({ input }) => api.checkMonitor(input.id)),
    },
    actions: {
      changed: (_, { monitor }) => on.changed(monitor),
      removed: (_, { monitor }) => on.removed(monitor),
      notify: (_, { title, type }) => fx.toast({ title, type }),
    },
  })

/** The form's message when the monitor was stored and its tags were not. */
export const tagsNotSaved = (reason: string) => `The monitor was saved, but its tags were not: ${reason}`

/** The colour of a tag created from the monitor form (Manage tags recolours it). */
export const NEW_TAG_COLOR: TagColor = 'blue'

/**
 * The ids of a save's tags: the ones chosen, and each new name as the user's tag of that name (any case) when there is
 * one by now (made in another tab, or by an earlier try of this save), else as a tag created with that name.
 */
const tagIdsOf = async (request: MonitorSaveRequest, api: Pick<MonitorListApi, 'tags' | 'createTag'>) => {
  const ids = [...(request.tagIds ?? [])]
  if (!request.newTags?.length) return ids
  const mine = await api.tags()
  for (const name of request.newTags) {
    const found = mine.find((t) => tagKey(t.name) === tagKey(name))
    ids.push(found ? found.id : (await api.createTag({ name, color: NEW_TAG_COLOR })).id)
  }
  return [...new Set(ids)]
}

/**
 * The create and edit forms: POST a new monitor, PATCH a change, then create the new tags typed and PUT its tags when
 * they changed. When the tags
 * fail, the form stays open with the reason; the monitor is stored, so the next submit changes that one (PATCH what
 * differs, then the tags again) rather than adding another. A warning the server answered with the saved monitor
 * (what it watches could not be checked yet) goes to `warned`.
 */
export const monitorFormLogic = (
  api: MonitorsApi,
  tagsApi: Pick<MonitorListApi, 'setMonitorTags' | 'tags' | 'createTag'>,
  saved: (monitor: Monitor | null) => void,
  warned: (warning: string) => void = () => {},
) => {
  let stored: Monitor | null = null
  const told = ({ monitor, warning }: SavedMonitor) => {
    if (warning) warned(warning)
    return monitor
  }
  const save = async (request: MonitorSaveRequest): Promise<Monitor> => {
    if (request.id !== null) return request.unchanged ?? told(await api.updateMonitor(request.id, request.body))
    if (!stored) return told(await api.createMonitor(request.body))
    const changes = changedFields(request.body, stored as unknown as Record<string, unknown>, 'type')
    return Object.keys(changes).length > 0 ? told(await api.updateMonitor(stored.id, changes)) : stored
  }
  return monitorFormMachine.provide({
    actors: {
      save: fromPromise<Monitor, SaveRequest>(async ({ input }) => {
        const request = input as MonitorSaveRequest
        const monitor = await save(request)
        if (!request.tagIds) return monitor
        try {
          return { ...monitor, tags: await tagsApi.setMonitorTags(monitor.id, await tagIdsOf(request, tagsApi)) }
        } catch (error) {
          stored = monitor
          // The form shows this message on top (its fields are not what failed).
          const failure: ApiFailure = {
            status: isApiFailure(error) ? error.status : 0,
            message: tagsNotSaved(failureMessage(error, FORM_FAILED)),
          }
          throw failure
        }
      }),
    },
    actions: { saved: (_, { saved: monitor }) => saved(monitor) },
  })
}
