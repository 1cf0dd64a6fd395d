import { Worker } from 'node:worker_threads'
import type { MonitorPageQuery } from '@vigil/domain/monitor-list'
import type { Database } from '../db/database.ts'
import type { Repos } from '../db/repos/index.ts'
import { Failure, type FailureKind } from '../errors.ts'
import type { Logger } from '../logger.ts'
import { listRows } from './list-rows.ts'
import { monitorPage } from './monitor-list.ts'
import { pageJson } from './monitor-list-json.ts'
import { oneAtATime } from './one-at-a-time.ts'

// A page of `GET /api/monitors` is all reading and writing (50 monitors with their heartbeat bars: a 240 KB answer),
// 3–5 ms of CPU. On SQLite its queries run in our process, synchronously: made in the thread that serves HTTP, ten
// pages asked at once wait in line for one core, while the machine's other cores have nothing to do. With
// LIST_THREADS they are made in threads of their own, each with its own connection to the database file (SQLite in
// WAL mode lets readers of other connections read side by side), side by side; the serving thread keeps the HTTP, the
// session and the sending of the bytes, which come back to it moved, not copied. Measured with ten clients on two
// cores (bench/monitor-page.bench.ts), two threads made 30–70 % more pages a second for most pages at about half the
// median time, but the slowest twentieth were no faster, in a full run slower (the clients, which share the two
// cores, then had less of them), and each thread costs about 70 MB: a choice for a server whose lists many read at
// once, not the default. On PostgreSQL the queries run in the database's processes while the event loop waits, and a
// thread only added its handoff (a page's CPU 5.2 → 7.7 ms): pages are made in the serving thread. The threads start
// with the first page asked for.

/** Makes a page of the monitor list as the bytes of its JSON answer (`{ data: page }`), gzipped when asked. */
export interface MonitorPages {
  make(userId: string, query: MonitorPageQuery, now: number, gzip?: boolean): Promise<Uint8Array<ArrayBuffer>>
  close(): Promise<void>
}

/** What a page thread is asked, and what it answers. */
export interface PageAsk {
  id: number
  userId: string
  query: MonitorPageQuery
  now: number
  gzip: boolean
}
export type PageAnswer =
  | { id: number; bytes: Uint8Array<ArrayBuffer> }
  | { id: number; failure: { kind: FailureKind; message: string; errors?: Record<string, string> } }
  | { id: number; fault: string }

/** The database file a page thread opens, by a connection of its own. */
export interface PageSource {
  sqliteFile: string
}

/** Pages made in the serving thread (on SQLite one at a time, in order: one-at-a-time.ts). */
export const pagesInThread = (deps: { repos: Repos; database: Database }): MonitorPages => {
  const turn = deps.database.dialect === 'sqlite' ? oneAtATime() : <T>(work: () => Promise<T>) => work()
  // The rows this thread answered, kept for its next pages (list-rows.ts).
  const made = { ...deps, rows: listRows() }
  return {
    make: (userId, query, now, gzip = false) =>
      turn(async () => pageJson(await monitorPage(made, userId, query, now), gzip)),
    close: async () => {},
  }
}

/** The SQLite file another connection can open for `database`'s pages; none on PostgreSQL or in memory. */
export const pageSourceOf = (database: Database): PageSource | null =>
  database.dialect === 'sqlite' && database.file !== undefined && database.file !== ':memory:'
    ? { sqliteFile: database.file }
    : null

interface Thread {
  worker: Worker
  waiting: Map<number, { resolve: (bytes: Uint8Array<ArrayBuffer>) => void; reject: (error: Error) => void }>
}

/**
 * Pages made by `size` threads, each page by the one with the fewest waiting. A thread that ends (it never should)
 * fails its waiting pages and is replaced.
 */
export const pageThreads = (source: PageSource, size: number, logger: Logger): MonitorPages => {
  let threads: Thread[] | null = null
  let closing = false
  let asked = 0

  const start = (): Thread => {
    const worker = new Worker(new URL('./monitor-page.thread.ts', import.meta.url), { workerData: source })
    // The serving process's own work keeps it alive: the threads do not.
    worker.unref()
    const thread: Thread = { worker, waiting: new Map() }
    worker.on('message', (answer: PageAnswer) => {
      const waiter = thread.waiting.get(answer.id)
      if (!waiter) return
      thread.waiting.delete(answer.id)
      if ('bytes' in answer) waiter.resolve(answer.bytes)
      else if ('failure' in answer)
        waiter.reject(new Failure(answer.failure.kind, answer.failure.message, answer.failure.errors))
      else waiter.reject(new Error(answer.fault))
    })
    worker.on('error', (error) => logger.error('a monitor list thread failed', { error: String(error) }))
    worker.on('exit', () => {
      for (const waiter of thread.waiting.values()) waiter.reject(new Error('The monitor list thread ended.'))
      thread.waiting.clear()
      if (closing || !threads) return
      threads = threads.map((t) => (t === thread ? start() : t))
    })
    return thread
  }

  return {
    make: (userId, query, now, gzip = false) => {
      threads ??= Array.from({ length: size }, start)
      const thread = threads.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a))
      const id = ++asked
      return new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
        thread.waiting.set(id, { resolve, reject })
        thread.worker.postMessage({ id, userId, query, now, gzip } satisfies PageAsk)
      })
    },
    close: async () => {
      closing = true
      await Promise.all((threads ?? []).map((t) => t.worker.terminate()))
      threads = null
    },
  }
}
