import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { LIVE_EVENT_NAME, LIVE_KEEPALIVE_MS } from '@vigil/domain/live-event'
import { Failure } from '../errors.ts'
import type { Delivered } from '../live/hub.ts'
import { liveStreamService } from '../services/live-stream.service.ts'
import type { AppEnv, Deps } from './env.ts'
import { requireSession } from './session.middleware.ts'

/** Writes a stream may have waiting before it counts as stalled and is closed (the tab reconnects and catches up). */
const MAX_QUEUED = 1_000

/**
 * GET /api/events: the signed-in user's live events as server-sent events (issue 19), one stream per tab. Each
 * event is `event: change`, its id, and the LiveEvent as JSON. Ids are the user's own (live/hub.ts): random, and a
 * stream's place moves only with its user's events. A `Last-Event-ID` (EventSource sends it when it reconnects) is
 * answered with what the user missed, or `resync` when that cannot be told. An id-only frame gives the tab its place
 * (the user's newest id) when it has heard nothing; a comment every LIVE_KEEPALIVE_MS keeps proxies from closing an
 * idle stream, carries that place again, and checks that the session still lives: a stream ends with its session.
 */
export const eventRoutes = (deps: Deps) => {
  const streams = liveStreamService(deps)
  return new Hono<AppEnv>().use(requireSession(deps)).get('/', (c) => {
    streams.assertOpen()
    const { userId, tokenHash } = c.get('session')
    const lastEventId = c.req.header('last-event-id')?.trim()
    let queued = 0
    let chain: Promise<unknown> = Promise.resolve()
    let end: () => void = () => {}
    const ended = new Promise<void>((done) => {
      end = done
    })
    // Until the stream is made (at once, below), what arrives waits here.
    const early: string[] = []
    let write: (text: string) => void = (text) => void early.push(text)
    // A mark (no event) only moves the tab's place.
    const frame = ({ id, event }: Delivered) =>
      event === null ? `id: ${id}\n\n` : `event: ${LIVE_EVENT_NAME}\nid: ${id}\ndata: ${JSON.stringify(event)}\n\n`
    const stream = deps.live.open(userId, lastEventId, (d) => write(frame(d)))
    if (!stream)
      throw new Failure(
        'too_many',
        'Too many live connections are open for this account: close some of its tabs, or reload this page later.',
        undefined,
        30,
      )

    const response = streamSSE(c, async (sse) => {
      write = (text) => {
        if (sse.aborted || sse.closed) return
        if (++queued > MAX_QUEUED) return end()
        chain = chain.then(() => sse.write(text)).finally(() => queued--)
      }
      sse.onAbort(() => end())
      // Written at once, so the browser (and a proxy) sees the stream open; a tab is told to wait 3 s to reconnect.
      write(': live\nretry: 3000\n\n')
      for (const d of stream.backlog) write(frame(d))
      // What came meanwhile ends at the newest id itself.
      const caughtUp = stream.position()
      if (early.length === 0 && caughtUp !== null && stream.backlog.at(-1)?.id !== caughtUp)
        write(`id: ${caughtUp}\n\n`)
      for (const text of early.splice(0)) write(text)
      // Re-armed after each beat, from a later turn of the event loop, rather than `every`: a clock moved across
      // days (a test's) beats once, not once per 25 s of the span.
      let cancelBeat = () => {}
      const beat = () => {
        const position = stream.position()
        write(position === null ? ': keep-alive\n\n' : `: keep-alive\nid: ${position}\n\n`)
        streams.sessionLives(tokenHash).then(
          (lives) => lives || end(),
          () => {},
        )
        const rearm = setImmediate(() => {
          cancelBeat = deps.clock.after(LIVE_KEEPALIVE_MS, beat)
        })
        cancelBeat = () => clearImmediate(rearm)
      }
      cancelBeat = deps.clock.after(LIVE_KEEPALIVE_MS, beat)
      const keepAlive = () => cancelBeat()
      try {
        await ended
      } finally {
        keepAlive()
        stream.close()
        await chain.catch(() => {})
      }
    })
    response.headers.set('Cache-Control', 'no-store')
    response.headers.set('X-Accel-Buffering', 'no')
    return response
  })
}
