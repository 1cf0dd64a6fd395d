import type { Kysely, Selectable } from 'kysely'
import type { DB, ReportSchedulesTable, ReportSendsTable } from '../schema.ts'
import { countRows } from './count-rows.ts'

// Report schedules and their sends. A send's outcome is that of its outbox deliveries, read with it.

export type ReportScheduleRow = Selectable<ReportSchedulesTable>
export type ReportSendRow = Selectable<ReportSendsTable>

export const reportsRepo = (db: Kysely<DB>) => ({
  insertSchedule: (row: ReportScheduleRow) => db.insertInto('report_schedules').values(row).execute(),

  updateSchedule: (scheduleId: string, change: Partial<Omit<ReportScheduleRow, 'schedule_id' | 'user_id'>>) =>
    db.updateTable('report_schedules').set(change).where('schedule_id', '=', scheduleId).execute(),

  deleteSchedule: (scheduleId: string) =>
    db.deleteFrom('report_schedules').where('schedule_id', '=', scheduleId).execute(),

  findSchedule: (userId: string, scheduleId: string) =>
    db
      .selectFrom('report_schedules')
      .selectAll()
      .where('schedule_id', '=', scheduleId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),

  schedulesOf: (userId: string) =>
    db
      .selectFrom('report_schedules')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('schedule_id')
      .execute(),

  countOf: (userId: string) => countRows(db.selectFrom('report_schedules').where('user_id', '=', userId)),

  /** Schedules whose next report is due, oldest first. */
  due: (now: number, limit: number) =>
    db
      .selectFrom('report_schedules')
      .selectAll()
      .where('next_send_at', '<=', now)
      .orderBy('next_send_at')
      .limit(limit)
      .execute(),

  /**
   * Records a send. A scheduled one is taken only if its period has none yet (false when another worker, or an
   * earlier run, has it).
   */
  insertSend: async (row: ReportSendRow) => {
    const result = await db
      .insertInto('report_sends')
      .values(row)
      .onConflict((oc) => oc.columns(['schedule_id', 'scheduled_for']).doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
  },

  sendOf: (scheduleId: string, scheduledFor: number) =>
    db
      .selectFrom('report_sends')
      .select('send_id')
      .where('schedule_id', '=', scheduleId)
      .where('scheduled_for', '=', scheduledFor)
      .executeTakeFirst(),

  /** A schedule's sends, newest first. */
  sendsOf: (scheduleIds: readonly string[], limit: number) =>
    scheduleIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('report_sends')
          .selectAll()
          .where('schedule_id', 'in', scheduleIds)
          .orderBy('created_at', 'desc')
          .orderBy('send_id', 'desc')
          .limit(limit)
          .execute(),

  /** The last send of each schedule. */
  lastSends: async (scheduleIds: readonly string[]) => {
    if (scheduleIds.length === 0) return []
    return db
      .selectFrom('report_sends as s')
      .selectAll('s')
      .where('s.schedule_id', 'in', scheduleIds)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('report_sends as later')
              .select('later.send_id')
              .whereRef('later.schedule_id', '=', 's.schedule_id')
              .where((eb) =>
                eb.or([
                  eb('later.created_at', '>', eb.ref('s.created_at')),
                  eb.and([
                    eb('later.created_at', '=', eb.ref('s.created_at')),
                    eb('later.send_id', '>', eb.ref('s.send_id')),
                  ]),
                ]),
              ),
          ),
        ),
      )
      .execute()
  },

  /** The delivery states of the sends' mails. */
  deliveryStates: (deliveryIds: readonly string[]) =>
    deliveryIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('deliveries')
          .select(['delivery_id', 'status', 'last_error'])
          .where('delivery_id', 'in', deliveryIds)
          .execute(),

  /** Drops sends older than `before` (their mails are pruned from the outbox then too). */
  pruneSends: (before: number) => db.deleteFrom('report_sends').where('created_at', '<', before).execute(),
})
