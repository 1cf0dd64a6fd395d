import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../database.ts'

// The bell reads a user's total and unread count on every page load. Counting thousands of rows each time
// cost about 1 ms a request; triggers keep the two numbers per user instead, whoever writes the rows.
export const notificationCounters = (dialect: Dialect) => ({
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('notification_counters')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('unread', 'integer', (c) => c.notNull())
      .execute()

    if (dialect === 'postgres') {
      await sql`
        create function notification_counters_sync() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            insert into notification_counters (user_id, total, unread)
            values (new.user_id, 1, case when new.is_opened = 0 then 1 else 0 end)
            on conflict (user_id) do update
              set total = notification_counters.total + 1,
                  unread = notification_counters.unread + excluded.unread;
            return new;
          elsif tg_op = 'UPDATE' then
            update notification_counters
              set unread = unread + (case when new.is_opened = 0 then 1 else 0 end)
                                  - (case when old.is_opened = 0 then 1 else 0 end)
              where user_id = new.user_id;
            return new;
          else
            update notification_counters
              set total = total - 1, unread = unread - (case when old.is_opened = 0 then 1 else 0 end)
              where user_id = old.user_id;
            return old;
          end if;
        end $$`.execute(db)
      await sql`
        create trigger notifications_counters
        after insert or update of is_opened or delete on notifications
        for each row execute function notification_counters_sync()`.execute(db)
    } else {
      await sql`
        create trigger notifications_count_insert after insert on notifications begin
          insert or ignore into notification_counters (user_id, total, unread) values (new.user_id, 0, 0);
          update notification_counters set total = total + 1, unread = unread + (new.is_opened = 0)
            where user_id = new.user_id;
        end`.execute(db)
      await sql`
        create trigger notifications_count_update after update of is_opened on notifications begin
          update notification_counters set unread = unread + (new.is_opened = 0) - (old.is_opened = 0)
            where user_id = new.user_id;
        end`.execute(db)
      await sql`
        create trigger notifications_count_delete after delete on notifications begin
          update notification_counters set total = total - 1, unread = unread - (old.is_opened = 0)
            where user_id = old.user_id;
        end`.execute(db)
    }

    // The index served only the unread count; without it the planner cannot pick it over the time index.
    await db.schema.dropIndex('notifications_user_opened_idx').execute()

    // Users who already have notifications start from their real counts.
    await sql`
      insert into notification_counters (user_id, total, unread)
      select user_id, count(*), sum(case when is_opened = 0 then 1 else 0 end) from notifications group by user_id`.execute(
      db,
    )
  },

  async down(db: Kysely<unknown>): Promise<void> {
    if (dialect === 'postgres') {
      await sql`drop trigger if exists notifications_counters on notifications`.execute(db)
      await sql`drop function if exists notification_counters_sync()`.execute(db)
    } else {
      for (const name of ['notifications_count_insert', 'notifications_count_update', 'notifications_count_delete'])
        await sql`drop trigger if exists ${sql.raw(name)}`.execute(db)
    }
    await db.schema.dropTable('notification_counters').ifExists().execute()
    await db.schema
      .createIndex('notifications_user_opened_idx')
      .on('notifications')
      .columns(['user_id', 'is_opened'])
      .execute()
  },
})
