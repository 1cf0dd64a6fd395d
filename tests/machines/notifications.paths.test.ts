import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { Notification, NotificationPage } from '@vigil/domain/notification'
import { NOTIFICATIONS_REFRESH_MS, notificationsMachine } from '../../src/machines/notifications.machine.ts'
import { actorEvents, journey, reachedStateNodes, stateNodeIds } from './traversal.ts'

const note = (id: string, type: Notification['notification_type'], target: string | null, opened = false) =>
  ({
    notification_id: id,
    notification_type: type,
    target_id: target,
    notification_title: `Title ${id}`,
    notification_description: `Description ${id}`,
    is_opened: opened,
    created_at: '2026-11-22T09:05:00.000Z',
  }) satisfies Notification

const web = note('n1', 'web', '42')
const account = note('n2', 'account', null)
const seen = note('n3', 'api', '7', true)
const page: NotificationPage = {
  notificationList: [web, account, seen],
  pagination: { total: 3, page: 1, limit: 50, total_pages: 1 },
  unread_count: 2,
}

const { done, error } = actorEvents(notificationsMachine)
const fetched = done('fetchNotifications', page)
const fetchFailed = error('fetchNotifications', { status: 500 })
const marked = done('markRead')
const markFailed = error('markRead', { status: 0 })
const allMarked = done('markAllRead')
const allFailed = error('markAllRead', { status: 0 })
const readAll = { type: 'notifications.readAll' } as const
const open = (notification: Notification) => ({ type: 'notification.open', notification }) as const
const refresh = { type: 'notifications.refresh' } as const
const tick = { type: 'xstate.after.refresh.notifications.ready' } as never
const told = (unread: number) => ({ type: 'notifications.live', unread }) as const
const live = { type: 'live.status', status: 'live' } as const
const lost = { type: 'live.status', status: 'lost' } as const

const reached = reachedStateNodes(notificationsMachine, {
  events: [
    fetched,
    fetchFailed,
    marked,
    markFailed,
    allMarked,
    allFailed,
    readAll,
    open(web),
    open(account),
    open(seen),
    refresh,
    tick,
    told(5),
    live,
    lost,
  ],
})

const find = (list: Notification[], id: string) => list.find((n) => n.notification_id === id)

