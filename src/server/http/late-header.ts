import type { Context } from 'hono'

/**
 * A header set on an answer already made (by a middleware after `next()`). Hono's `c.header` would rebuild the
 * answer as a streamed Response first, which costs @hono/node-server its direct write of a string body (a third of
 * a millisecond for a list's 240 KB); the answer's own headers are set in place where they can be, and an answer
 * whose headers are fixed (a fetched one) goes the `c.header` way.
 */
export const setLateHeader = (c: Context, name: string, value: string) => {
  try {
    c.res.headers.set(name, value)
  } catch {
    c.header(name, value)
  }
}
