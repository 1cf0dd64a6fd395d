import type { Notification, NotificationListQuery, NotificationPage } from '@vigil/domain/notification'
import { paginationOf } from '@vigil/domain/pagination.schema'
import { toNotification } from '../db/repos/notifications.repo.ts'
import { notFound } from '../errors.ts'
import { readEvent } from '../live/events-of.ts'
import type { Deps } from './deps.ts'

// The bell: a user's notifications a page at a time, and marking them read. A read is told to the bell of the user's
// other tabs with the new unread count.

export const notificationsService = ({ database, repos, live }: Pick<Deps, 'database' | 'repos' | 'live'>) => {
  const tellRead = async (userId: string) => live.publishAll([await readEvent(database.db, userId)])
  return {
    async page(userId: string, { page, limit, type, read }: NotificationListQuery): Promise<NotificationPage> {
      const { rows, total, unread } = await repos.notifications.page(userId, page, limit, { type, read })
      return {
        notificationList: rows.map(toNotification),
        pagination: paginationOf(total, page, limit),
        unread_count: unread,
      }
    },

    /** How many were unread and are read now. */
    async markAllRead(userId: string): Promise<number> {
      const marked = await repos.notifications.markAllOpened(userId)
      if (marked > 0) await tellRead(userId)
      return marked
    },

    /** One of the user's notifications read; another user's, or an unknown one, is not found. */
    async markRead(userId: string, notificationId: string): Promise<Notification> {
      const row = await repos.notifications.markOpened(userId, notificationId)
      if (!row) throw notFound('Notification')
      await tellRead(userId)
      return toNotification(row)
    },
  }
}
