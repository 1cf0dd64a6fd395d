import { describe, expect, it } from 'vitest'
import type { Heartbeat, Monitor } from '@vigil/domain/monitor.schema'
import { type MonitorPage, NO_CHOICE } from '@vigil/domain/monitor-list-view'
import { monitorListMachine } from '../../src/machines/monitor-list.machine.ts'
import { webMonitor } from '../fixtures/monitors.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const machine = monitorListMachine
const input = { choice: NO_CHOICE }
const { done, error } = actorEvents(machine)

const beat = (n: number): Heartbeat => ({
  checked_at: new Date(Date.UTC(2026, 10, 22, 9, n)).toISOString(),
  ok: true,
  status: 'up',
  response_ms: 100 + n,
  message: 'OK',
})
const page = (monitors: Monitor[]): MonitorPage => ({
  monitors,
  counts: { total: monitors.length, up: monitors.length, down: 0, degraded: 0, paused: 0, pending: 0 },
  pagination: { total: monitors.length, page: 1, limit: 50, total_pages: 1 },
  facets: { types: { web: monitors.length }, tags: {}, status_pages: {} },
})
const shop = webMonitor({ id: 'w1', name: 'Shop', heartbeats: Array.from({ length: 30 }, (_, n) => beat(n)) })
const blog = webMonitor({ id: 'w2', name: 'Blog', heartbeats: [] })
const loaded = done('fetchPage', page([shop, blog]))
const refused = error('fetchPage', { status: 500, message: 'Database unavailable' })
const tick = (state: 'ready' | 'failed') => ({ type: `xstate.after.poll.monitorList.list.${state}` }) as never
const choose = { type: 'list.choose', choice: { ...NO_CHOICE, q: 'sh' } } as const
const reload = { type: 'list.reload' } as const
const liveReload = { type: 'live.reload' } as const
const select = (id: string) => ({ type: 'list.select', id, selected: true }) as const
const selectPage = { type: 'list.selectPage', selected: true } as const
const pause = { type: 'list.bulk', action: 'pause' } as const
const remove = { type: 'list.bulk', action: 'delete' } as const
const confirm = { type: 'bulk.confirm' } as const
const cancel = { type: 'bulk.cancel' } as const
const bulkDone = done('runBulk', { done: 1, failed: [{ id: 'w2', message: 'Your plan allows 1 monitor.' }] })
const bulkFailed = error('runBulk', { status: 0 })
const hide = { type: 'visibility.hide' } as const
const show = { type: 'visibility.show' } as const
const live = { type: 'live.status', status: 'live' } as const
const lost = { type: 'live.status', status: 'lost' } as const
const result = (changed: boolean) =>
  ({
    type: 'live.monitor',
    event: {
      kind: 'monitor',
      monitor_id: 'w1',
      type: 'web',
      status: changed ? 'down' : 'up',
      changed,
      result: {
        checked_at: '2026-11-22T10:00:00.000Z',
        ok: false,
        verdict: 'failed',
        status: changed ? 'down' : 'up',
        response_ms: null,
        message: 'Connection refused',
      },
    },
  }) as const

describe('monitor list machine paths', () => {
  const reached = reachedStateNodes(machine, {
    input,
    events: [
      loaded,
      refused,
      tick('ready'),
      tick('failed'),
      reload,
      select('w1'),
      remove,
      pause,
      confirm,
      cancel,
      bulkDone,
      hide,
      show,
    ],
  })
  it.each(stateNodeIds(machine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('reads the page of a new choice, dropping the selection', () => {
    const { state } = journey(machine, [loaded, select('w1'), choose], input)
    expect(state.matches({ list: 'loading' })).toBe(true)
    expect(state.context.choice.q).toBe('sh')
    expect(state.context.selected).toEqual([])
  })

  it('asks again on a timer only while the live stream is not connected', () => {
    expect(journey(machine, [loaded, tick('ready')], input).state.matches({ list: 'loading' })).toBe(true)
    expect(journey(machine, [live, loaded, tick('ready')], input).state.matches({ list: 'ready' })).toBe(true)
    expect(journey(machine, [live, loaded, lost, tick('ready')], input).state.matches({ list: 'loading' })).toBe(true)
    // Monitors added or deleted, or a resync, read the page again.
    expect(journey(machine, [live, loaded, liveReload], input).state.matches({ list: 'loading' })).toBe(true)
  })

  it('patches a row with a live result, keeping the last 30 checks, without reading again', () => {
    const { state } = journey(machine, [live, loaded, result(false)], input)
    expect(state.matches({ list: 'ready' })).toBe(true)
    const row = state.context.data?.monitors[0]
    expect(row?.heartbeats).toHaveLength(30)
    expect(row?.heartbeats?.at(-1)).toMatchObject({ ok: false, verdict: 'failed', message: 'Connection refused' })
    expect(row?.heartbeats?.[0]?.response_ms).toBe(101)
    expect(row?.last_checked_at).toBe('2026-11-22T10:00:00.000Z')
    const down = journey(machine, [live, loaded, result(true)], input).state.context.data?.monitors[0]
    expect(down?.status).toBe('down')
  })

  it('stops asking while the tab is hidden and asks at once when shown', () => {
    const hidden = journey(machine, [loaded, hide, reload, liveReload], input).state
    expect(hidden.matches({ list: 'hidden' })).toBe(true)
    expect(journey(machine, [loaded, hide, show], input).state.matches({ list: 'loading' })).toBe(true)
  })

  it('keeps the last page and says why when a read fails', () => {
    const { state } = journey(machine, [loaded, reload, refused], input)
    expect(state.matches({ list: 'failed' })).toBe(true)
    expect(state.context.data?.monitors).toHaveLength(2)
    expect(state.context.error).toBe('Database unavailable')
  })

  it('runs a bulk action on the selection at once, says the outcome and reads the page again', () => {
    const running = journey(machine, [loaded, selectPage, pause], input).state
    expect(running.matches({ bulk: 'running' })).toBe(true)
    expect(running.context.bulk).toEqual({ action: 'pause', monitor_ids: ['w1', 'w2'], tag: undefined })
    const after = journey(machine, [loaded, selectPage, pause, bulkDone], input).state
    expect(after.matches({ bulk: 'idle', list: 'loading' })).toBe(true)
    expect(after.context.selected).toEqual([])
    expect(after.context.outcome).toEqual({
      text: '1 paused; Blog could not be paused: Your plan allows 1 monitor.',
      tone: 'warning',
    })
    const failed = journey(machine, [loaded, selectPage, pause, bulkFailed], input).state
    expect(failed.context.outcome?.tone).toBe('error')
    // Nothing selected: nothing to do.
    expect(journey(machine, [loaded, pause], input).state.matches({ bulk: 'idle' })).toBe(true)
  })

  it('asks before deleting, and a cancel keeps everything', () => {
    const asking = journey(machine, [loaded, select('w1'), remove], input).state
    expect(asking.matches({ bulk: 'confirming' })).toBe(true)
    const kept = journey(machine, [loaded, select('w1'), remove, cancel], input).state
    expect(kept.matches({ bulk: 'idle' })).toBe(true)
    expect(kept.context.selected).toEqual(['w1'])
    expect(journey(machine, [loaded, select('w1'), remove, confirm], input).state.matches({ bulk: 'running' })).toBe(
      true,
    )
  })
})
