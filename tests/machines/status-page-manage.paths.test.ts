import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  INCIDENT_DELETED,
  INCIDENT_PUBLISHED,
  MAINTENANCE_CANCELLED,
  MANAGE_ACTION_FAILED,
  STATUS_PAGE_LOAD_FAILED,
  type StatusPageDetail,
  statusPageManageMachine,
} from '../../src/machines/status-page-manage.machine.ts'
import { incident as engineIncident } from '../fixtures/monitors.ts'
import { maintenanceWindow, statusIncident, statusPage } from '../fixtures/status-pages.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const input = { pageId: 'sp-1' }
const outage = engineIncident({ id: 'e-1', monitor_id: 'a1', resolved_at: null, duration_ms: null })
const detail = (over: Partial<StatusPageDetail> = {}): StatusPageDetail => ({
  page: statusPage(),
  incidents: [statusIncident()],
  maintenance: [maintenanceWindow()],
  openIncidents: [outage],
  ...over,
})
const published = statusIncident({ id: 'si-9', title: 'API is not available', monitor_incident_id: 'e-1' })

const { done, error } = actorEvents(statusPageManageMachine)
const loaded = done('fetchDetail', detail())
const notFound = error('fetchDetail', { status: 404, message: 'Status page not found.' })
const unreachable = error('fetchDetail', { status: 0 })
const refresh = { type: 'statusPage.refresh' } as const
const refreshed = done('refreshDetail', detail({ incidents: [] }))
const refreshFailed = error('refreshDetail', { status: 503, message: 'Database unavailable' })
const publish = { type: 'incident.publish', incidentId: 'e-1' } as const
const publishDone = { type: 'incident.published', incident: published } as const
const publishCancelled = { type: 'publication.cancel' } as const
const deleteIncident = { type: 'incident.delete', incident: statusIncident() } as const
const removeWindow = { type: 'maintenance.remove', maintenance: maintenanceWindow() } as const
const confirm = { type: 'removal.confirm' } as const
const dismiss = { type: 'removal.dismiss' } as const
const removed = done('removeItem', 'Deleted.')
const removeFailed = error('removeItem', { status: 500 })

