import { parentPort, workerData } from 'node:worker_threads'
import { openSqlite } from '../db/database.ts'
import { repos as reposOf } from '../db/repos/index.ts'
import { Failure } from '../errors.ts'
import type { PageAnswer, PageAsk, PageSource } from './monitor-pages.ts'
import { pagesInThread } from './monitor-pages.ts'

// A monitor list thread (monitor-pages.ts): makes the pages it is asked for, one at a time, from its own connection
// to the SQLite file, and answers each with the bytes of its JSON, moved to the serving thread, or with the failure it
// met.

const source = workerData as PageSource
const port = parentPort
if (!port) throw new Error('monitor-page.thread.ts runs as a worker thread')
const database = openSqlite(source.sqliteFile)
const pages = pagesInThread({ repos: reposOf(database.db), database })

/** Bytes that own their whole buffer, so that moving it moves nothing else (a small Buffer shares a pool's). */
const owned = (bytes: Uint8Array<ArrayBuffer>) =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes)

port.on('message', async ({ id, userId, query, now, gzip }: PageAsk) => {
  let answer: PageAnswer
  try {
    const bytes = owned(await pages.make(userId, query, now, gzip))
    port.postMessage({ id, bytes } satisfies PageAnswer, [bytes.buffer])
    return
  } catch (error) {
    answer =
      error instanceof Failure
        ? { id, failure: { kind: error.kind, message: error.message, errors: error.errors } }
        : { id, fault: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
  port.postMessage(answer)
})
