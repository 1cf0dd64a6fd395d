import { fromPromise } from 'xstate'
import type { Monitor, MonitorType } from '../domain/monitor.schema.ts'
import { monitorActionsMachine } from '../machines/monitor-actions.machine.ts'
import { monitorFormMachine } from '../machines/monitor-form.machine.ts'
import { pollingMachine } from '../machines/polling.machine.ts'
import type { Effects } from './flows.actors.ts'
import type { MonitorList, MonitorsApi } from './monitors-api.ts'
import { saveFormLogic } from './save-form.actors.ts'

// The monitor pages' flows with their effects: the monitor calls of the API, the router and the toaster.

/** A list page's monitors of one type, asked again every 10 s. */
export const monitorListLogic = (api: MonitorsApi, type: MonitorType) =>
  pollingMachine<MonitorList>().provide({ actors: { fetch: fromPromise(() => api.monitors(type)) } })

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

/** The create and edit forms: POST a new monitor, PATCH a change. */
export const monitorFormLogic = (api: MonitorsApi, saved: (monitor: Monitor | null) => void) =>
  saveFormLogic(monitorFormMachine, { create: api.createMonitor, update: api.updateMonitor }, saved)
