import * as v from 'valibot'

// A user's sessions as Settings → Security lists them. A session is named by the first 32 hex digits of its
// token's hash: enough to tell it apart, nothing from which the token could be found.

export const SESSION_ID_LENGTH = 32

export const SessionView = v.object({
  id: v.string(),
  /** "Chrome 131", "Firefox 133"; null when the client did not say. */
  browser: v.nullable(v.string()),
  /** "Windows 11", "macOS 15.1", "Android 14"; null when the client did not say. */
  system: v.nullable(v.string()),
  ip: v.nullable(v.string()),
  created_at: v.string(),
  last_active_at: v.nullable(v.string()),
  /** The session this request came with. */
  current: v.boolean(),
})
export type SessionView = v.InferOutput<typeof SessionView>

export const SessionList = v.object({ sessions: v.array(SessionView) })
export type SessionList = v.InferOutput<typeof SessionList>

/** `DELETE /api/sessions/{id}`: one session ended, and whether it was the one asking (signed out here). */
export const SessionEnded = v.object({ ended: v.literal(1), current: v.boolean() })
export type SessionEnded = v.InferOutput<typeof SessionEnded>

/** `DELETE /api/sessions/others`: how many sessions were ended. */
export const SessionsEnded = v.object({ ended: v.number() })
export type SessionsEnded = v.InferOutput<typeof SessionsEnded>

export const SessionIdParam = v.object({
  id: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, 'This is not a session id.')),
})
