import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import { keepStatements } from './prepared-statements.ts'
import type { DB } from './schema.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface Database {
  readonly db: Kysely<DB>
  readonly dialect: Dialect
  /** PostgreSQL's connection string, for a connection of its own (the live events' LISTEN, the list's threads). */
  readonly url?: string
  /** SQLite's file, for a connection of its own (the list's threads); ':memory:' has none another can open. */
  readonly file?: string
  close(): Promise<void>
}

// int8 (bigint, and count(*)) comes back from pg as a string; our times fit a JS number exactly.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

/**
 * Kysely prepares every query anew, and preparing was a tenth of the CPU time of a request. Queries are
 * few and shaped by code (values are bound), so their statements are kept, up to a bound. Reuse is safe:
 * better-sqlite3 runs a statement to completion before the next one starts.
 */
const withStatementCache = (sqlite: SQLite.Database, max = 500) => {
  const cache = new Map<string, KeptStatement>()
  return {
    close: () => sqlite.close(),
    prepare: (query: string) => {
      let statement = cache.get(query)
      if (!statement) {
        if (cache.size >= max) cache.delete(cache.keys().next().value as string)
        statement = withRowShape(sqlite.prepare(query))
        cache.set(query, statement)
      }
      return statement
    },
  }
}

/** What Kysely's SQLite driver calls on a statement. */
type KeptStatement = Pick<SQLite.Statement, 'reader' | 'run' | 'all' | 'iterate'>

/**
 * A reading statement whose rows are made by a function of its own from better-sqlite3's arrays. better-sqlite3
 * gives rows as objects it builds column by column, which V8 keeps as dictionaries past a dozen columns: copying a
 * page's 50 monitor rows (37 columns) cost 0.8 ms, reading them 0.3 ms more. An object literal of the statement's
 * columns has one fast shape (as node-postgres builds its rows). The column names are the statement's own, written
 * into the literal as JSON strings; a name given twice keeps its last value, as better-sqlite3's objects do.
 */
const withRowShape = (statement: SQLite.Statement): KeptStatement => {
  if (!statement.reader) return statement
  statement.raw(true)
  const fields = statement.columns().map((c, k) => `${JSON.stringify(c.name)}: r[${k}]`)
  const row = new Function('r', `return {${fields.join(', ')}}`) as (values: unknown[]) => unknown
  return {
    reader: true,
    run: (...params: unknown[]) => statement.run(...params),
    all: (...params: unknown[]) => (statement.all(...params) as unknown[][]).map(row),
    iterate: function* (...params: unknown[]) {
      for (const values of statement.iterate(...params) as IterableIterator<unknown[]>) yield row(values)
    },
  } as KeptStatement
}

export const openSqlite = (file: string): Database => {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
  return { db, dialect: 'sqlite', file, close: () => db.destroy() }
}

export const openPostgres = (
  connectionString: string,
  poolSize = 10,
  onIdleError: (err: Error) => void = (err) => console.error(`PostgreSQL idle connection error: ${err.message}`),
): Database => {
  const pool = new pg.Pool({ connectionString, max: poolSize })
  // An idle client that loses its server (restart, failover) emits 'error'; unhandled, it would end the process.
  pool.on('error', onIdleError)
  pool.on('connect', (client) => keepStatements(client))
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  return { db, dialect: 'postgres', url: connectionString, close: () => db.destroy() }
}

export const openDatabase = (opts: { databaseUrl?: string; sqliteFile: string }): Database =>
  opts.databaseUrl ? openPostgres(opts.databaseUrl) : openSqlite(opts.sqliteFile)

/**
 * Takes SQLite's write lock at the start of a transaction that reads before it writes, as BEGIN IMMEDIATE
 * would (Kysely begins deferred): otherwise another process's write in between fails the upgrade with
 * SQLITE_BUSY, which no busy timeout waits out. A write that matches no row is enough. PostgreSQL locks rows.
 */
export const takeWriteLock = async (trx: Kysely<DB>, dialect: Dialect) => {
  if (dialect === 'sqlite') await sql`update monitors set paused = paused where 0`.execute(trx)
}
