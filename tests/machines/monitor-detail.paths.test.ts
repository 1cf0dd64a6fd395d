import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  type DetailQuery,
  type MonitorDetail,
  monitorDetailMachine,
  RESULTS_PER_PAGE,
} from '../../src/machines/monitor-detail.machine.ts'
import { LOAD_FAILED } from '../../src/machines/polling.machine.ts'
import { apiMonitor, checkResult, incident, stats, webMonitor } from '../fixtures/monitors.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const input = { id: 'w1', type: 'web' as const }
const detail = (monitor = webMonitor()): MonitorDetail => ({
  monitor,
  stats: stats(),
  results: [checkResult()],
  pagination: { total: 1, page: 1, limit: RESULTS_PER_PAGE, total_pages: 1 },
  incidents: [incident()],
  latest: { newest: checkResult(), reported: null },
})
const { done, error } = actorEvents(monitorDetailMachine)
const loaded = done('fetchDetail', detail())
const otherType = done('fetchDetail', detail(apiMonitor({ id: 'w1' })))
const notFound = error('fetchDetail', { status: 404, message: 'Monitor not found.' })
const failed = error('fetchDetail', { status: 500 })
const tick = (state: 'ready' | 'failed') => ({ type: `xstate.after.poll.monitorDetail.active.${state}` }) as never
const win = { type: 'detail.window', window: '7d' } as const
const page2 = { type: 'detail.page', page: 2 } as const
const refresh = { type: 'detail.refresh' } as const
const changed = { type: 'monitor.changed', monitor: webMonitor({ paused: true, status: 'paused' }) } as const
const removed = { type: 'monitor.removed' } as const
const hide = { type: 'visibility.hide' } as const
const show = { type: 'visibility.show' } as const
const live = { type: 'live.status', status: 'live' } as const
const lost = { type: 'live.status', status: 'lost' } as const
const told = { type: 'live.changed' } as const
const settled = { type: 'xstate.after.settle.monitorDetail.active.settling' } as never

describe('monitor detail machine, live', () => {
  it('asks on its timer only while the stream is not live, and loads at once when it is lost', () => {
    expect(journey(monitorDetailMachine, [loaded, live, tick('ready')], input).state.value).toEqual({ active: 'ready' })
    expect(journey(monitorDetailMachine, [failed, live, tick('failed')], input).state.value).toEqual({
      active: 'failed',
    })
    const lostNow = journey(monitorDetailMachine, [loaded, live, lost], input).state
    expect(lostNow.value).toEqual({ active: 'loading' })
    expect(lostNow.context).toMatchObject({ live: false, detail: detail() })
    expect(journey(monitorDetailMachine, [loaded, lost, tick('ready')], input).state.value).toEqual({
      active: 'loading',
    })
  })

  it('a told change of this monitor loads again once the burst settles', () => {
    const settling = journey(monitorDetailMachine, [loaded, live, told, told], input).state
    expect(settling.value).toEqual({ active: 'settling' })
    expect(settling.context.detail).toEqual(detail())
    expect(journey(monitorDetailMachine, [loaded, live, told, settled], input).state.value).toEqual({
      active: 'loading',
    })
    expect(journey(monitorDetailMachine, [loaded, hide, told], input).state.value).toBe('hidden')
  })
})

describe('monitor detail machine paths', () => {
  const reached = reachedStateNodes(monitorDetailMachine, {
    input,
    events: [
      loaded,
      otherType,
      notFound,
      failed,
      tick('ready'),
      tick('failed'),
      win,
      page2,
      refresh,
      changed,
      removed,
      hide,
      show,
      live,
      lost,
      told,
      settled,
    ],
  })
  it.each(stateNodeIds(monitorDetailMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('shows the monitor once loaded, for the last 24 hours, page 1', () => {
    const { state } = journey(monitorDetailMachine, [loaded], input)
    expect(state.value).toEqual({ active: 'ready' })
    expect(state.context).toMatchObject({ window: '24h', page: 1, detail: detail(), error: null })
  })

  it('a 404 is not found; an id of another type moves to its own page', () => {
    expect(journey(monitorDetailMachine, [notFound], input).state.value).toBe('notFound')
    expect(journey(monitorDetailMachine, [otherType], input).state.value).toBe('moved')
  })

  it('a failure keeps the last answer and is retried on the next tick', () => {
    const { state } = journey(monitorDetailMachine, [loaded, tick('ready'), failed], input)
    expect(state.value).toEqual({ active: 'failed' })
    expect(state.context.detail).toEqual(detail())
    expect(state.context.error).toBe(LOAD_FAILED)
    expect(journey(monitorDetailMachine, [failed, tick('failed')], input).state.value).toEqual({ active: 'loading' })
  })

  it('a new window starts again at page 1; a page is kept', () => {
    const paged = journey(monitorDetailMachine, [loaded, page2], input).state
    expect(paged.value).toEqual({ active: 'loading' })
    expect(paged.context.page).toBe(2)
    const windowed = journey(monitorDetailMachine, [loaded, page2, loaded, win], input).state
    expect(windowed.context).toMatchObject({ window: '7d', page: 1 })
  })

  it('a change from the actions shows at once and loads again; a delete leaves the page', () => {
    const { state } = journey(monitorDetailMachine, [loaded, changed], input)
    expect(state.value).toEqual({ active: 'loading' })
    expect(state.context.detail?.monitor).toEqual(changed.monitor)
    expect(journey(monitorDetailMachine, [loaded, removed], input).state.value).toBe('removed')
  })

  it('stops asking while hidden and loads again when shown', () => {
    expect(journey(monitorDetailMachine, [loaded, hide], input).state.value).toBe('hidden')
    expect(journey(monitorDetailMachine, [loaded, hide, tick('ready'), refresh], input).state.value).toBe('hidden')
    expect(journey(monitorDetailMachine, [loaded, hide, show], input).state.value).toEqual({ active: 'loading' })
  })
})

describe('monitor detail machine, run', () => {
  const run = (fetch: (q: DetailQuery) => Promise<MonitorDetail>) => {
    const navigate = vi.fn()
    const queries: DetailQuery[] = []
    const actor = createActor(
      monitorDetailMachine.provide({
        actors: {
          fetchDetail: fromPromise(async ({ input: q }) => {
            queries.push(q)
            return fetch(q)
          }),
        },
        actions: { navigate: (_, p) => navigate(p.path) },
      }),
      { input },
    ).start()
    return { actor, navigate, queries }
  }

  it('asks for the id, window, page and page size; a window change asks again', async () => {
    const { actor, queries } = run(async () => detail())
    await waitFor(actor, (s) => s.matches({ active: 'ready' }))
    actor.send(win)
    await waitFor(actor, (s) => s.matches({ active: 'ready' }))
    expect(queries).toEqual([
      { id: 'w1', window: '24h', page: 1, limit: RESULTS_PER_PAGE },
      { id: 'w1', window: '7d', page: 1, limit: RESULTS_PER_PAGE },
    ])
  })

  it('moves an API monitor opened as a web monitor to /api_monitorings/{id}', async () => {
    const { actor, navigate } = run(async () => detail(apiMonitor({ id: 'w1' })))
    await waitFor(actor, (s) => s.matches('moved'))
    expect(navigate).toHaveBeenCalledWith('/api_monitorings/w1')
  })

  it('goes back to the list after the monitor is deleted', async () => {
    const { actor, navigate } = run(async () => detail())
    await waitFor(actor, (s) => s.matches({ active: 'ready' }))
    actor.send(removed)
    expect(navigate).toHaveBeenCalledWith('/services/web-monitoring')
  })
})