describe('status page manage machine paths', () => {
  const reached = reachedStateNodes(statusPageManageMachine, {
    input,
    events: [
      loaded,
      unreachable,
      refresh,
      refreshed,
      refreshFailed,
      publish,
      publishDone,
      publishCancelled,
      deleteIncident,
      confirm,
      dismiss,
      removed,
      removeFailed,
    ],
  })
  it.each(stateNodeIds(statusPageManageMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('holds the page, its incidents and maintenance and the open outages once loaded; a failure says why', () => {
    const ready = journey(statusPageManageMachine, [loaded], input).state
    expect(ready.value).toEqual({ ready: { data: 'idle', publication: 'idle', removal: 'idle' } })
    expect(ready.context.detail).toEqual(detail())
    const missing = journey(statusPageManageMachine, [notFound], input).state
    expect(missing.value).toBe('failed')
    expect(missing.context.error).toBe('Status page not found.')
    expect(journey(statusPageManageMachine, [unreachable], input).state.context.error).toBe(STATUS_PAGE_LOAD_FAILED)
    expect(journey(statusPageManageMachine, [unreachable, refresh, loaded], input).state.matches('ready')).toBe(true)
  })

  it('refreshes in the background, keeping what it shows when that fails', () => {
    expect(
      journey(statusPageManageMachine, [loaded, refresh, refreshed], input).state.context.detail?.incidents,
    ).toEqual([])
    const failed = journey(statusPageManageMachine, [loaded, refresh, refreshFailed], input).state
    expect(failed.matches({ ready: { data: 'idle' } })).toBe(true)
    expect(failed.context).toMatchObject({ detail: detail(), error: 'Database unavailable' })
  })

  it('reviews an engine incident’s words before it is published, once', () => {
    const reviewing = journey(statusPageManageMachine, [loaded, publish], input).state
    expect(reviewing.matches({ ready: { publication: 'reviewing' } })).toBe(true)
    expect(reviewing.context.publishing).toBe('e-1')
    // Under review nothing is published: the page's incidents are as they were.
    expect(reviewing.context.detail?.incidents.map((i) => i.id)).toEqual(['si-1'])
    const cancelled = journey(statusPageManageMachine, [loaded, publish, publishCancelled], input).state
    expect(cancelled.matches({ ready: { publication: 'idle' } })).toBe(true)
    expect(cancelled.context.publishing).toBeNull()
    expect(cancelled.context.detail?.incidents.map((i) => i.id)).toEqual(['si-1'])
    const after = journey(statusPageManageMachine, [loaded, publish, publishDone], input).state
    expect(after.context.detail?.incidents.map((i) => i.id)).toEqual(['si-9', 'si-1'])
    expect(after.context.publishing).toBeNull()
    // Already on the page: asking again opens nothing.
    expect(
      journey(statusPageManageMachine, [loaded, publish, publishDone, publish], input).state.matches({
        ready: { publication: 'idle' },
      }),
    ).toBe(true)
  })

  it('deletes an incident or cancels a window only after the confirmation', () => {
    const asking = journey(statusPageManageMachine, [loaded, deleteIncident], input).state
    expect(asking.matches({ ready: { removal: 'confirming' } })).toBe(true)
    expect(asking.context.removing).toEqual({ kind: 'incident', item: statusIncident() })
    const kept = journey(statusPageManageMachine, [loaded, deleteIncident, dismiss], input).state
    expect(kept.context.removing).toBeNull()
    expect(kept.context.detail?.incidents).toHaveLength(1)
    const gone = journey(statusPageManageMachine, [loaded, deleteIncident, confirm, removed], input).state
    expect(gone.context.detail?.incidents).toEqual([])
    expect(gone.context.detail?.maintenance).toHaveLength(1)
    const cancelled = journey(statusPageManageMachine, [loaded, removeWindow, confirm, removed], input).state
    expect(cancelled.context.detail?.maintenance).toEqual([])
    expect(cancelled.context.detail?.incidents).toHaveLength(1)
    const failed = journey(statusPageManageMachine, [loaded, removeWindow, confirm, removeFailed], input).state
    expect(failed.context.detail?.maintenance).toHaveLength(1)
    expect(failed.context.removing).toBeNull()
  })

  it('takes in what the forms saved: a page change, a new or updated incident, a new window', () => {
    const renamed = statusPage({ name: 'Acme Inc.' })
    const updated = statusIncident({ status: 'resolved', resolved_at: '2026-11-22T09:00:00.000Z' })
    const window2 = maintenanceWindow({ id: 'm-2', title: 'Network work' })
    const { state } = journey(
      statusPageManageMachine,
      [
        loaded,
        { type: 'statusPage.saved', page: renamed },
        { type: 'incident.saved', incident: updated },
        { type: 'incident.saved', incident: statusIncident({ id: 'si-2', title: 'New' }) },
        { type: 'maintenance.saved', maintenance: window2 },
      ],
      input,
    )
    expect(state.context.detail?.page.name).toBe('Acme Inc.')
    expect(state.context.detail?.incidents.map((i) => [i.id, i.status])).toEqual([
      ['si-2', 'investigating'],
      ['si-1', 'resolved'],
    ])
    expect(state.context.detail?.maintenance.map((m) => m.id)).toEqual(['m-1', 'm-2'])
  })
})

describe('status page manage machine, run', () => {
  it('deletes and cancels through the provided effects, and tells the user, a publication too', async () => {
    const calls: string[] = []
    const notices: { title: string; type: string }[] = []
    let refuse = false
    const actor = createActor(
      statusPageManageMachine.provide({
        actors: {
          fetchDetail: fromPromise(async ({ input }) => {
            calls.push(`fetch ${input.id}`)
            return detail()
          }),
          removeItem: fromPromise(async ({ input }) => {
            if (refuse) throw { status: 500 }
            calls.push(`remove ${input.id} ${input.kind} ${input.item.id}`)
            return 'ok'
          }),
        },
        actions: { notify: (_, notice) => notices.push(notice) },
      }),
      { input },
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send(publish)
    expect(actor.getSnapshot().matches({ ready: { publication: 'reviewing' } })).toBe(true)
    actor.send(publishDone)
    actor.send(deleteIncident)
    actor.send(confirm)
    await waitFor(actor, (s) => s.matches({ ready: { removal: 'idle' } }))
    actor.send(removeWindow)
    actor.send(confirm)
    await waitFor(actor, (s) => s.matches({ ready: { removal: 'idle' } }))
    refuse = true
    actor.send({ type: 'incident.delete', incident: published })
    actor.send(confirm)
    await waitFor(actor, (s) => s.matches({ ready: { removal: 'idle' } }))
    expect(calls).toEqual(['fetch sp-1', 'remove sp-1 incident si-1', 'remove sp-1 maintenance m-1'])
    expect(notices).toEqual([
      { title: INCIDENT_PUBLISHED, type: 'success' },
      { title: INCIDENT_DELETED, type: 'success' },
      { title: MAINTENANCE_CANCELLED, type: 'success' },
      { title: MANAGE_ACTION_FAILED, type: 'error' },
    ])
    expect(actor.getSnapshot().context.detail?.incidents.map((i) => i.id)).toEqual(['si-9'])
    actor.stop()
  })
})
