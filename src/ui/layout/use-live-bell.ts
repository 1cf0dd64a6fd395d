import { useEffect } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { notificationsMachine } from '../../machines/notifications.machine.ts'
import { useLive, useLiveStatus } from '../app/use-live.ts'

/**
 * The bell told by the live stream (issue 19): a new notification or one read in another tab sets its unread count
 * and reloads its list; its timer runs only while the stream is not live; after a gap it loads again.
 */
export function useLiveBell(notifications: ActorRefFrom<typeof notificationsMachine>) {
  const status = useLiveStatus()
  useEffect(() => notifications.send({ type: 'live.status', status }), [notifications, status])
  useLive((event) => {
    if (event.kind === 'notification') notifications.send({ type: 'notifications.live', unread: event.unread })
    else if (event.kind === 'resync') notifications.send({ type: 'notifications.refresh' })
  })
}
