import type { Kysely, Selectable } from 'kysely'
import type { DB, MailOutboxTable } from '../schema.ts'

export type MailStatus = 'pending' | 'sent' | 'logged' | 'failed'
export type MailRow = Selectable<MailOutboxTable>

export const mailOutboxRepo = (db: Kysely<DB>) => ({
  insert: (row: Omit<MailRow, 'status' | 'error' | 'sent_at'>) =>
    db
      .insertInto('mail_outbox')
      .values({ ...row, status: 'pending', error: null, sent_at: null })
      .execute(),

  mark: (mailId: string, status: MailStatus, at: number, error: string | null = null) =>
    db
      .updateTable('mail_outbox')
      .set({ status, error, sent_at: status === 'sent' ? at : null })
      .where('mail_id', '=', mailId)
      .execute(),

  listTo: (toAddress: string) =>
    db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', toAddress)
      .orderBy('created_at', 'desc')
      .orderBy('mail_id', 'desc')
      .execute(),
})
