import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { openPostgres } from '../../src/server/db/database.ts'
import { dialects, openTestDb, type TestDb } from './harness.ts'

// PostgreSQL connections keep their reads as named prepared statements (db/prepared-statements.ts): planned once,
// not for every request; writes and anything in a transaction stay unnamed; a kept statement a schema change made
// stale is run again unnamed instead of failing.

const run = dialects.includes('postgres') ? describe : describe.skip

let test: TestDb | undefined
afterEach(async () => {
  await test?.drop()
  test = undefined
})

/** One connection, so that what it keeps is what `pg_prepared_statements` shows. */
const oneConnection = async () => {
  test = await openTestDb('postgres')
  const database = openPostgres(test.url as string, 1, () => {})
  const kept = async () =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(
        database.db,
      )
    ).rows.map((r) => r.statement)
  return { db: database.db, kept, close: () => database.close() }
}

run('prepared statements on PostgreSQL', () => {
  it('keeps a read once, whatever its values, and not a write', async () => {
    const { db, kept, close } = await oneConnection()
    try {
      for (const email of ['a@example.com', 'b@example.com'])
        await db.selectFrom('users').select('user_id').where('email', '=', email).execute()
      await db.deleteFrom('sessions').where('token_hash', '=', 'x').execute()
      const statements = await kept()
      expect(statements.filter((s) => s.includes('from "users"'))).toHaveLength(1)
      expect(statements.some((s) => s.includes('delete from "sessions"'))).toBe(false)
    } finally {
      await close()
    }
  })

  it('keeps nothing read inside a transaction', async () => {
    const { db, kept, close } = await oneConnection()
    try {
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('tags').select('tag_id').where('user_id', '=', 'u1').execute()
      })
      expect((await kept()).some((s) => s.includes('from "tags"'))).toBe(false)
      // After the transaction, reads are kept again.
      await db.selectFrom('tags').select('tag_id').where('user_id', '=', 'u1').execute()
      expect((await kept()).some((s) => s.includes('from "tags"'))).toBe(true)
    } finally {
      await close()
    }
  })

  it('answers a kept select * after its table gained a column, with the column', async () => {
    const { db, close } = await oneConnection()
    try {
      await sql`create table kept_probe (a int)`.execute(db)
      await sql`insert into kept_probe values (1)`.execute(db)
      const read = async () => (await sql<Record<string, unknown>>`select * from kept_probe`.execute(db)).rows
      expect(await read()).toEqual([{ a: 1 }])
      await sql`alter table kept_probe add column b int default 2`.execute(db)
      expect(await read()).toEqual([{ a: 1, b: 2 }])
      expect(await read()).toEqual([{ a: 1, b: 2 }])
    } finally {
      await close()
    }
  })

  it("answers a kept read the session no longer holds (deallocated, or a pooler's other connection)", async () => {
    const { db, kept, close } = await oneConnection()
    try {
      const read = async () =>
        (await db.selectFrom('users').select('user_id').where('email', '=', 'x').execute()).length
      expect(await read()).toBe(0)
      expect((await kept()).some((s) => s.includes('from "users"'))).toBe(true)
      await sql`deallocate all`.execute(db)
      expect(await read()).toBe(0)
      expect(await read()).toBe(0)
    } finally {
      await close()
    }
  })
})