describe('notifications machine paths', () => {
  it.each(stateNodeIds(notificationsMachine))('reaches %s', (id) => expect(reached.has(id)).toBe(true))

  it('a failed fetch ends loading with an empty list', () => {
    const { state } = journey(notificationsMachine, [fetchFailed])
    expect(state.value).toBe('ready')
    expect(state.context).toEqual({ notifications: [], total: 0, unread: 0, pending: null, live: false })
  })

  it('"Mark all as read" shows every one read and none unread once the server has marked them', () => {
    const asking = journey(notificationsMachine, [fetched, readAll]).state
    expect(asking.value).toBe('readingAll')
    expect(asking.context.unread).toBe(2)
    const { state } = journey(notificationsMachine, [fetched, readAll, allMarked])
    expect(state.value).toBe('ready')
    expect(state.context.unread).toBe(0)
    expect(state.context.notifications.every((n) => n.is_opened)).toBe(true)
    const failed = journey(notificationsMachine, [fetched, readAll, allFailed]).state
    expect(failed.value).toBe('ready')
    expect(failed.context.unread).toBe(2)
  })

  it('a fetch holds the list, the total and the unread count', () => {
    const { state } = journey(notificationsMachine, [fetched])
    expect(state.value).toBe('ready')
    expect(state.context).toEqual({
      notifications: page.notificationList,
      total: 3,
      unread: 2,
      pending: null,
      live: false,
    })
  })

  it('opening holds the notification as pending until the server answers', () => {
    const { state } = journey(notificationsMachine, [fetched, open(web)])
    expect(state.value).toBe('opening')
    expect(state.context.pending).toEqual(web)
    expect(find(state.context.notifications, 'n1')?.is_opened).toBe(false)
    expect(state.context.unread).toBe(2)
  })

  it.each([
    ['with a target', web],
    ['without a target', account],
  ])('open + markRead done marks a notification %s read, one fewer unread, back in ready', (_, n) => {
    const { state } = journey(notificationsMachine, [fetched, open(n), marked])
    expect(state.value).toBe('ready')
    expect(find(state.context.notifications, n.notification_id)?.is_opened).toBe(true)
    expect(state.context.unread).toBe(1)
    expect(state.context.pending).toBeNull()
    expect(state.context.total).toBe(3)
    // The others are left as they were.
    const others = state.context.notifications.filter((x) => x.notification_id !== n.notification_id)
    expect(others).toEqual(page.notificationList.filter((x) => x.notification_id !== n.notification_id))
  })

  it('opening one already read does not lower the unread count', () => {
    const { state } = journey(notificationsMachine, [fetched, open(seen), marked])
    expect(state.value).toBe('ready')
    expect(state.context.unread).toBe(2)
    expect(find(state.context.notifications, 'n3')?.is_opened).toBe(true)
  })

  it('reading both unread ones brings the count to 0, and opening one twice counts once', () => {
    const both = journey(notificationsMachine, [fetched, open(web), marked, open(account), marked])
    expect(both.state.context.unread).toBe(0)
    const twice = journey(notificationsMachine, [fetched, open(web), marked, open(web), marked])
    expect(twice.state.context.unread).toBe(1)
  })

  it('markRead failing leaves it unread and the count as it was', () => {
    const { state } = journey(notificationsMachine, [fetched, open(web), markFailed])
    expect(state.value).toBe('ready')
    expect(find(state.context.notifications, 'n1')?.is_opened).toBe(false)
    expect(state.context.unread).toBe(2)
    expect(state.context.pending).toBeNull()
  })

  it('a refresh loads again and replaces the list', () => {
    const loading = journey(notificationsMachine, [fetched, open(web), marked, refresh])
    expect(loading.state.value).toBe('loading')
    const { state } = journey(notificationsMachine, [fetched, open(web), marked, refresh, fetched])
    expect(state.context).toEqual({
      notifications: page.notificationList,
      total: 3,
      unread: 2,
      pending: null,
      live: false,
    })
  })

  it('asks again every 30 s from ready, after a fetch or a failed one, and keeps the list meanwhile', () => {
    for (const first of [fetched, fetchFailed])
      expect(journey(notificationsMachine, [first, tick]).state.value).toBe('loading')
    const reloading = journey(notificationsMachine, [fetched, tick]).state
    expect(reloading.context.notifications).toEqual(page.notificationList)
    // Not while a notification is being opened.
    expect(journey(notificationsMachine, [fetched, open(web), tick]).state.value).toBe('opening')
  })

  it('ignores a click while loading or while another is being opened', () => {
    expect(journey(notificationsMachine, [open(web)]).state.value).toBe('loading')
    const { state } = journey(notificationsMachine, [fetched, open(web), open(account)])
    expect(state.value).toBe('opening')
    expect(state.context.pending).toEqual(web)
  })
})

describe('notifications machine, live', () => {
  it('a told notification sets the unread count at once and loads the list again', () => {
    const { state } = journey(notificationsMachine, [fetched, told(5)])
    expect(state.value).toBe('loading')
    expect(state.context.unread).toBe(5)
    expect(state.context.notifications).toEqual(page.notificationList)
    // While a notification is being opened the count is set; the list stays until that is done.
    const opening = journey(notificationsMachine, [fetched, open(web), told(4)]).state
    expect(opening.value).toBe('opening')
    expect(opening.context.unread).toBe(4)
    // Told while the list loads: it loads again, so the answer is not older than the news.
    const reloading = journey(notificationsMachine, [told(7)]).state
    expect(reloading.value).toBe('loading')
    expect(reloading.context.unread).toBe(7)
  })

  it('read in another tab: the count drops to what the server says', () => {
    const { state } = journey(notificationsMachine, [fetched, told(0), fetched])
    expect(state.value).toBe('ready')
    expect(state.context.unread).toBe(2)
    expect(journey(notificationsMachine, [fetched, told(0)]).state.context.unread).toBe(0)
  })

  it('asks on its timer only while the stream is not live, and loads at once when it is lost', () => {
    expect(journey(notificationsMachine, [fetched, live, tick]).state.value).toBe('ready')
    expect(journey(notificationsMachine, [live, fetched, tick]).state.value).toBe('ready')
    const lostNow = journey(notificationsMachine, [fetched, live, lost]).state
    expect(lostNow.value).toBe('loading')
    expect(lostNow.context.live).toBe(false)
    // Lost again, or never live: nothing extra happens; the timer asks.
    expect(journey(notificationsMachine, [fetched, lost]).state.value).toBe('ready')
    expect(journey(notificationsMachine, [fetched, live, lost, fetched, tick]).state.value).toBe('loading')
  })
})

