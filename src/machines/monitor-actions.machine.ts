import { failureMessage } from '@vigil/domain/api-failure'
import type { CheckResult } from '@vigil/domain/check-result'
import type { Monitor } from '@vigil/domain/monitor.schema'
import { assign, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

export const ACTION_FAILED = 'Something went wrong. Please try again.'
export const MONITOR_PAUSED = 'Monitor paused'
export const MONITOR_RESUMED = 'Monitor resumed'
export const MONITOR_DELETED = 'Monitor deleted'

type Notice = { title: string; type: 'success' | 'error' }
const failed = (error: unknown): Notice => ({ title: failureMessage(error, ACTION_FAILED), type: 'error' })

interface Context {
  /** The monitor being paused, resumed, deleted or checked. */
  monitor: Monitor | null
  /** The last "Check now" answer, or why it failed, for the monitor it ran on. */
  check: { monitorId: string; result: CheckResult | null; error: string | null } | null
}

/** Each action's input: the id of the monitor it is done to. */
const ofMonitor = ({ context }: { context: Context }) => ({ id: context.monitor?.id ?? '' })

/** A refused action: back to idle, with a toast that says why. */
const refused = {
  target: 'idle',
  actions: { type: 'notify', params: ({ event }: { event: { error: unknown } }) => failed(event.error) },
} as const

/** Pausing or resuming: the monitor as it is now goes to the page, and a toast says what was done. */
const changing = (src: 'pauseMonitor' | 'resumeMonitor', title: string) => ({
  invoke: {
    id: src,
    src,
    input: ofMonitor,
    onDone: {
      target: 'idle',
      actions: [
        { type: 'changed', params: ({ event }: { event: { output: Monitor } }) => ({ monitor: event.output }) },
        { type: 'notify', params: { title, type: 'success' } },
      ] as const,
    },
    onError: refused,
  },
})

// What a user does to one monitor from its row or its page: pause, resume, delete (after the spec's
// confirmation dialog) and check now. The page that owns the monitor hears of a change through the
// `changed` and `removed` actions its adapter provides.
export const monitorActionsMachine = setup({
  types: {} as {
    context: Context
    events:
      | { type: 'monitor.pause'; monitor: Monitor }
      | { type: 'monitor.resume'; monitor: Monitor }
      | { type: 'monitor.delete'; monitor: Monitor }
      | { type: 'monitor.confirm' }
      | { type: 'monitor.cancel' }
      | { type: 'monitor.check'; monitor: Monitor }
  },
  actors: {
    pauseMonitor: toProvide<Monitor, { id: string }>('pauseMonitor'),
    resumeMonitor: toProvide<Monitor, { id: string }>('resumeMonitor'),
    deleteMonitor: toProvide<unknown, { id: string }>('deleteMonitor'),
    checkMonitor: toProvide<{ result: CheckResult; monitor: Monitor }, { id: string }>('checkMonitor'),
  },
  actions: {
    changed: (_, _params: { monitor: Monitor }) => {},
    removed: (_, _params: { monitor: Monitor }) => {},
    notify: (_, _params: Notice) => {},
  },
}).createMachine({
  id: 'monitorActions',
  context: { monitor: null, check: null },
  initial: 'idle',
  states: {
    idle: {
      entry: assign({ monitor: null }),
      on: {
        'monitor.pause': { target: 'pausing', actions: assign({ monitor: ({ event }) => event.monitor }) },
        'monitor.resume': { target: 'resuming', actions: assign({ monitor: ({ event }) => event.monitor }) },
        'monitor.delete': { target: 'confirmingDelete', actions: assign({ monitor: ({ event }) => event.monitor }) },
        'monitor.check': {
          target: 'checking',
          actions: assign({
            monitor: ({ event }) => event.monitor,
            check: ({ event }) => ({ monitorId: event.monitor.id, result: null, error: null }),
          }),
        },
      },
    },
    pausing: changing('pauseMonitor', MONITOR_PAUSED),
    resuming: changing('resumeMonitor', MONITOR_RESUMED),
    // The confirmation dialog is open.
    confirmingDelete: { on: { 'monitor.confirm': 'deleting', 'monitor.cancel': 'idle' } },
    deleting: {
      invoke: {
        id: 'deleteMonitor',
        src: 'deleteMonitor',
        input: ofMonitor,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'removed', params: ({ context }) => ({ monitor: context.monitor as Monitor }) },
            { type: 'notify', params: { title: MONITOR_DELETED, type: 'success' } },
          ],
        },
        onError: refused,
      },
    },
    checking: {
      invoke: {
        id: 'checkMonitor',
        src: 'checkMonitor',
        input: ofMonitor,
        onDone: {
          target: 'idle',
          actions: [
            assign({
              check: ({ context, event }) => ({
                monitorId: context.monitor?.id ?? '',
                result: event.output.result,
                error: null,
              }),
            }),
            { type: 'changed', params: ({ event }) => ({ monitor: event.output.monitor }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({
            check: ({ context, event }) => ({
              monitorId: context.monitor?.id ?? '',
              result: null,
              error: failureMessage(event.error, ACTION_FAILED),
            }),
          }),
        },
      },
    },
  },
})
