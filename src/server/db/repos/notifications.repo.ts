import type { Kysely, Selectable } from 'kysely'
import type { Notification, NotificationType } from '@vigil/domain/notification'
import { newId } from '../../ids.ts'
import type { DB, NotificationsTable } from '../schema.ts'
import { countRows } from './count-rows.ts'

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

  /**
   * One page, newest first, with the user's unread count and the total: the user's (from the counters), or of those
   * of a type or read state when filtered.
   */
  page: async (userId: string, page: number, limit: number, filter: { type?: string; read?: boolean } = {}) => {
    const filtered = filter.type !== undefined || filter.read !== undefined
    const mine = db
      .selectFrom('notifications')
      .where('user_id', '=', userId)
      .$if(filter.type !== undefined, (q) => q.where('notification_type', '=', filter.type as string))
      .$if(filter.read !== undefined, (q) => q.where('is_opened', '=', filter.read ? 1 : 0))
    const [rows, counts, matching] = await Promise.all([
      mine
        .select(columns)
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
      filtered ? countRows(mine) : null,
    ])
    return { rows, total: matching ?? counts?.total ?? 0, unread: counts?.unread ?? 0 }
  },

  /** Marks every unread notification of the user read; how many were. */
  markAllOpened: async (userId: string) => {
    const result = await db
      .updateTable('notifications')
      .set({ is_opened: 1 })
      .where('user_id', '=', userId)
      .where('is_opened', '=', 0)
      .executeTakeFirst()
    return Number(result.numUpdatedRows)
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
