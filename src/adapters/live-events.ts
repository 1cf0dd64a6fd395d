import * as v from 'valibot'
import { LIVE_EVENT_NAME, LiveEvent, type LiveStatus } from '@vigil/domain/live-event'

// The tab's one connection to GET /api/events (issue 19): every page and the bell listen to it instead of asking the
// server again on a timer. EventSource reconnects by itself and sends the last event's id, so the server can replay
// what was missed; when a connection is lost listeners are told (`lost`), and when it is back (`live`) pages that
// could not be told event by event load again. A connection the server refuses (401, 429, 503: the browser closes it
// and does not try again) is opened again after a wait, 30 s doubling up to 5 minutes, while anyone listens.

type Listener = (event: LiveEvent) => void
type StatusListener = (status: LiveStatus) => void

/** The first wait after a refused connection, and the longest. */
export const RETRY_FIRST_MS = 30_000
export const RETRY_MAX_MS = 5 * 60_000

export interface LiveEvents {
  /** Listens to the stream; the first listener opens it, the last one to leave closes it. */
  subscribe(listener: Listener): () => void
  /** Listens to the stream's state (told at once of the current one). */
  onStatus(listener: StatusListener): () => void
  status(): LiveStatus
}

export const createLiveEvents = (
  url = '/api/events',
  open: (url: string) => EventSource = (u) => new EventSource(u, { withCredentials: true }),
): LiveEvents => {
  const listeners = new Set<Listener>()
  const statusListeners = new Set<StatusListener>()
  let source: EventSource | null = null
  let status: LiveStatus = 'connecting'
  /** A connection was lost since the last open: the next open asks pages to resync. */
  let missed = false
  let retry: ReturnType<typeof setTimeout> | null = null
  let retryMs = RETRY_FIRST_MS

  const setStatus = (next: LiveStatus) => {
    if (next === status) return
    status = next
    for (const l of statusListeners) l(next)
  }

  const emit = (event: LiveEvent) => {
    for (const l of listeners) l(event)
  }

  const connect = () => {
    setStatus('connecting')
    const current = open(url)
    source = current
    current.onopen = () => {
      if (source !== current) return
      retryMs = RETRY_FIRST_MS
      // A reconnect after a loss: what the server could not replay is covered by the pages loading again.
      const wasLost = missed
      missed = false
      setStatus('live')
      if (wasLost) emit({ kind: 'resync' })
    }
    current.onerror = () => {
      if (source !== current) return
      missed = true
      setStatus('lost')
      // Refused (not a dropped connection, which EventSource opens again itself): ours to try again, later.
      if (current.readyState !== EventSource.CLOSED) return
      current.close()
      source = null
      const wait = retryMs
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS)
      retry = setTimeout(() => {
        retry = null
        if (listeners.size > 0) connect()
      }, wait)
    }
    source.addEventListener(LIVE_EVENT_NAME, (message) => {
      const parsed = v.safeParse(LiveEvent, safeJson((message as MessageEvent<string>).data))
      if (parsed.success) emit(parsed.output)
    })
  }

  const disconnect = () => {
    if (retry !== null) clearTimeout(retry)
    retry = null
    missed = false
    source?.close()
    source = null
    setStatus('connecting')
  }

  return {
    subscribe(listener) {
      listeners.add(listener)
      // While a retry waits, the new listener waits with it.
      if (!source && retry === null && typeof EventSource !== 'undefined') connect()
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) disconnect()
      }
    },
    onStatus(listener) {
      statusListeners.add(listener)
      listener(status)
      return () => statusListeners.delete(listener)
    },
    status: () => status,
  }
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** The tab's one stream. */
export const liveEvents = createLiveEvents()
