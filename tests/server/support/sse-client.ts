import type { LiveEvent } from '@vigil/domain/live-event'

/** One frame of a server-sent event stream, as a browser's EventSource reads it. */
export interface Frame {
  event?: string
  id?: string
  data?: string
  comments: string[]
}

/**
 * A real SSE client over fetch's streaming body: it keeps the frames it reads, the last event id (as EventSource
 * keeps it, an id-only frame included), and lets a test wait for a frame.
 */
export const openSse = async (url: string, headers: Record<string, string> = {}) => {
  const abort = new AbortController()
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal })
  const frames: Frame[] = []
  const waiters = new Set<() => void>()
  let lastEventId: string | undefined
  let ended = false
  const arrivals: number[] = []

  const parse = (block: string) => {
    const frame: Frame = { comments: [] }
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) frame.comments.push(line.slice(1).trim())
      else {
        const at = line.indexOf(':')
        const field = at < 0 ? line : line.slice(0, at)
        const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '')
        if (field === 'event') frame.event = value
        else if (field === 'id') frame.id = value
        else if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`
      }
    }
    if (frame.id !== undefined) lastEventId = frame.id
    frames.push(frame)
    arrivals.push(performance.now())
  }

  const done = (async () => {
    if (!res.body || res.status !== 200) return
    const reader = res.body.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          parse(buffer.slice(0, at))
          buffer = buffer.slice(at + 2)
        }
        for (const w of [...waiters]) w()
      }
    } catch {
      // aborted
    } finally {
      ended = true
      for (const w of [...waiters]) w()
    }
  })()

  const events = () =>
    frames.flatMap((f) => (f.event === 'change' && f.data ? [JSON.parse(f.data) as LiveEvent & { id?: string }] : []))

  /** Resolves when `test` holds over what has arrived; rejects after `ms`. */
  const waitFor = <T>(test: () => T | undefined | false, ms = 5000, what = 'a frame') =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = test()
        if (found) {
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
        } else if (ended) {
          waiters.delete(check)
          clearTimeout(timer)
          reject(new Error(`the stream ended before ${what} came`))
        }
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`no ${what} within ${ms} ms`))
      }, ms)
      waiters.add(check)
      check()
    })

  return {
    res,
    frames,
    arrivals,
    events,
    get lastEventId() {
      return lastEventId
    },
    get ended() {
      return ended
    },
    waitFor,
    /** Waits for an event of the stream that `test` picks, among those after the first `after`. */
    nextEvent: (test: (e: LiveEvent) => boolean, opts: { after?: number; ms?: number } = {}) =>
      waitFor(
        () =>
          events()
            .slice(opts.after ?? 0)
            .find(test),
        opts.ms ?? 5000,
        'the event',
      ),
    close: async () => {
      abort.abort()
      await done
    },
    done,
  }
}
export type SseClient = Awaited<ReturnType<typeof openSse>>
