import type { LiveStatus } from '@vigil/domain/live-event'
import type { Notification, NotificationPage } from '@vigil/domain/notification'
import { notificationTarget } from '@vigil/domain/notification-target'
import { assign, setup } from 'xstate'
import { toProvide } from './to-provide.ts'

interface Context {
  notifications: Notification[]
  total: number
  unread: number
  /** The notification being opened, while the server is asked to mark it read. */
  pending: Notification | null
  /** The live stream is connected: new notifications are told, the timer asks nothing. */
  live: boolean
}

/** How often the bell asks again while the live stream is not connected, so a new notification shows up anyway. */
export const NOTIFICATIONS_REFRESH_MS = 30_000

const targetOf = (n: Notification | null) => (n ? notificationTarget(n.notification_type, n.target_id) : null)

// The bell's list and the read flow: click, PATCH, mark read, navigate.
// A failed fetch ends loading and shows nothing; a failed update is logged and nothing else happens.
// Live updates (issue 19): `notifications.live` (a notification created, or read in another tab) sets the unread
// count at once and loads the list again; the 30 s timer runs only while the stream is not live, and a lost stream
// has the list loaded at once.
export const notificationsMachine = setup({
  types: {} as {
    context: Context
    events:
      | { type: 'notification.open'; notification: Notification }
      | { type: 'notifications.refresh' }
      | { type: 'notifications.readAll' }
      | { type: 'notifications.live'; unread: number }
      | { type: 'live.status'; status: LiveStatus }
  },
  actors: {
    fetchNotifications: toProvide<NotificationPage>('fetchNotifications'),
    markRead: toProvide<unknown, { notificationId: string }>('markRead'),
    markAllRead: toProvide<unknown>('markAllRead'),
  },
  actions: {
    navigate: (_, _params: { path: string }) => {},
    logError: (_, _params: { error: unknown }) => {},
    markPendingRead: assign(({ context }) => {
      const id = context.pending?.notification_id
      const wasUnread = context.notifications.some((n) => n.notification_id === id && !n.is_opened)
      return {
        notifications: context.notifications.map((n) => (n.notification_id === id ? { ...n, is_opened: true } : n)),
        unread: wasUnread ? Math.max(0, context.unread - 1) : context.unread,
      }
    }),
    clearPending: assign({ pending: null }),
    setUnread: assign({ unread: ({ context, event }) => (event as { unread?: number }).unread ?? context.unread }),
    setLive: assign({ live: ({ event }) => (event as { status?: LiveStatus }).status === 'live' }),
    markAllRead: assign(({ context }) => ({
      notifications: context.notifications.map((n) => ({ ...n, is_opened: true })),
      unread: 0,
    })),
  },
  guards: {
    hasTarget: ({ context }) => targetOf(context.pending) !== null,
    isPolling: ({ context }) => !context.live,
    isLosingLive: ({ context, event }) => context.live && (event as { status?: LiveStatus }).status !== 'live',
  },
  delays: { refresh: NOTIFICATIONS_REFRESH_MS },
}).createMachine({
  id: 'notifications',
  context: { notifications: [], total: 0, unread: 0, pending: null, live: false },
  initial: 'loading',
  // The count is set wherever the flow is; the list loads again once it is ready.
  on: { 'notifications.live': { actions: 'setUnread' }, 'live.status': { actions: 'setLive' } },
  states: {
    loading: {
      // A notification told while the list loads may be newer than the answer: ask again.
      on: { 'notifications.live': { target: 'loading', reenter: true, actions: 'setUnread' } },
      invoke: {
        id: 'fetchNotifications',
        src: 'fetchNotifications',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            notifications: event.output.notificationList,
            total: event.output.pagination.total,
            unread: event.output.unread_count,
          })),
        },
        onError: { target: 'ready', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      after: { refresh: { guard: 'isPolling', target: 'loading' } },
      on: {
        'notifications.refresh': 'loading',
        'notifications.live': { target: 'loading', actions: 'setUnread' },
        'live.status': { guard: 'isLosingLive', target: 'loading', actions: 'setLive' },
        'notification.open': { target: 'opening', actions: assign({ pending: ({ event }) => event.notification }) },
        'notifications.readAll': 'readingAll',
      },
    },
    // "Mark all as read": the server marks them, then the list shows them read.
    readingAll: {
      invoke: {
        id: 'markAllRead',
        src: 'markAllRead',
        onDone: { target: 'ready', actions: 'markAllRead' },
        onError: { target: 'ready', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The server must accept the update before the notification counts as read.
    opening: {
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => ({ notificationId: context.pending?.notification_id ?? '' }),
        onDone: [
          {
            guard: 'hasTarget',
            target: 'ready',
            actions: [
              'markPendingRead',
              { type: 'navigate', params: ({ context }) => ({ path: targetOf(context.pending) ?? '/notifications' }) },
              'clearPending',
            ],
          },
          { target: 'ready', actions: ['markPendingRead', 'clearPending'] },
        ],
        onError: {
          target: 'ready',
          actions: [{ type: 'logError', params: ({ event }) => ({ error: event.error }) }, 'clearPending'],
        },
      },
    },
  },
})
