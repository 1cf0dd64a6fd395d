import type { Kysely, Selectable } from 'kysely'
import type { DB, SupportMessagesTable, SupportTicketsTable } from '../schema.ts'

// Support tickets and their threads. A ticket is read with its owner's name and address, the name of the monitor it
// is about, its number of messages and who wrote the last one, in one query whatever the number of tickets.

export type SupportTicketRow = Selectable<SupportTicketsTable>
export type SupportMessageRow = Selectable<SupportMessagesTable>

export const supportRepo = (db: Kysely<DB>) => {
  const summaries = () =>
    db
      .selectFrom('support_tickets as t')
      .innerJoin('users as u', 'u.user_id', 't.user_id')
      .leftJoin('monitors as m', 'm.monitor_id', 't.monitor_id')
      .select([
        't.ticket_id',
        't.user_id',
        't.subject',
        't.category',
        't.status',
        't.monitor_id',
        'm.name as monitor_name',
        't.created_at',
        't.updated_at',
        'u.name as user_name',
        'u.email as user_email',
      ])
      .select((eb) => [
        eb
          .selectFrom('support_messages as sm')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('sm.ticket_id', '=', 't.ticket_id')
          .as('message_count'),
        eb
          .selectFrom('support_messages as sl')
          .select('sl.author_role')
          .whereRef('sl.ticket_id', '=', 't.ticket_id')
          .orderBy('sl.created_at', 'desc')
          .orderBy('sl.message_id', 'desc')
          .limit(1)
          .as('last_author'),
      ])

  return {
    insertTicket: (row: SupportTicketRow) => db.insertInto('support_tickets').values(row).execute(),

    insertMessage: (row: SupportMessageRow) => db.insertInto('support_messages').values(row).execute(),

    /** Whose ticket it is and its state: to decide who may see it and what a message changes. */
    find: (ticketId: string) =>
      db
        .selectFrom('support_tickets')
        .select(['ticket_id', 'user_id', 'subject', 'status'])
        .where('ticket_id', '=', ticketId)
        .executeTakeFirst(),

    /** A new status, and the time of the last activity. */
    setStatus: (ticketId: string, status: string, now: number) =>
      db.updateTable('support_tickets').set({ status, updated_at: now }).where('ticket_id', '=', ticketId).execute(),

    /** The tickets of one user (or of everyone: an operator's list), the latest activity first. */
    list: (filter: { userId?: string; status?: string }) =>
      summaries()
        .$if(filter.userId !== undefined, (q) => q.where('t.user_id', '=', filter.userId as string))
        .$if(filter.status !== undefined, (q) => q.where('t.status', '=', filter.status as string))
        .orderBy('t.updated_at', 'desc')
        .orderBy('t.ticket_id', 'desc')
        .execute(),

    summary: (ticketId: string) => summaries().where('t.ticket_id', '=', ticketId).executeTakeFirst(),

    /** A ticket's thread, the oldest message first. */
    messagesOf: (ticketId: string) =>
      db
        .selectFrom('support_messages')
        .select(['message_id', 'author_role', 'author_name', 'body', 'created_at'])
        .where('ticket_id', '=', ticketId)
        .orderBy('created_at')
        .orderBy('message_id')
        .execute(),
  }
}

export type SupportSummaryRow = NonNullable<Awaited<ReturnType<ReturnType<typeof supportRepo>['summary']>>>
