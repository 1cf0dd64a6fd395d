import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compiledOnce } from '../../src/server/db/compiled-once.ts'
import { dialects, openTestDb, type TestDb } from './harness.ts'

// A statement compiled once (db/compiled-once.ts) answers each call with that call's values, as building it anew
// would, and refuses a statement a value would be written into.

describe.each(dialects)('a statement compiled once on %s', (dialect) => {
  let test: TestDb
  beforeAll(async () => {
    test = await openTestDb(dialect)
    const at = 1_700_000_000_000
    await test.database.db
      .insertInto('users')
      .values(
        ['ann', 'bob', 'cy'].map((name, k) => ({
          user_id: `u-${name}`,
          name,
          email: `${name}@example.com`,
          password_hash: 'x',
          image: null,
          created_at: at + k,
          updated_at: at + k,
        })),
      )
      .execute()
  })
  afterAll(() => test.drop())

  it("gives each call's rows for its own values, limit and offset included", async () => {
    const db = test.database.db
    const named = compiledOnce(db, (v: { from: number; limit: number; offset: number }) =>
      db
        .selectFrom('users')
        .select('name')
        .where('created_at', '>=', v.from)
        .where('name', '<>', 'nobody')
        .orderBy('name')
        .limit(v.limit)
        .offset(v.offset),
    )
    const at = 1_700_000_000_000
    expect(await named({ from: at, limit: 2, offset: 0 })).toEqual([{ name: 'ann' }, { name: 'bob' }])
    expect(await named({ from: at + 1, limit: 5, offset: 0 })).toEqual([{ name: 'bob' }, { name: 'cy' }])
    expect(await named({ from: at, limit: 1, offset: 2 })).toEqual([{ name: 'cy' }])
  })

  it('refuses a value written into the statement, or one it does not use', async () => {
    const db = test.database.db
    const written = compiledOnce(db, (v: { name: string }) =>
      db
        .selectFrom('users')
        .select('name')
        .where(sql<boolean>`name = ${sql.lit(v.name)}`),
    )
    await expect(written({ name: 'ann' })).rejects.toThrow('written into the statement')
    const unused = compiledOnce(db, (v: { name: string; other: string }) =>
      db
        .selectFrom('users')
        .select('name')
        .where('name', '=', v.name)
        .$if(v.other === 'never', (q) => q),
    )
    await expect(unused({ name: 'ann', other: 'x' })).rejects.toThrow('other is not a parameter')
  })
})
