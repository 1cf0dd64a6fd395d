import { randomUUID } from 'node:crypto'
import type { LiveEvent } from '@vigil/domain/live-event'

// The in-process fan-out of live events (issue 19): each user's open streams (tabs) get the events published for
// that user. Every event has an id, and the process keeps the recent events in one bounded ring, so a tab that
// reconnects with the id of the last event it saw (EventSource's Last-Event-ID) is sent what it missed.
//
// Ids tell a user nothing of other users (issue 35): each is random, and a stream only ever carries ids of its own
// user's events, so its place (the keep-alive's id, a new stream's first id) is that user's newest event and stands
// still while others are active. A user with no event yet is given a mark: an entry of theirs with no event, made
// like an event (through LISTEN on PostgreSQL), so that even their first id is a place every process knows.
//
// A reconnecting tab is replayed the user's events that came after its id *in this process's order*. On SQLite (one
// process) that order is the order of publishing. On PostgreSQL every process, the publisher too, takes its events
// from LISTEN (pg-bridge.ts), and PostgreSQL delivers notifications to every listener in one order (commit order), so
// an id means the same place in every process's ring and a tab may reconnect to another process. An id that left
// the ring still places the tab when it is its user's newest one to leave (every later one of theirs is held). An
// id this process cannot place (too old, before it started, or lost in a gap) gets `resync`.

/** One entry as a stream sends it; `event` null: a mark, an id with nothing to tell but the user's place. */
export interface Delivered {
  id: string
  event: LiveEvent | null
}

/** An event addressed to one user. */
export interface UserEvent {
  userId: string
  event: LiveEvent
}

/** One open stream: what it missed (or `resync`), and how to leave. */
export interface LiveStream {
  backlog: Delivered[]
  /** The id of the user's newest entry: where the tab stands once it has the backlog (null: none yet). */
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
  id: string
  userId: string
  event: LiveEvent | null
}

/** Where a user's entries stand in this process. */
interface Place {
  /** The id of the user's newest entry. */
  newest: string
  /** The id of the user's newest entry that left the ring: every later one of theirs is still in it. */
  left: string | null
  /** How many of the user's entries the ring holds. */
  held: number
}

/** A new entry's id: random, so that it counts nothing. */
export const newEventId = () => randomUUID()

/**
 * The fan-out and the ring, fed by `deliver` with entries whose ids are already made (by this process, or by the
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
  /** The places of users with entries in the ring or open streams. */
  const places = new Map<string, Place>()
  /** The newest id of users with neither (all their entries left the ring), the most recent `capacity` of them. */
  const gone = new Map<string, string>()

  const placeOf = (userId: string): Place | null => {
    const place = places.get(userId)
    if (place) return place
    const newest = gone.get(userId)
    if (newest === undefined) return null
    gone.delete(userId)
    const back = { newest, left: newest, held: 0 }
    places.set(userId, back)
    return back
  }

  /** A user with nothing in the ring and no stream is remembered by their newest id alone. */
  const retire = (userId: string) => {
    const place = places.get(userId)
    if (!place || place.held > 0 || listeners.has(userId)) return
    places.delete(userId)
    gone.set(userId, place.newest)
    if (gone.size > capacity) gone.delete(gone.keys().next().value as string)
  }

  /** The user's entries in the ring from `seq` on, events only. */
  const replay = (userId: string, seq: number): Delivered[] => {
    const out: Delivered[] = []
    for (let at = Math.max(seq, next - capacity, 0); at < next; at++) {
      const entry = ring[at % capacity]
      if (entry?.userId === userId && entry.event) out.push({ id: entry.id, event: entry.event })
    }
    return out
  }

  return {
    deliver(id: string, userId: string, event: LiveEvent | null) {
      if (seqOf.has(id)) return
      const slot = next % capacity
      const old = ring[slot]
      if (old) {
        seqOf.delete(old.id)
        const place = places.get(old.userId)
        if (place) {
          place.held -= 1
          place.left = old.id
        }
        retire(old.userId)
      }
      ring[slot] = { id, userId, event }
      seqOf.set(id, next)
      next += 1
      const place = placeOf(userId)
      if (place) {
        place.newest = id
        place.held += 1
      } else places.set(userId, { newest: id, left: null, held: 1 })
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
      const place = placeOf(userId)
      let backlog: Delivered[] = []
      if (lastEventId !== undefined && lastEventId !== '') {
        const from = seqOf.get(lastEventId)
        if (from !== undefined) backlog = replay(userId, from + 1)
        else if (place !== null && place.left === lastEventId) backlog = replay(userId, 0)
        else backlog = [{ id: place?.newest ?? '', event: { kind: 'resync' } }]
      }
      if (!mine) {
        mine = new Set()
        listeners.set(userId, mine)
      }
      mine.add(send)
      const set = mine
      return {
        backlog,
        position: () => places.get(userId)?.newest ?? null,
        close: () => {
          set.delete(send)
          if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId)
          retire(userId)
        },
      }
    },

    streamsOf: (userId: string) => listeners.get(userId)?.size ?? 0,

    /**
     * Events may have been missed (the PostgreSQL listener lost its connection): what the ring holds can no longer
     * be replayed as complete, and every open page loads again. Returns the users with open streams (to be given a
     * place again).
     */
    gap(): string[] {
      ring.fill(undefined)
      seqOf.clear()
      places.clear()
      gone.clear()
      for (const set of listeners.values())
        for (const send of [...set]) {
          try {
            send({ id: '', event: { kind: 'resync' } })
          } catch {}
        }
      return [...listeners.keys()]
    },
  }
}
export type FanOut = ReturnType<typeof createFanOut>

/** The hub of a single process (SQLite): events go straight to the fan-out. */
export const createLocalHub = (opts: { capacity?: number; maxStreams?: number } = {}): LiveHub => {
  const fanOut = createFanOut(opts)
  const publish = (userId: string, event: LiveEvent) => fanOut.deliver(newEventId(), userId, event)
  return {
    publish,
    publishAll: (events) => {
      for (const { userId, event } of events) publish(userId, event)
    },
    open: (userId, lastEventId, send) => {
      const stream = fanOut.open(userId, lastEventId, send)
      // A user with no place yet is given one.
      if (stream?.position() === null) fanOut.deliver(newEventId(), userId, null)
      return stream
    },
    streamsOf: fanOut.streamsOf,
    start: async () => {},
    stop: async () => {},
  }
}
