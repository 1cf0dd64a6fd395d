import * as v from 'valibot'
import { MONITOR_TYPE_PAGES, type MonitorType, type NotificationWords } from './monitor-types/pages.ts'

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
  pagination: v.object({
    total: v.number(),
    page: v.number(),
    limit: v.number(),
    total_pages: v.number(),
  }),
  unread_count: v.number(),
})
export type NotificationPage = v.InferOutput<typeof NotificationPage>

export const BELL_FETCH_LIMIT = 50
export const BELL_VISIBLE_ITEMS = 3
export const MAX_PAGE_LIMIT = 100
