import * as v from 'valibot'
import { CLOUD_PROVIDERS } from './cloud-account.ts'
import { MONITOR_TYPES } from './monitor.schema.ts'
import { MONITOR_STATUSES } from './monitor-status.ts'

// What the server pushes to a signed-in user's open pages (issue 19, live updates): one server-sent event stream per
// tab at GET /api/events. Each event names what changed and carries enough for a page to patch what it shows;
// a page that needs more asks for it. The event's SSE id lets a reconnecting tab catch up on what it missed;
// where that is no longer possible the server sends `resync` and pages load again.

/** A check's result as the list's heartbeat bar shows it. */
const LiveResult = v.object({
  checked_at: v.string(),
  ok: v.boolean(),
  /** What the check found: 'ok', 'slow' or 'failed'. */
  verdict: v.nullable(v.picklist(['ok', 'slow', 'failed'])),
  status: v.picklist(MONITOR_STATUSES),
  response_ms: v.nullable(v.number()),
  message: v.string(),
})

export const LiveEvent = v.variant('kind', [
  /** A monitor was checked (`result`), or its state changed (paused, resumed, edited: `result` null). */
  v.object({
    kind: v.literal('monitor'),
    monitor_id: v.string(),
    type: v.picklist(MONITOR_TYPES),
    status: v.picklist(MONITOR_STATUSES),
    /** The state is not the one before this event. */
    changed: v.boolean(),
    result: v.nullable(LiveResult),
  }),
  /** Monitors were added or deleted: lists and counts load again. */
  v.object({ kind: v.literal('monitors'), monitor_ids: v.array(v.string()) }),
  /** A notification was created for the user (the bell counts up), or notifications were read elsewhere. */
  v.object({ kind: v.literal('notification'), notification_id: v.nullable(v.string()), unread: v.number() }),
  /** An incident opened, was acknowledged, commented on, alerted about, or resolved. */
  v.object({
    kind: v.literal('incident'),
    incident_id: v.string(),
    monitor_id: v.string(),
    change: v.picklist(['opened', 'alert', 'reminder', 'acknowledged', 'comment', 'resolved']),
  }),
  /** A cloud account was read (on its schedule or when asked), well or not: its pages load again. */
  v.object({ kind: v.literal('cloud'), account_id: v.string(), provider: v.picklist(CLOUD_PROVIDERS) }),
  /** What was missed can no longer be told event by event: load everything again. */
  v.object({ kind: v.literal('resync') }),
])
export type LiveEvent = v.InferOutput<typeof LiveEvent>
export type LiveEventKind = LiveEvent['kind']

/** The stream's state as pages see it: `live` while connected; otherwise pages fall back to asking again. */
export type LiveStatus = 'connecting' | 'live' | 'lost'

/** The SSE event name all events are sent under (their `kind` is in the data). */
export const LIVE_EVENT_NAME = 'change'

/** How often the server writes a comment line, so proxies and the browser keep an idle stream open. */
export const LIVE_KEEPALIVE_MS = 25_000
