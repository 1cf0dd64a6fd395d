import { type Kysely, PostgresAdapter, sql } from 'kysely'

/** Whether `db` speaks to PostgreSQL (else SQLite). */
export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter

/**
 * `column` is one of `values`. On PostgreSQL `= any($1)`, one array bound whatever their number: the statement's text
 * is the same for any list, and its kept plan (prepared-statements.ts) is made once, where a list of 50 parameters
 * was planned anew each time (the list's figures: 0.3 ms of the database's time a page). SQLite binds no arrays:
 * `in (?, ?, …)`.
 */
export const oneOf = (db: Kysely<any>, column: string, values: readonly string[]) =>
  isPostgres(db)
    ? sql<boolean>`${sql.ref(column)} = any(${[...values]})`
    : sql<boolean>`${sql.ref(column)} in (${sql.join(values)})`
