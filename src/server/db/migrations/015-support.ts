import type { Kysely } from 'kysely'

// Support: a user's requests (tickets) and their threads. A ticket goes with its user (cascade); the monitor it is
// about may be deleted and the ticket stays without it. A message keeps its author's role and name as they were, and
// the author's id only while that account exists: an operator who deletes their account leaves their answers in
// other users' threads.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_tickets')
    .addColumn('ticket_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('monitor_id', 'text', (c) => c.references('monitors.monitor_id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('support_tickets_user_idx')
    .on('support_tickets')
    .columns(['user_id', 'updated_at'])
    .execute()
  await db.schema.createIndex('support_tickets_updated_idx').on('support_tickets').column('updated_at').execute()
  await db.schema.createIndex('support_tickets_monitor_idx').on('support_tickets').column('monitor_id').execute()
  await db.schema
    .createTable('support_messages')
    .addColumn('message_id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_id', 'text', (c) => c.notNull().references('support_tickets.ticket_id').onDelete('cascade'))
    .addColumn('author_role', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('support_messages_ticket_idx')
    .on('support_messages')
    .columns(['ticket_id', 'created_at'])
    .execute()
  await db.schema.createIndex('support_messages_author_idx').on('support_messages').column('author_id').execute()
}
