import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PICTURE_TOO_LARGE } from '@vigil/domain/profile'
import { listen } from '../../src/server/http/listen.ts'
import { buildTestApp, dialects, openTestDb, type TestApp, type TestDb } from './harness.ts'

// A body refused before it is read (over a body limit) ends the exchange cleanly: the answer says the connection
// closes, so a client that keeps connections (Node's fetch) sends its next request on a new one instead of losing it
// on a socket the server drops. On a real listening server, as src/server/main.ts serves the app, with Node's own
// fetch, whose pool keeps the connection between these requests (each waits for the one before).

describe.each(dialects)('refused bodies on %s', (dialect) => {
  let db: TestDb
  let t: TestApp
  let server: ReturnType<typeof listen>
  let base: string
  beforeAll(async () => {
    db = await openTestDb(dialect)
    t = buildTestApp(db.database)
    server = await new Promise((done) => {
      const s = listen(t.app.fetch, { port: 0, hostname: '127.0.0.1' }, () => done(s))
    })
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise<void>((done) => {
      server.close(() => done())
      server.closeAllConnections()
    })
    await db.drop()
  })

  it('answers three 2.1 MB uploads on one connection with 413, and each next request with 200', async () => {
    const { token } = await t.register()
    const auth = { authorization: `Bearer ${token}` }
    const big = new Uint8Array(2.1 * 1024 * 1024).fill(7)
    const uploads = [
      { path: '/api/profile/picture', method: 'PUT', type: 'image/png', message: PICTURE_TOO_LARGE },
      {
        path: '/api/monitors',
        method: 'POST',
        type: 'application/json',
        message: 'The request body is too large: the limit is 64 KB.',
      },
    ]
    const answers: unknown[] = []
    for (let i = 0; i < 3; i++)
      for (const upload of uploads) {
        const refused = await fetch(`${base}${upload.path}`, {
          method: upload.method,
          headers: { ...auth, 'content-type': upload.type },
          body: big,
        }).then(
          async (res) => ({ status: res.status, message: ((await res.json()) as { message: string }).message }),
          (error: Error) => ({ error: `${error.message}: ${String((error.cause as Error)?.message)}` }),
        )
        const next = await fetch(`${base}/api/profile`, { headers: auth }).then(
          async (res) => ({ status: res.status, name: ((await res.json()) as any).data.user.name }),
          (error: Error) => ({ error: `${error.message}: ${String((error.cause as Error)?.message)}` }),
        )
        answers.push({ upload: upload.path, refused, next })
      }
    expect(answers).toEqual(
      Array.from({ length: 3 }, () =>
        uploads.map((upload) => ({
          upload: upload.path,
          refused: { status: 413, message: upload.message },
          next: { status: 200, name: expect.any(String) },
        })),
      ).flat(),
    )
  })
})
