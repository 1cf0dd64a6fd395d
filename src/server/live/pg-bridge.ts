import { sql } from 'kysely'
import pg from 'pg'
import type { LiveEvent } from '@vigil/domain/live-event'
import type { Database } from '../db/database.ts'
import type { Logger } from '../logger.ts'
import { createFanOut, type LiveHub, newEventId, type UserEvent } from './hub.ts'

// Live events across server processes on PostgreSQL (issue 19): publishing is `pg_notify` on one channel; each
// process holds one dedicated connection that LISTENs on it and feeds its fan-out. The publisher takes its own
// events from the notification like every other process, so all processes hold the same events in the same order
// (PostgreSQL delivers notifications in commit order to every listener), and an event's id means one place in every
// process's ring: a tab may reconnect to another process and catch up. While the listening connection is lost,
// events are missed: on reconnecting the ring is emptied and open pages are told to `resync`. A user's mark (an
// entry with no event, which gives a user with no event yet a place: hub.ts) travels the same way.

export const LIVE_CHANNEL = 'vigil_live'

/** PostgreSQL refuses a payload of 8000 bytes or more; events stay far below, and a longer message is cut. */
const MAX_PAYLOAD = 7900
const MAX_MESSAGE = 300
/** At most this many notifications per statement. */
const MAX_ROWS = 500

interface Wire {
  /** id */
  i: string
  /** user */
  u: string
  /** event; null for a mark */
  e: LiveEvent | null
}

/** The payload of one event, cut to fit: a long check message is shortened, a long list of ids split. */
export const payloadsOf = ({ userId, event }: UserEvent): string[] => {
  const one = (e: LiveEvent) => JSON.stringify({ i: newEventId(), u: userId, e } satisfies Wire)
  if (event.kind === 'monitor' && event.result && event.result.message.length > MAX_MESSAGE)
    return [one({ ...event, result: { ...event.result, message: `${event.result.message.slice(0, MAX_MESSAGE)}…` } })]
  if (event.kind === 'monitors' && event.monitor_ids.length > 100) {
    const out: string[] = []
    for (let at = 0; at < event.monitor_ids.length; at += 100)
      out.push(one({ kind: 'monitors', monitor_ids: event.monitor_ids.slice(at, at + 100) }))
    return out
  }
  const payload = one(event)
  return Buffer.byteLength(payload) <= MAX_PAYLOAD ? [payload] : []
}

export const createPgHub = (opts: {
  database: Database
  /** The connection string, for the dedicated listening connection. */
  url: string
  logger: Logger
  capacity?: number
  maxStreams?: number
  /** The first wait before connecting again after a loss (doubles up to 10 s). */
  retryMs?: number
}): LiveHub & { readonly listening: boolean } => {
  const { database, logger } = opts
  const fanOut = createFanOut(opts)
  let client: pg.Client | null = null
  let stopped = true
  let listening = false
  /** Listened before: a connection made again follows a gap. */
  let listened = false
  let retry: NodeJS.Timeout | null = null
  let wait = opts.retryMs ?? 500

  // Publishing: one statement at a time, carrying everything queued meanwhile, so a burst is a few round trips.
  let queue: string[] = []
  let sending: Promise<void> | null = null
  const send = () => {
    sending ??= drain().finally(() => {
      sending = null
    })
  }
  const drain = async () => {
    while (queue.length > 0) {
      const rows = queue.slice(0, MAX_ROWS)
      queue = queue.slice(rows.length)
      await sql`select pg_notify(${LIVE_CHANNEL}, p) from unnest(${rows}::text[]) as p`
        .execute(database.db)
        .catch((error) => logger.warn('live events not published', { error: String(error), events: rows.length }))
    }
  }
  const publishAll = (events: readonly UserEvent[]) => {
    for (const e of events) queue.push(...payloadsOf(e))
    if (queue.length > 0) send()
  }
  /** Gives users a place (hub.ts), as every process will hear it. */
  const mark = (userIds: readonly string[]) => {
    for (const u of userIds) queue.push(JSON.stringify({ i: newEventId(), u, e: null } satisfies Wire))
    if (queue.length > 0) send()
  }

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== LIVE_CHANNEL || !message.payload) return
    try {
      const wire = JSON.parse(message.payload) as Wire
      fanOut.deliver(wire.i, wire.u, wire.e)
    } catch (error) {
      logger.warn('a live event could not be read', { error: String(error) })
    }
  }

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: opts.url })
    client = c
    c.on('notification', onNotification)
    c.on('error', (error) => {
      logger.warn('live events: the listening connection failed', { error: String(error) })
      lost(c)
    })
    c.on('end', () => lost(c))
    await c.connect()
    await c.query(`listen ${LIVE_CHANNEL}`)
    if (stopped) {
      await c.end().catch(() => {})
      return
    }
    // Events sent while no connection listened are not coming: pages load again, their users placed anew.
    if (listened) mark(fanOut.gap())
    listened = true
    listening = true
    wait = opts.retryMs ?? 500
  }

  const lost = (c: pg.Client) => {
    if (client !== c) return
    client = null
    listening = false
    if (stopped) return
    wait = Math.min(wait * 2, 10_000)
    retry ??= setTimeout(() => {
      retry = null
      if (stopped) return
      void tryConnect()
    }, wait)
  }

  const tryConnect = () =>
    connect().catch((error) => {
      logger.warn('live events: listening failed; trying again', { error: String(error) })
      if (client) {
        const failed = client
        void failed.end().catch(() => {})
        lost(failed)
      }
    })

  return {
    publish: (userId, event) => publishAll([{ userId, event }]),
    publishAll,
    open: (userId, lastEventId, send) => {
      const stream = fanOut.open(userId, lastEventId, send)
      // A user with no place yet is given one; the stream hears it come back.
      if (stream?.position() === null) mark([userId])
      return stream
    },
    streamsOf: fanOut.streamsOf,
    get listening() {
      return listening
    },
    start: async () => {
      if (!stopped) return
      stopped = false
      await tryConnect()
    },
    stop: async () => {
      // What was published is sent before the database closes.
      await sending
      stopped = true
      if (retry) clearTimeout(retry)
      retry = null
      const c = client
      client = null
      listening = false
      await c?.end().catch(() => {})
    },
  }
}
