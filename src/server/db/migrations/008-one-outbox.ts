import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

// One outbox for every message: account mail (reset links, notices) joins the alert deliveries, with their
// retries and record of outcomes. A delivery names its integration, or for account mail its recipient's address.
// The old mail_outbox table held a record only and goes.
export const oneOutbox = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialect === 'postgres') {
      await sql`alter table deliveries alter column integration_id drop not null`.execute(db)
      await sql`alter table deliveries add column recipient text`.execute(db)
    } else {
      // SQLite cannot drop a NOT NULL: the table is made anew with the same rows.
      await sql`
        create table deliveries_new (
          delivery_id text primary key,
          user_id text not null references users (user_id) on delete cascade,
          integration_id text references integrations (integration_id) on delete cascade,
          recipient text,
          kind text not null,
          title text not null,
          event text not null,
          status text not null,
          attempts integer not null,
          next_attempt_at bigint,
          last_error text,
          lease_owner text,
          lease_until bigint,
          created_at bigint not null,
          delivered_at bigint
        )`.execute(db)
      await sql`
        insert into deliveries_new (delivery_id, user_id, integration_id, recipient, kind, title, event, status, attempts,
          next_attempt_at, last_error, lease_owner, lease_until, created_at, delivered_at)
        select delivery_id, user_id, integration_id, null, kind, title, event, status, attempts, next_attempt_at,
          last_error, lease_owner, lease_until, created_at, delivered_at
        from deliveries`.execute(db)
      await sql`drop table deliveries`.execute(db)
      await sql`alter table deliveries_new rename to deliveries`.execute(db)
      await db.schema
        .createIndex('deliveries_due_idx')
        .on('deliveries')
        .columns(['status', 'next_attempt_at'])
        .execute()
      await db.schema
        .createIndex('deliveries_integration_idx')
        .on('deliveries')
        .columns(['integration_id', 'created_at'])
        .execute()
    }
    await db.schema
      .createIndex('deliveries_recipient_idx')
      .on('deliveries')
      .columns(['recipient', 'created_at'])
      .execute()
    await db.schema.dropTable('mail_outbox').ifExists().execute()
  },
})
