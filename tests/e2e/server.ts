import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { serve } from '@hono/node-server'
import { mountSpa } from '../../src/server/static.ts'
import type { TestDb } from '../server/harness.ts'
import { buildTestApp } from '../server/harness.ts'

/** The real app (API and built front end) on a loopback port, over a test database. */
export const startServer = async (db: TestDb, opts: Parameters<typeof buildTestApp>[1] = {}) => {
  const t = buildTestApp(db.database, opts)
  mountSpa(t.app, resolve(import.meta.dirname, '../../dist'))
  const server = await new Promise<ReturnType<typeof serve>>((done) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s))
  })
  const { port } = server.address() as AddressInfo
  return {
    ...t,
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}
