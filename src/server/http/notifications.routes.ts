import { Hono } from 'hono'
import {
  MarkReadInput,
  NotificationListQuery,
  type NotificationPage,
  type NotificationsRead,
  type OneNotification,
} from '@vigil/domain/notification'
import { notificationsService } from '../services/notifications.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { noFormBody } from './request-guards.ts'
import { requireSession } from './session.middleware.ts'
import { validate } from './validate.ts'

export const notificationRoutes = (deps: Deps) => {
  const notifications = notificationsService(deps)
  return new Hono<AppEnv>()
    .use(requireSession(deps))
    .get('/', validate('query', NotificationListQuery), async (c) =>
      c.json({
        data: (await notifications.page(c.get('session').userId, c.req.valid('query'))) satisfies NotificationPage,
      }),
    )
    .post('/read_all', noFormBody, async (c) => {
      const marked = await notifications.markAllRead(c.get('session').userId)
      return c.json({ data: { marked, unread_count: 0 } satisfies NotificationsRead })
    })
    .patch('/', validate('json', MarkReadInput), async (c) => {
      const { notification_id } = c.req.valid('json')
      const notification = await notifications.markRead(c.get('session').userId, notification_id)
      return c.json({ data: { notification } satisfies OneNotification })
    })
}
