import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openSqlite } from '../../src/server/db/database.ts'

// SQLite's rows are made by each statement's own object literal from better-sqlite3's arrays (database.ts): they
// must be what better-sqlite3's own objects were, for reads, returning writes and streams alike.

describe('the rows of SQLite statements', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-rows-'))
  let database: Database
  beforeAll(async () => {
    database = openSqlite(join(dir, 'rows.db'))
    await sql`create table things (id integer primary key, name text, "odd ""name""" text, size real)`.execute(
      database.db,
    )
  })
  afterAll(async () => {
    await database.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('gives each row its columns by name, from a write that returns them and from a read', async () => {
    const inserted = await sql<Record<string, unknown>>`insert into things (name, "odd ""name""", size)
      values ('a', 'x', 1.5), ('b', null, null) returning id, name`.execute(database.db)
    expect(inserted.rows).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ])
    const read = await sql<Record<string, unknown>>`select * from things order by id`.execute(database.db)
    expect(read.rows).toEqual([
      { id: 1, name: 'a', 'odd "name"': 'x', size: 1.5 },
      { id: 2, name: 'b', 'odd "name"': null, size: null },
    ])
    expect(Object.keys(read.rows[0] as object)).toEqual(['id', 'name', 'odd "name"', 'size'])
  })

  it('keeps the last of two columns of one name, and streams rows alike', async () => {
    const twice = await sql<Record<string, unknown>>`select name, size as name from things where id = 1`.execute(
      database.db,
    )
    expect(twice.rows).toEqual([{ name: 1.5 }])
    const streamed: unknown[] = []
    for await (const row of database.db
      .selectFrom('things' as never)
      .select(['id', 'name'] as never)
      .stream())
      streamed.push(row)
    expect(streamed).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ])
  })

  it('still runs writes that return nothing', async () => {
    const result = await sql`update things set size = 2 where id = 2`.execute(database.db)
    expect(result.numAffectedRows).toBe(1n)
  })
})
