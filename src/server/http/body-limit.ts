import { bodyLimit } from 'hono/body-limit'
import { Failure } from '../errors.ts'

// A body over its limit is refused before it is read (by its Content-Length) or part-way through. The rest of it is
// still on the connection, and a client that keeps connections (Node's fetch) stops sending it once answered: that
// connection can carry no other request. The answer says it closes, so the client's next request goes on a new one
// instead of on a socket dropped under it.

/** Refuses a body over `maxSize` bytes with 413 and `message`, and closes the connection after the answer. */
export const limitBody = (maxSize: number, message: string) =>
  bodyLimit({
    maxSize,
    onError: (c) => {
      c.header('Connection', 'close')
      throw new Failure('too_large', message)
    },
  })
