import type { Database } from '../db/database.ts'
import type { Logger } from '../logger.ts'
import { createLocalHub, type LiveHub } from './hub.ts'
import { createPgHub } from './pg-bridge.ts'

/** The live events of a process: across processes through LISTEN/NOTIFY on PostgreSQL, in process on SQLite. */
export const createLive = (opts: { database: Database; logger: Logger; capacity?: number }): LiveHub =>
  opts.database.dialect === 'postgres' && opts.database.url
    ? createPgHub({ ...opts, url: opts.database.url })
    : createLocalHub(opts)
