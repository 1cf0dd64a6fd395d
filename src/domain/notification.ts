import * as v from 'valibot'

// The 12 types of spec section 2 that have icons; 'ping' for ping monitors (which have a detail route);
// and 'account' for messages about the account itself (welcome, password changed), with no target, or with a
// support ticket's id as its target when it tells of an operator's answer.
export const NOTIFICATION_TYPES = [
  'web',
  'api',
  'port',
  'ping',
  'domain',
  'ssl',
  'dns',
  'blacklist',
  'aws',
  'azure',
  'microsoft365',
  'incident',
  'maintenance',
  'account',
] as const
export const NotificationType = v.picklist(NOTIFICATION_TYPES)
export type NotificationType = v.InferOutput<typeof NotificationType>

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
