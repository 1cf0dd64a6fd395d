import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  ACTION_FAILED,
  MONITOR_DELETED,
  MONITOR_PAUSED,
  MONITOR_RESUMED,
  monitorActionsMachine,
} from '../../src/machines/monitor-actions.machine.ts'
import { checkResult, webMonitor } from '../fixtures/monitors.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const monitor = webMonitor()
const paused = webMonitor({ paused: true, status: 'paused' })
const { done, error } = actorEvents(monitorActionsMachine)
const pause = { type: 'monitor.pause', monitor } as const
const resume = { type: 'monitor.resume', monitor: paused } as const
const del = { type: 'monitor.delete', monitor } as const
const confirm = { type: 'monitor.confirm' } as const
const cancel = { type: 'monitor.cancel' } as const
const check = { type: 'monitor.check', monitor } as const
const result = checkResult()
const events = [
  pause,
  resume,
  del,
  confirm,
  cancel,
  check,
  done('pauseMonitor', paused),
  error('pauseMonitor', { status: 500 }),
  done('resumeMonitor', monitor),
  error('resumeMonitor', { status: 404, message: 'Monitor not found.' }),
  done('deleteMonitor', 'Deleted'),
  error('deleteMonitor', { status: 0 }),
  done('checkMonitor', { result, monitor }),
  error('checkMonitor', { status: 409, message: 'This monitor is paused. Resume it to check it.' }),
]

describe('monitor actions machine paths', () => {
  const reached = reachedStateNodes(monitorActionsMachine, { events })
  it.each(stateNodeIds(monitorActionsMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('pausing and resuming hold the monitor until the server answers, then forget it', () => {
    expect(journey(monitorActionsMachine, [pause]).state.context.monitor).toEqual(monitor)
    expect(journey(monitorActionsMachine, [pause]).state.value).toBe('pausing')
    expect(journey(monitorActionsMachine, [resume]).state.value).toBe('resuming')
    const after = journey(monitorActionsMachine, [pause, done('pauseMonitor', paused)]).state
    expect(after.value).toBe('idle')
    expect(after.context.monitor).toBeNull()
  })

  it('delete asks first: cancel goes back without deleting, confirm deletes', () => {
    expect(journey(monitorActionsMachine, [del]).state.value).toBe('confirmingDelete')
    expect(journey(monitorActionsMachine, [del, cancel]).state.value).toBe('idle')
    expect(journey(monitorActionsMachine, [del, confirm]).state.value).toBe('deleting')
    expect(journey(monitorActionsMachine, [del, confirm, done('deleteMonitor', 'Deleted')]).state.value).toBe('idle')
  })

  it('ignores other actions while one runs or while the dialog is open', () => {
    expect(journey(monitorActionsMachine, [pause, del]).state.value).toBe('pausing')
    expect(journey(monitorActionsMachine, [del, pause]).state.value).toBe('confirmingDelete')
    expect(journey(monitorActionsMachine, [del, confirm, cancel]).state.value).toBe('deleting')
  })

  it('check now keeps the result, or the reason it failed, for that monitor', () => {
    const ran = journey(monitorActionsMachine, [check, done('checkMonitor', { result, monitor })]).state
    expect(ran.value).toBe('idle')
    expect(ran.context.check).toEqual({ monitorId: 'w1', result, error: null })
    const refused = journey(monitorActionsMachine, [
      check,
      error('checkMonitor', { status: 409, message: 'This monitor is paused. Resume it to check it.' }),
    ]).state
    expect(refused.context.check).toEqual({
      monitorId: 'w1',
      result: null,
      error: 'This monitor is paused. Resume it to check it.',
    })
    // A new check forgets the last answer while it runs.
    const again = journey(monitorActionsMachine, [check, done('checkMonitor', { result, monitor }), check]).state
    expect(again.context.check).toEqual({ monitorId: 'w1', result: null, error: null })
  })
})

describe('monitor actions machine, run', () => {
  const run = (impl: Partial<Record<'pause' | 'resume' | 'remove' | 'check', () => Promise<unknown>>>) => {
    const changed = vi.fn()
    const removed = vi.fn()
    const notify = vi.fn()
    const calls: string[] = []
    const actor = createActor(
      monitorActionsMachine.provide({
        actors: {
          pauseMonitor: fromPromise(async ({ input }) => {
            calls.push(`pause ${input.id}`)
            return (impl.pause ?? (async () => paused))() as never
          }),
          resumeMonitor: fromPromise(async ({ input }) => {
            calls.push(`resume ${input.id}`)
            return (impl.resume ?? (async () => monitor))() as never
          }),
          deleteMonitor: fromPromise(async ({ input }) => {
            calls.push(`delete ${input.id}`)
            return (impl.remove ?? (async () => 'Deleted'))()
          }),
          checkMonitor: fromPromise(async ({ input }) => {
            calls.push(`check ${input.id}`)
            return (impl.check ?? (async () => ({ result, monitor })))() as never
          }),
        },
        actions: {
          changed: (_, p) => changed(p.monitor),
          removed: (_, p) => removed(p.monitor),
          notify: (_, p) => notify(p),
        },
      }),
    ).start()
    return { actor, changed, removed, notify, calls }
  }

  it('pause: the server pauses it, the page hears of the paused monitor, a toast says so', async () => {
    const { actor, changed, notify, calls } = run({})
    actor.send(pause)
    await waitFor(actor, (s) => s.matches('idle'))
    expect(calls).toEqual(['pause w1'])
    expect(changed).toHaveBeenCalledWith(paused)
    expect(notify).toHaveBeenCalledWith({ title: MONITOR_PAUSED, type: 'success' })
  })

  it('resume, and a failure that shows the server message and changes nothing', async () => {
    const ok = run({})
    ok.actor.send(resume)
    await waitFor(ok.actor, (s) => s.matches('idle'))
    expect(ok.notify).toHaveBeenCalledWith({ title: MONITOR_RESUMED, type: 'success' })
    const failing = run({ resume: () => Promise.reject({ status: 500, message: 'Try later.' }) })
    failing.actor.send(resume)
    await waitFor(failing.actor, (s) => s.matches('idle'))
    expect(failing.changed).not.toHaveBeenCalled()
    expect(failing.notify).toHaveBeenCalledWith({ title: 'Try later.', type: 'error' })
  })

  it('delete only after confirm; the page hears which monitor went', async () => {
    const { actor, removed, notify, calls } = run({})
    actor.send(del)
    expect(calls).toEqual([])
    actor.send(confirm)
    await waitFor(actor, (s) => s.matches('idle'))
    expect(calls).toEqual(['delete w1'])
    expect(removed).toHaveBeenCalledWith(monitor)
    expect(notify).toHaveBeenCalledWith({ title: MONITOR_DELETED, type: 'success' })
    const failing = run({ remove: () => Promise.reject({ status: 0 }) })
    failing.actor.send(del)
    failing.actor.send(confirm)
    await waitFor(failing.actor, (s) => s.matches('idle'))
    expect(failing.removed).not.toHaveBeenCalled()
    expect(failing.notify).toHaveBeenCalledWith({ title: ACTION_FAILED, type: 'error' })
  })

  it('check now passes the monitor the server sent back to the page', async () => {
    const after = webMonitor({ last_response_ms: 87 })
    const { actor, changed } = run({ check: async () => ({ result, monitor: after }) })
    actor.send(check)
    await waitFor(actor, (s) => s.matches('idle'))
    expect(changed).toHaveBeenCalledWith(after)
    expect(actor.getSnapshot().context.check?.result).toEqual(result)
  })
})
