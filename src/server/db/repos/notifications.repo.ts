import type { Kysely, Selectable } from 'kysely'
import type { Notification, NotificationType } from '../../../domain/notification.ts'
import { newId } from '../../ids.ts'
import type { DB, NotificationsTable } from '../schema.ts'

export type NotificationRow = Selectable<NotificationsTable>

export const toNotification = (row: NotificationRow): Notification => ({
  notification_id: row.notification_id,
  notification_type: row.notification_type as NotificationType,
  target_id: row.target_id,
  notification_title: row.notification_title,
  notification_description: row.notification_description,
  is_opened: row.is_opened === 1,
  created_at: new Date(row.created_at).toISOString(),
})

const columns = [
  'notification_id',
  'user_id',
  'notification_type',
  'target_id',
  'notification_title',
  'notification_description',
  'is_opened',
  'created_at',
] as const

export const notificationsRepo = (db: Kysely<DB>) => ({
  insert: (rows: NotificationRow | NotificationRow[]) => db.insertInto('notifications').values(rows).execute(),

  /**
   * A notice about the account itself (type `account`): a plan change, a password change, opening nothing; or, with
   * a target, an operator's answer to a support ticket, opening that ticket (`targetId`: the ticket's id).
   */
  insertAccountNotice: (
    userId: string,
    told: { title: string; description: string },
    now: number,
    targetId: string | null = null,
  ) =>
    db
      .insertInto('notifications')
      .values({
        notification_id: newId(),
        user_id: userId,
        notification_type: 'account',
        target_id: targetId,
        notification_title: told.title,
        notification_description: told.description,
        is_opened: 0,
        created_at: now,
      })
      .execute(),

  /** One page, newest first, with the user's total and unread counts. */
  page: async (userId: string, page: number, limit: number) => {
    const [rows, counts] = await Promise.all([
      db
        .selectFrom('notifications')
        .select(columns)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('notification_id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      db
        .selectFrom('notification_counters')
        .select(['total', 'unread'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ])
    return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 }
  },

  /** Marks one of the user's notifications read; undefined when it is not theirs or does not exist. */
  markOpened: async (userId: string, notificationId: string) => {
    await db
      .updateTable('notifications')
      .set({ is_opened: 1 })
      .where('user_id', '=', userId)
      .where('notification_id', '=', notificationId)
      .where('is_opened', '=', 0)
      .execute()
    return db
      .selectFrom('notifications')
      .select(columns)
      .where('user_id', '=', userId)
      .where('notification_id', '=', notificationId)
      .executeTakeFirst()
  },
})