describe('notifications machine, run', () => {
  const run = (markRead: (input: { notificationId: string }) => Promise<unknown>) => {
    const navigate = vi.fn()
    const logError = vi.fn()
    const markReadCalls: { notificationId: string }[] = []
    const actor = createActor(
      notificationsMachine.provide({
        actors: {
          fetchNotifications: fromPromise(async () => page),
          markRead: fromPromise(async ({ input }) => {
            markReadCalls.push(input)
            return markRead(input)
          }),
        },
        actions: { navigate: (_, params) => navigate(params), logError: (_, params) => logError(params) },
      }),
    ).start()
    return { actor, navigate, logError, markReadCalls }
  }

  it('a web notification: PATCH with its id, marked read, then navigate to /web_monitorings/42', async () => {
    const { actor, navigate, logError, markReadCalls } = run(async () => ({}))
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'notification.open', notification: web })
    expect(navigate).not.toHaveBeenCalled() // not before the server accepts
    await waitFor(actor, (s) => s.matches('ready'))
    expect(markReadCalls).toEqual([{ notificationId: 'n1' }])
    expect(navigate.mock.calls).toEqual([[{ path: '/web_monitorings/42' }]])
    expect(logError).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context.unread).toBe(1)
    expect(find(actor.getSnapshot().context.notifications, 'n1')?.is_opened).toBe(true)
    actor.stop()
  })

  it('an account notification (no target) is marked read and does not navigate', async () => {
    const { actor, navigate, markReadCalls } = run(async () => ({}))
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'notification.open', notification: account })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(markReadCalls).toEqual([{ notificationId: 'n2' }])
    expect(navigate).not.toHaveBeenCalled()
    expect(find(actor.getSnapshot().context.notifications, 'n2')?.is_opened).toBe(true)
    expect(actor.getSnapshot().context.unread).toBe(1)
    actor.stop()
  })

  it('a failed update is logged only: no navigation, still unread', async () => {
    const failure = { status: 500, message: 'nope' }
    const { actor, navigate, logError } = run(() => Promise.reject(failure))
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'notification.open', notification: web })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(logError.mock.calls).toEqual([[{ error: failure }]])
    expect(navigate).not.toHaveBeenCalled()
    expect(find(actor.getSnapshot().context.notifications, 'n1')?.is_opened).toBe(false)
    expect(actor.getSnapshot().context.unread).toBe(2)
    actor.stop()
  })

  it('a notification the checks create later shows up on the next 30 s refresh, without a reload', async () => {
    vi.useFakeTimers()
    try {
      const later = note('n9', 'web', '99')
      const pages = [page, { ...page, notificationList: [later, ...page.notificationList], unread_count: 3 }]
      let calls = 0
      const actor = createActor(
        notificationsMachine.provide({
          actors: { fetchNotifications: fromPromise(async () => pages[Math.min(calls++, 1)] as NotificationPage) },
        }),
      ).start()
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().context.unread).toBe(2)
      await vi.advanceTimersByTimeAsync(NOTIFICATIONS_REFRESH_MS - 1)
      expect(calls).toBe(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(calls).toBe(2)
      expect(actor.getSnapshot().context.unread).toBe(3)
      expect(actor.getSnapshot().context.notifications[0]).toEqual(later)
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it('a failed fetch is logged and ends in ready with nothing', async () => {
    const failure = { status: 0 }
    const logError = vi.fn()
    const actor = createActor(
      notificationsMachine.provide({
        actors: { fetchNotifications: fromPromise(() => Promise.reject(failure)) },
        actions: { logError: (_, params) => logError(params) },
      }),
    ).start()
    await waitFor(actor, (s) => s.matches('ready'))
    expect(logError.mock.calls).toEqual([[{ error: failure }]])
    expect(actor.getSnapshot().context.notifications).toEqual([])
    actor.stop()
  })
})
