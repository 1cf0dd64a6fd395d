import { Hono } from 'hono'
import { MarkReadInput, NotificationListQuery } from '../../domain/pagination.schema.ts'
import { toNotification } from '../db/repos/notifications.repo.ts'
import { notFound } from '../errors.ts'
import { readEvent } from '../live/events-of.ts'
import type { AppEnv, Deps } from './env.ts'
import { noFormBody } from './request-guards.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

export const notificationRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', NotificationListQuery), async (c) => {
      const { page, limit, type, read } = c.req.valid('query')
      const { rows, total, unread } = await deps.repos.notifications.page(c.get('session').userId, page, limit, {
        type,
        read,
      })
      return c.json({
        data: {
          notificationList: rows.map(toNotification),
          pagination: { total, page, limit, total_pages: Math.ceil(total / limit) },
          unread_count: unread,
        },
      })
    })
    .post('/read_all', noFormBody, async (c) => {
      const { userId } = c.get('session')
      const marked = await deps.repos.notifications.markAllOpened(userId)
      // The bell of the user's other tabs.
      if (marked > 0) deps.live.publishAll([await readEvent(deps.database.db, userId)])
      return c.json({ data: { marked, unread_count: 0 } })
    })
    .patch('/', validate('json', MarkReadInput), async (c) => {
      const { notification_id } = c.req.valid('json')
      const { userId } = c.get('session')
      const row = await deps.repos.notifications.markOpened(userId, notification_id)
      if (!row) throw notFound('Notification')
      deps.live.publishAll([await readEvent(deps.database.db, userId)])
      return c.json({ data: { notification: toNotification(row) } })
    })
