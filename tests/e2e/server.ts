import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { startEngine } from '../../src/server/engine/engine.ts'
import { listen } from '../../src/server/http/listen.ts'
import { billingSweepJob } from '../../src/server/services/billing-sweep.ts'
import { reportSweepJob } from '../../src/server/services/report-schedules.service.ts'
import { mountSpa } from '../../src/server/static.ts'
import type { TestDb } from '../server/harness.ts'
import { buildTestApp } from '../server/harness.ts'

type Options = Parameters<typeof buildTestApp>[1] & {
  /** Run the check scheduler too, polling often so tests see checks within a second of their due time. */
  engine?: boolean
  /** A fixed port: a server started again after a restart keeps its address (and the browser its session). */
  port?: number
}

/** The real app (API and built front end) on a loopback port, over a test database. */
export const startServer = async (db: TestDb, opts: Options = {}) => {
  const t = buildTestApp(db.database, opts)
  await t.deps.live.start()
  mountSpa(t.app, resolve(import.meta.dirname, '../../dist'))
  const engine = opts.engine
    ? startEngine(
        { ...t.deps, jobs: [billingSweepJob(t.deps), reportSweepJob(t.deps)] },
        { horizonMs: 500, pollMs: 200 },
      )
    : null
  // Started as the server process starts it (src/server/main.ts).
  const server = await new Promise<ReturnType<typeof listen>>((done) => {
    const s = listen(t.app.fetch, { port: opts.port ?? 0, hostname: '127.0.0.1' }, () => done(s))
  })
  const { port } = server.address() as AddressInfo
  return {
    ...t,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await engine?.stop(2000)
      await t.deps.live.stop()
      // Open event streams (a browser's) would hold the close until the browser goes: they are cut, as a restart
      // cuts them, and the browser reconnects to the next server.
      await new Promise<void>((done) => {
        server.close(() => done())
        if ('closeAllConnections' in server) server.closeAllConnections()
      })
    },
  }
}
