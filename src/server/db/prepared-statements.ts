import type pg from 'pg'

// Kysely sends every query to PostgreSQL as an unnamed statement, which the server parses and plans anew each time:
// for the monitor list's page (six short reads) that was a fifth of PostgreSQL's CPU time. Our reads are few and
// shaped by code (values are bound), so each connection keeps them as named prepared statements, up to a bound, as
// the SQLite side keeps its statements (database.ts). Writes, and anything inside a transaction, stay unnamed: a
// failed statement in a transaction could not be tried again.

/** Reads: the statements kept. */
const READ = /^\s*(select|with)\b/i
const BEGIN = /^\s*(begin|start transaction)\b/i
const END = /^\s*(commit|rollback|end|abort)\b/i
/** "cached plan must not change result type": a table a kept `select *` reads changed under it. */
const STALE_PLAN = '0A000'

type Query = pg.ClientBase['query']

/**
 * Has `client` keep its reads as named statements, at most `max` of them. A kept statement that a schema change
 * made stale is run once more unnamed and no longer kept.
 */
export const keepStatements = (client: pg.ClientBase, max = 200) => {
  const send = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>
  /** Statement text to its name; null: not to be kept (it went stale). */
  const names = new Map<string, string | null>()
  let inTransaction = false

  const query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || typeof callback === 'function') return send(text, values, callback)
    if (BEGIN.test(text)) inTransaction = true
    else if (END.test(text)) inTransaction = false
    if (inTransaction || !READ.test(text)) return send(text, values)
    let name = names.get(text)
    if (name === undefined && names.size < max) {
      name = `kept_${names.size}`
      names.set(text, name)
    }
    if (!name) return send(text, values)
    return send({ name, text, values }).catch((error: { code?: string }) => {
      if (error?.code !== STALE_PLAN) throw error
      names.set(text, null)
      return send(text, values)
    })
  }
  client.query = query as Query
}
