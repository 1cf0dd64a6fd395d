import { randomBytes } from 'node:crypto'
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
/**
 * A kept statement the server cannot run as kept: "cached plan must not change result type" (a table a kept
 * `select *` reads changed under it), or "prepared statement does not exist" (the session lost it: DEALLOCATE, or a
 * pooler in transaction mode that sent the query to another server connection).
 */
const NOT_KEPT = new Set(['0A000', '26000'])

type Query = pg.ClientBase['query']

/**
 * Has `client` keep its reads as named statements, at most `max` of them. A kept statement the server cannot run
 * as kept is run once more unnamed and no longer kept.
 */
export const keepStatements = (client: pg.ClientBase, max = 200) => {
  const send = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>
  /** Statement text to its name; null: not to be kept (it went stale). */
  const names = new Map<string, string | null>()
  // Names of this connection's own: behind a pooler two connections' statements never share one.
  const prefix = `kept_${randomBytes(4).toString('hex')}_`
  let inTransaction = false

  const query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || typeof callback === 'function') return send(text, values, callback)
    if (BEGIN.test(text)) inTransaction = true
    else if (END.test(text)) inTransaction = false
    if (inTransaction || !READ.test(text)) return send(text, values)
    let name = names.get(text)
    if (name === undefined && names.size < max) {
      name = `${prefix}${names.size}`
      names.set(text, name)
    }
    if (!name) return send(text, values)
    return send({ name, text, values }).catch((error: { code?: string }) => {
      if (!NOT_KEPT.has(error?.code ?? '')) throw error
      names.set(text, null)
      return send(text, values)
    })
  }
  client.query = query as Query
}
