import { Hono } from 'hono'
import { MarkReadInput, PageQuery } from '../../domain/pagination.schema.ts'
import { toNotification } from '../db/repos/notifications.repo.ts'
import { notFound } from '../errors.ts'
import type { AppEnv, Deps } from './env.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

export const notificationRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', PageQuery), async (c) => {
      const { page, limit } = c.req.valid('query')
      const { rows, total, unread } = await deps.repos.notifications.page(c.get('session').userId, page, limit)
      return c.json({
        data: {
          notificationList: rows.map(toNotification),
          pagination: { total, page, limit, total_pages: Math.ceil(total / limit) },
          unread_count: unread,
        },
      })
    })
    .patch('/', validate('json', MarkReadInput), async (c) => {
      const { notification_id } = c.req.valid('json')
      const row = await deps.repos.notifications.markOpened(c.get('session').userId, notification_id)
      if (!row) throw notFound('Notification')
      return c.json({ data: { notification: toNotification(row) } })
    })
