import * as v from 'valibot'
import { MONITOR_TYPE_PAGES, type MonitorType, type NotificationWords } from './monitor-types/pages.ts'
import { PageQuery, Pagination } from './pagination.schema.ts'
import { patchSchema } from './patch-schema.ts'

/**
 * The notifications that are not about a monitor, with their words: a status page's incident and maintenance, and
 * messages about the account itself (welcome, password changed), with no target, or with a support ticket's id as its
 * target when it tells of an operator's answer.
 */
const OTHER_NOTIFICATIONS = {
  incident: { name: 'incident', filter: 'Incidents' },
  maintenance: { name: 'maintenance', filter: 'Maintenance' },
  account: { name: 'account', filter: 'Account' },
} as const satisfies Record<string, NotificationWords>

type OtherNotificationType = keyof typeof OTHER_NOTIFICATIONS

// A notification about a monitor has its monitor's type, so every monitor type of the registry is one; then the others.
export const NOTIFICATION_TYPES: readonly (MonitorType | OtherNotificationType)[] = [
  ...(Object.keys(MONITOR_TYPE_PAGES) as MonitorType[]),
  ...(Object.keys(OTHER_NOTIFICATIONS) as OtherNotificationType[]),
]
export const NotificationType = v.picklist(NOTIFICATION_TYPES)
export type NotificationType = v.InferOutput<typeof NotificationType>

/**
 * How notifications of a type are named (the label of their icon, "API notification", and their filter, "APIs"): a
 * monitor type's words are its own (monitor-types/pages.ts). Null for a type this app does not know.
 */
export const notificationWords = (type: string): NotificationWords | null =>
  Object.hasOwn(MONITOR_TYPE_PAGES, type)
    ? MONITOR_TYPE_PAGES[type as MonitorType].notifications
    : Object.hasOwn(OTHER_NOTIFICATIONS, type)
      ? OTHER_NOTIFICATIONS[type as OtherNotificationType]
      : null

export const Notification = v.object({
  notification_id: v.string(),
  notification_type: NotificationType,
  target_id: v.nullable(v.string()),
  notification_title: v.string(),
  notification_description: v.string(),
  is_opened: v.boolean(),
  created_at: v.string(),
})
export type Notification = v.InferOutput<typeof Notification>

export const NotificationPage = v.object({
  notificationList: v.array(Notification),
  pagination: Pagination,
  unread_count: v.number(),
})
export type NotificationPage = v.InferOutput<typeof NotificationPage>

/** `POST /api/user_notification/read_all`: how many were marked read, and the unread count now. */
export const NotificationsRead = v.object({ marked: v.number(), unread_count: v.number() })
export type NotificationsRead = v.InferOutput<typeof NotificationsRead>

/** `PATCH /api/user_notification`: the notification marked read. */
export const OneNotification = v.object({ notification: Notification })
export type OneNotification = v.InferOutput<typeof OneNotification>

export const MarkReadInput = patchSchema(
  v.object({
    notification_id: v.pipe(
      v.string('Notification id is required.'),
      v.nonEmpty('Notification id is required.'),
      v.maxLength(64, 'Notification id is too long.'),
    ),
  }),
)
export type MarkReadInput = v.InferOutput<typeof MarkReadInput>

/** `/notifications`' filters: a type, and read or unread. */
export const NotificationListQuery = v.object({
  ...PageQuery.entries,
  type: v.optional(v.picklist(NOTIFICATION_TYPES, `Type must be one of ${NOTIFICATION_TYPES.join(', ')}.`)),
  read: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'Read must be true or false.'),
      v.transform((r) => r === 'true'),
    ),
  ),
})
export type NotificationListQuery = v.InferOutput<typeof NotificationListQuery>

export const BELL_FETCH_LIMIT = 50
export const BELL_VISIBLE_ITEMS = 3
