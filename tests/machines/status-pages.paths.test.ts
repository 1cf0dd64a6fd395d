import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { StatusPage } from '@vigil/domain/status-page.schema'
import {
  STATUS_PAGE_ACTION_FAILED,
  STATUS_PAGE_DELETED,
  STATUS_PAGES_LOAD_FAILED,
  type StatusPageList,
  statusPagesMachine,
} from '../../src/machines/status-pages.machine.ts'
import { draftPage, statusPage } from '../fixtures/status-pages.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const acme = statusPage()
const list = (...pages: StatusPage[]): StatusPageList => ({
  status_pages: pages,
  limit: { max: 20, used: pages.length },
})
const { done, error } = actorEvents(statusPagesMachine)
const loaded = done('fetchStatusPages', list(acme))
const unreachable = error('fetchStatusPages', { status: 0 })
const locked = error('fetchStatusPages', { status: 403, message: 'The Status Page feature is not part of your plan.' })
const refresh = { type: 'statusPages.refresh' } as const
const refreshed = done('refreshStatusPages', list(acme, draftPage()))
const refreshFailed = error('refreshStatusPages', { status: 503, message: 'Database unavailable' })
const del = { type: 'statusPage.delete', page: acme } as const
const confirm = { type: 'statusPage.confirm' } as const
const cancel = { type: 'statusPage.cancel' } as const
const removed = done('deleteStatusPage', 'Status page deleted.')
const removeFailed = error('deleteStatusPage', { status: 404, message: 'Status page not found.' })
const saved = (page: StatusPage) => ({ type: 'statusPage.saved', page }) as const

describe('status pages machine paths', () => {
  const reached = reachedStateNodes(statusPagesMachine, {
    events: [loaded, unreachable, refresh, refreshed, refreshFailed, del, confirm, cancel, removed, removeFailed],
  })
  it.each(stateNodeIds(statusPagesMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('holds the pages and the plan limit once loaded; a failure says why and loads again on request', () => {
    const ready = journey(statusPagesMachine, [loaded]).state
    expect(ready.value).toEqual({ ready: { list: 'idle', removal: 'idle' } })
    expect(ready.context.list).toEqual(list(acme))
    const failed = journey(statusPagesMachine, [unreachable]).state
    expect(failed.value).toBe('failed')
    expect(failed.context.error).toBe(STATUS_PAGES_LOAD_FAILED)
    // The server's own message, as it is.
    expect(journey(statusPagesMachine, [locked]).state.context.error).toBe(
      'The Status Page feature is not part of your plan.',
    )
    expect(journey(statusPagesMachine, [unreachable, refresh, loaded]).state.matches('ready')).toBe(true)
  })

  it('refreshes in the background, keeping the pages when that fails', () => {
    const refreshing = journey(statusPagesMachine, [loaded, refresh]).state
    expect(refreshing.matches({ ready: { list: 'refreshing' } })).toBe(true)
    expect(refreshing.context.list).toEqual(list(acme))
    expect(journey(statusPagesMachine, [loaded, refresh, refreshed]).state.context.list?.status_pages).toHaveLength(2)
    const failed = journey(statusPagesMachine, [loaded, refresh, refreshFailed]).state
    expect(failed.matches({ ready: { list: 'idle' } })).toBe(true)
    expect(failed.context).toMatchObject({ list: list(acme), error: 'Database unavailable' })
  })

  it('adds a new page (counting it against the limit) and replaces a changed one', () => {
    const added = journey(statusPagesMachine, [loaded, saved(draftPage())]).state.context.list
    expect(added?.status_pages.map((p) => p.id)).toEqual(['sp-1', 'sp-2'])
    expect(added?.limit).toEqual({ max: 20, used: 2 })
    const renamed = statusPage({ name: 'Acme Inc.' })
    const changed = journey(statusPagesMachine, [loaded, saved(renamed)]).state.context.list
    expect(changed?.status_pages).toEqual([renamed])
    expect(changed?.limit.used).toBe(1)
  })

  it('deletes a page only after the confirmation', () => {
    expect(journey(statusPagesMachine, [loaded, del]).state.matches({ ready: { removal: 'confirming' } })).toBe(true)
    const cancelled = journey(statusPagesMachine, [loaded, del, cancel]).state
    expect(cancelled.matches({ ready: { removal: 'idle' } })).toBe(true)
    expect(cancelled.context.removing).toBeNull()
    expect(cancelled.context.list?.status_pages).toHaveLength(1)
    const deleting = journey(statusPagesMachine, [loaded, del, confirm]).state
    expect(deleting.matches({ ready: { removal: 'removing' } })).toBe(true)
    const gone = journey(statusPagesMachine, [loaded, del, confirm, removed]).state
    expect(gone.context.list).toEqual({ status_pages: [], limit: { max: 20, used: 0 } })
    expect(gone.context.removing).toBeNull()
    const kept = journey(statusPagesMachine, [loaded, del, confirm, removeFailed]).state
    expect(kept.context.list?.status_pages).toHaveLength(1)
    expect(kept.matches({ ready: { removal: 'idle' } })).toBe(true)
  })
})

describe('status pages machine, run', () => {
  it('deletes through the provided effects and tells the user, or tells why not', async () => {
    const notices: { title: string; type: string }[] = []
    const deleted: string[] = []
    let refuse = false
    const actor = createActor(
      statusPagesMachine.provide({
        actors: {
          fetchStatusPages: fromPromise(async () => list(acme, draftPage())),
          deleteStatusPage: fromPromise(async ({ input }) => {
            if (refuse) throw { status: 500 }
            deleted.push(input.id)
            return 'Status page deleted.'
          }),
        },
        actions: { notify: (_, notice) => notices.push(notice) },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'statusPage.delete', page: draftPage() })
    actor.send({ type: 'statusPage.confirm' })
    await waitFor(actor, (s) => s.matches({ ready: { removal: 'idle' } }))
    expect(deleted).toEqual(['sp-2'])
    expect(actor.getSnapshot().context.list?.status_pages.map((p) => p.id)).toEqual(['sp-1'])
    refuse = true
    actor.send({ type: 'statusPage.delete', page: acme })
    actor.send({ type: 'statusPage.confirm' })
    await waitFor(actor, (s) => s.matches({ ready: { removal: 'idle' } }))
    expect(notices).toEqual([
      { title: STATUS_PAGE_DELETED, type: 'success' },
      { title: STATUS_PAGE_ACTION_FAILED, type: 'error' },
    ])
    actor.stop()
  })
})
