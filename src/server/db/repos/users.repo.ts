import type { Kysely, Selectable } from 'kysely'
import type { User } from '@vigil/domain/auth.schema'
import type { DB, UsersTable } from '../schema.ts'

export type UserRow = Selectable<UsersTable>

export const toUser = (row: UserRow): User => ({
  user_id: row.user_id,
  name: row.name,
  email: row.email,
  image: row.image,
  email_confirmed: row.email_confirmed_at !== null,
})

export const usersRepo = (db: Kysely<DB>) => ({
  insert: (row: UserRow) => db.insertInto('users').values(row).execute(),

  findByEmail: (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),

  findById: (userId: string) => db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst(),

  update: (
    userId: string,
    changes: Partial<Pick<UserRow, 'name' | 'email' | 'image' | 'email_confirmed_at'>>,
    now: number,
  ) =>
    db
      .updateTable('users')
      .set({ ...changes, updated_at: now })
      .where('user_id', '=', userId)
      .execute(),

  /** Deletes the user; every row of theirs goes with it (foreign keys cascade). */
  delete: (userId: string) => db.deleteFrom('users').where('user_id', '=', userId).execute(),

  setPasswordHash: (userId: string, passwordHash: string, now: number) =>
    db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('user_id', '=', userId)
      .execute(),
})
