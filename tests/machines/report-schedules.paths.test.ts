import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { ReportSchedule } from '@vigil/domain/report-schedule'
import type { Notice } from '../../src/machines/list-page.machine.ts'
import {
  reportSchedulesMachine,
  SCHEDULE_DELETED,
  SCHEDULES_LOAD_FAILED,
  SEND_FAILED,
  type SentNow,
  sentNotice,
} from '../../src/machines/report-schedules.machine.ts'
import { schedule, send } from '../ui/reporting/fixtures.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const weekly = schedule()
const monthly = schedule({ id: 'sch-2', name: 'Monthly SLA', frequency: 'monthly', last_send: null })
const { done, error } = actorEvents(reportSchedulesMachine)
const loaded = done('fetchSchedules', [weekly])
const unreachable = error('fetchSchedules', { status: 0 })
const refresh = { type: 'schedules.refresh' } as const
const refreshed = done('refreshSchedules', [weekly, monthly])
const refreshFailed = error('refreshSchedules', { status: 503, message: 'Database unavailable' })
const del = { type: 'schedule.delete', schedule: weekly } as const
const confirm = { type: 'schedule.confirm' } as const
const cancel = { type: 'schedule.cancel' } as const
const removed = done('deleteSchedule', undefined)
const removeFailed = error('deleteSchedule', { status: 404, message: 'Schedule not found.' })
const saved = (s: ReportSchedule) => ({ type: 'schedule.saved', schedule: s }) as const
const sendNow = { type: 'schedule.send', schedule: weekly } as const

describe('report schedules machine paths', () => {
  const reached = reachedStateNodes(reportSchedulesMachine, {
    events: [loaded, unreachable, refresh, refreshed, refreshFailed, del, confirm, cancel, removed, removeFailed],
  })
  it.each(stateNodeIds(reportSchedulesMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('holds the schedules once loaded; a failure says why and loads again on request', () => {
    expect(journey(reportSchedulesMachine, [loaded]).state.context.schedules).toEqual([weekly])
    const failed = journey(reportSchedulesMachine, [unreachable]).state
    expect(failed.value).toBe('failed')
    expect(failed.context.error).toBe(SCHEDULES_LOAD_FAILED)
    expect(journey(reportSchedulesMachine, [unreachable, refresh, loaded]).state.matches('ready')).toBe(true)
  })

  it('adds a new schedule and replaces a changed one', () => {
    expect(journey(reportSchedulesMachine, [loaded, saved(monthly)]).state.context.schedules?.map((s) => s.id)).toEqual(
      ['sch-1', 'sch-2'],
    )
    const renamed = schedule({ name: 'Weekly SLA for Acme' })
    expect(journey(reportSchedulesMachine, [loaded, saved(renamed)]).state.context.schedules).toEqual([renamed])
  })

  it('deletes a schedule only after the confirmation', () => {
    const asking = journey(reportSchedulesMachine, [loaded, del]).state
    expect(asking.matches({ ready: { removal: 'confirming' } })).toBe(true)
    expect(journey(reportSchedulesMachine, [loaded, del, cancel]).state.context.schedules).toEqual([weekly])
    const gone = journey(reportSchedulesMachine, [loaded, del, confirm, removed]).state
    expect(gone.context.schedules).toEqual([])
    const kept = journey(reportSchedulesMachine, [loaded, del, confirm, removeFailed]).state
    expect(kept.context.schedules).toEqual([weekly])
  })

  it('marks a schedule as sending while "Send now" runs, and asks nothing else of it meanwhile', () => {
    const sending = journey(reportSchedulesMachine, [loaded, sendNow]).state
    expect(sending.context.sending).toEqual({ 'sch-1': true })
    expect(journey(reportSchedulesMachine, [loaded, sendNow, del]).state.matches({ ready: { removal: 'idle' } })).toBe(
      true,
    )
  })

  it("says what was sent: the server's words, or to how many addresses", () => {
    expect(sentNotice({ send: send(), message: null }, weekly)).toBe('Report sent to 2 recipients')
    expect(sentNotice({ send: send(), message: null }, schedule({ recipients: ['a@example.com'] }))).toBe(
      'Report sent to 1 recipient',
    )
    expect(sentNotice({ send: send(), message: 'Queued for 2 addresses.' }, weekly)).toBe('Queued for 2 addresses.')
  })
})

describe('report schedules machine, run', () => {
  const run = (sendNowImpl: () => Promise<SentNow>) => {
    const notices: Notice[] = []
    const actor = createActor(
      reportSchedulesMachine.provide({
        actors: {
          fetchSchedules: fromPromise(async () => [weekly, monthly]),
          deleteSchedule: fromPromise<unknown, { id: string }>(async () => undefined),
          sendNow: fromPromise(sendNowImpl),
        },
        actions: { notify: (_, notice) => notices.push(notice) },
      }),
    ).start()
    return { actor, notices }
  }

  it('sends now, takes the new send as the last one and says so', async () => {
    const manual = send({ id: 'send-2', trigger: 'manual', status: 'sending' })
    const { actor, notices } = run(async () => ({ send: manual, message: null }))
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'schedule.send', schedule: weekly })
    await waitFor(actor, (s) => Object.keys(s.context.sending).length === 0)
    expect(actor.getSnapshot().context.schedules?.[0]?.last_send).toEqual(manual)
    expect(notices).toEqual([{ title: 'Report sent to 2 recipients', type: 'success' }])
    actor.stop()
  })

  it("says why a send failed, and deletes with the spec's words", async () => {
    const { actor, notices } = run(async () => {
      throw { status: 0 }
    })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'schedule.send', schedule: monthly })
    await waitFor(actor, (s) => Object.keys(s.context.sending).length === 0)
    actor.send({ type: 'schedule.delete', schedule: monthly })
    actor.send({ type: 'schedule.confirm' })
    await waitFor(actor, (s) => s.context.schedules?.length === 1)
    expect(notices).toEqual([
      { title: SEND_FAILED, type: 'error' },
      { title: SCHEDULE_DELETED, type: 'success' },
    ])
    actor.stop()
  })
})
