import { failureMessage } from '@vigil/domain/api-failure'
import type { ReportSchedule, ReportSend } from '@vigil/domain/report-schedule'
import { assign, setup, spawnChild } from 'xstate'
import { ACTION_FAILED, type ListPageContext, listPageMachine, type Notice } from './list-page.machine.ts'
import { toProvide } from './to-provide.ts'

export const SCHEDULES_LOAD_FAILED = 'Could not load your scheduled reports. Check your connection and try again.'
export const SCHEDULE_DELETED = 'Scheduled report deleted'
export const SEND_FAILED = 'The report could not be sent. Please try again.'

/** What "Send now" answers: the send it started, and the server's words about it when it has some. */
export interface SentNow {
  send: ReportSend
  message: string | null
}

/** The toast after "Send now": the server's words, or how many addresses the report went to. */
export const sentNotice = (sent: SentNow, schedule: ReportSchedule | undefined): string => {
  if (sent.message) return sent.message
  const n = schedule?.recipients.length ?? 0
  return `Report sent to ${n} recipient${n === 1 ? '' : 's'}`
}

interface Context extends ListPageContext<ReportSchedule> {
  schedules: ReportSchedule[] | null
  /** The schedules whose "Send now" runs, by id. */
  sending: Record<string, true>
}

// Spawned per schedule as `send.<id>`, so one slow send holds up no other.
const SEND = 'send.'
type ChildDone = { type: `xstate.done.actor.${string}`; output: SentNow; actorId: string }
type ChildError = { type: `xstate.error.actor.${string}`; error: unknown; actorId: string }
const idOf = (actorId: string) => actorId.slice(SEND.length)

const without = <T>(record: Record<string, T>, id: string): Record<string, T> => {
  const { [id]: _, ...rest } = record
  return rest
}

/** The list with a schedule added (a new one) or replaced (a change). */
const withSchedule = (list: ReportSchedule[] | null, schedule: ReportSchedule) =>
  list &&
  (list.some((s) => s.id === schedule.id)
    ? list.map((s) => (s.id === schedule.id ? schedule : s))
    : [...list, schedule])

export type ReportSchedulesEvent =
  | { type: 'schedules.refresh' }
  /** The form saved a schedule (new or changed). */
  | { type: 'schedule.saved'; schedule: ReportSchedule }
  | { type: 'schedule.delete'; schedule: ReportSchedule }
  | { type: 'schedule.confirm' }
  | { type: 'schedule.cancel' }
  | { type: 'schedule.send'; schedule: ReportSchedule }
  | ChildDone
  | ChildError

const schedules = setup({
  types: {} as { context: Context; events: ReportSchedulesEvent },
  actors: {
    fetchSchedules: toProvide<ReportSchedule[]>('fetchSchedules'),
    deleteSchedule: toProvide<unknown, { id: string }>('deleteSchedule'),
    sendNow: toProvide<SentNow, { id: string }>('sendNow'),
  },
  actions: {
    notify: (_, _params: Notice) => {},
  },
  guards: {
    isIdle: ({ context, event }) => 'schedule' in event && !(event.schedule.id in context.sending),
  },
})

// A send may end after the list failed to refresh: its answer is taken in at the root either way.
const sendAnswers = schedules.createStateConfig({
  on: {
    'xstate.done.actor.send.*': {
      actions: [
        {
          type: 'notify',
          params: ({ context, event }) => {
            const { actorId, output } = event as ChildDone
            const schedule = context.schedules?.find((s) => s.id === idOf(actorId))
            return { title: sentNotice(output, schedule), type: 'success' }
          },
        },
        assign(({ context, event }) => {
          const { actorId, output } = event as ChildDone
          const id = idOf(actorId)
          return {
            sending: without(context.sending, id),
            schedules: context.schedules?.map((s) => (s.id === id ? { ...s, last_send: output.send } : s)) ?? null,
          }
        }),
      ],
    },
    'xstate.error.actor.send.*': {
      actions: [
        assign({ sending: ({ context, event }) => without(context.sending, idOf((event as ChildError).actorId)) }),
        {
          type: 'notify',
          params: ({ event }) => ({ title: failureMessage((event as ChildError).error, SEND_FAILED), type: 'error' }),
        },
      ],
    },
  },
})

const sendNow = schedules.createStateConfig({
  on: {
    'schedule.send': {
      guard: 'isIdle',
      actions: [
        assign({ sending: ({ context, event }) => ({ ...context.sending, [event.schedule.id]: true }) }),
        spawnChild('sendNow', {
          id: ({ event }) => `${SEND}${(event as { schedule: ReportSchedule }).schedule.id}`,
          input: ({ event }) => ({ id: (event as { schedule: ReportSchedule }).schedule.id }),
        }),
      ],
    },
  },
})

// The scheduled reports: load them, take in what the form saved, send one now (the last full period), and delete
// one after the spec's confirmation dialog.
export const reportSchedulesMachine = listPageMachine(schedules.createMachine)({
  id: 'reportSchedules',
  context: { schedules: null, error: null, removing: null, sending: {} },
  data: 'schedules',
  load: {
    src: 'fetchSchedules',
    refreshId: 'refreshSchedules',
    failure: SCHEDULES_LOAD_FAILED,
    region: 'list',
    refresh: 'schedules.refresh',
    restart: true,
  },
  remove: {
    src: 'deleteSchedule',
    ask: { 'schedule.delete': (event) => event.schedule },
    guard: 'isIdle',
    confirm: 'schedule.confirm',
    cancel: 'schedule.cancel',
    removed: ({ schedules: list }, schedule) => ({ schedules: list?.filter((s) => s.id !== schedule.id) ?? null }),
    done: () => SCHEDULE_DELETED,
    failure: ACTION_FAILED,
  },
  saved: { 'schedule.saved': ({ schedules: list }, event) => ({ schedules: withSchedule(list, event.schedule) }) },
  on: sendAnswers.on,
  ready: { on: sendNow.on },
})
