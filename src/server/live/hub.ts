import { randomBytes } from 'node:crypto'
import type { LiveEvent } from '../../domain/live-event.ts'

// The in-process fan-out of live events (issue 19): each user's open streams (tabs) get the events published for
// that user. Every event has an id, and the process keeps the recent events in one bounded ring, so a tab that
// reconnects with the id of the last event it saw (EventSource's Last-Event-ID) is sent what it missed.
//
// Ids are opaque: a reconnecting tab is replayed the user's events that came after its id *in this process's
// order*. On SQLite (one process) that order is the order of publishing. On PostgreSQL every process, the publisher
// too, takes its events from LISTEN (pg-bridge.ts), and PostgreSQL delivers notifications to every listener in one
// order (commit order), so an id means the same place in every process's ring and a tab may reconnect to another
// process. An id this process does not hold (too old, before it started, or lost in a gap) gets `resync`.

/** One event as a stream sends it. */
export interface Delivered {
  id: string
  event: LiveEvent
}

/** An event addressed to one user. */
export interface UserEvent {
  userId: string
  event: LiveEvent
}

/** One open stream: what it missed (or `resync`), and how to leave. */
export interface LiveStream {
  backlog: Delivered[]
  /** The id of the newest event this process knows (of any user): where the tab stands once it has the backlog. */
  position(): string | null
  close(): void
}

export interface LiveHub {
  /** Tells the user's open pages; never throws (a page that misses it loads again when it reconnects). */
  publish(userId: string, event: LiveEvent): void
  publishAll(events: readonly UserEvent[]): void
  /**
   * Opens a stream for the user; `lastEventId` asks for what came after it. Null when the user already has the
   * most streams allowed.
   */
  open(userId: string, lastEventId: string | undefined, send: (delivered: Delivered) => void): LiveStream | null
  /** The user's open streams. */
  streamsOf(userId: string): number
  /** Starts what carries events between processes (PostgreSQL's LISTEN); a no-op in one process. */
  start(): Promise<void>
  stop(): Promise<void>
}

export const MAX_STREAMS_PER_USER = 20

interface Entry {
  seq: number
  id: string
  userId: string
  event: LiveEvent
}

/**
 * The fan-out and the ring, fed by `deliver` with events whose ids are already made (by this process, or by the
 * publishing process on PostgreSQL).
 */
export const createFanOut = (opts: { capacity?: number; maxStreams?: number } = {}) => {
  const capacity = opts.capacity ?? 10_000
  const maxStreams = opts.maxStreams ?? MAX_STREAMS_PER_USER
  const ring: (Entry | undefined)[] = new Array(capacity)
  const seqOf = new Map<string, number>()
  /** The next entry's place in the process's order. */
  let next = 0
  const listeners = new Map<string, Set<(d: Delivered) => void>>()

  const newest = () => (next === 0 ? null : (ring[(next - 1) % capacity]?.id ?? null))

  return {
    deliver(id: string, userId: string, event: LiveEvent) {
      if (seqOf.has(id)) return
      const slot = next % capacity
      const old = ring[slot]
      if (old) seqOf.delete(old.id)
      ring[slot] = { seq: next, id, userId, event }
      seqOf.set(id, next)
      next += 1
      const mine = listeners.get(userId)
      if (!mine) return
      for (const send of [...mine]) {
        try {
          send({ id, event })
        } catch {
          // A stream that cannot take it is closing; the others still get it.
        }
      }
    },

    open(userId: string, lastEventId: string | undefined, send: (d: Delivered) => void): LiveStream | null {
      let mine = listeners.get(userId)
      if ((mine?.size ?? 0) >= maxStreams) return null
      const backlog: Delivered[] = []
      if (lastEventId !== undefined && lastEventId !== '') {
        const from = seqOf.get(lastEventId)
        if (from === undefined) backlog.push({ id: newest() ?? '', event: { kind: 'resync' } })
        else
          for (let seq = from + 1; seq < next; seq++) {
            const entry = ring[seq % capacity]
            if (entry?.userId === userId) backlog.push({ id: entry.id, event: entry.event })
          }
      }
      if (!mine) {
        mine = new Set()
        listeners.set(userId, mine)
      }
      mine.add(send)
      const set = mine
      return {
        backlog,
        position: newest,
        close: () => {
          set.delete(send)
          if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId)
        },
      }
    },

    streamsOf: (userId: string) => listeners.get(userId)?.size ?? 0,

    /**
     * Events may have been missed (the PostgreSQL listener lost its connection): what the ring holds can no longer
     * be replayed as complete, and every open page loads again.
     */
    gap() {
      ring.fill(undefined)
      seqOf.clear()
      for (const set of listeners.values())
        for (const send of [...set]) {
          try {
            send({ id: '', event: { kind: 'resync' } })
          } catch {}
        }
    },
  }
}
export type FanOut = ReturnType<typeof createFanOut>

/** A prefix unique to this process's run, so the ids it makes never meet another run's. */
export const runPrefix = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`

/** Ids made by one process: `<run>-<seq>`. */
export const idMaker = (prefix = runPrefix()) => {
  let seq = 0
  return () => `${prefix}-${(++seq).toString(36)}`
}

/** The hub of a single process (SQLite): events go straight to the fan-out. */
export const createLocalHub = (opts: { capacity?: number; maxStreams?: number } = {}): LiveHub => {
  const fanOut = createFanOut(opts)
  const nextId = idMaker()
  const publish = (userId: string, event: LiveEvent) => fanOut.deliver(nextId(), userId, event)
  return {
    publish,
    publishAll: (events) => {
      for (const { userId, event } of events) publish(userId, event)
    },
    open: fanOut.open,
    streamsOf: fanOut.streamsOf,
    start: async () => {},
    stop: async () => {},
  }
}
