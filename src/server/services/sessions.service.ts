import { plural } from '@vigil/domain/plural'
import { SESSION_ID_LENGTH, type SessionView } from '@vigil/domain/sessions'
import type { EventClient } from '../db/repos/security-events.repo.ts'
import { notFound } from '../errors.ts'
import type { Deps } from './deps.ts'
import { describeClient } from './describe-client.ts'
import { recordSecurityEvent } from './security-log.ts'

// The signed-in user's sessions: listed with what their User-Agent says, ended one by one or all but this one.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

const idOf = (tokenHash: string) => tokenHash.slice(0, SESSION_ID_LENGTH)

/** A session in use counts as active again once a minute, not on every request. */
const TOUCH_AFTER_MS = 60_000

export const sessionsService = ({ repos, clock }: Pick<Deps, 'repos' | 'clock'>) => ({
  /** The user of a live session, marked active again (at most once a minute); undefined when it has ended. */
  async resume(tokenHash: string): Promise<string | undefined> {
    const session = await repos.sessions.findLive(tokenHash, clock.now())
    if (!session) return undefined
    const now = clock.now()
    if (session.last_active_at === null || session.last_active_at < now - TOUCH_AFTER_MS)
      await repos.sessions.touch(tokenHash, now)
    return session.user_id
  },

  /** The user of a live session, left as it is; undefined when it has ended. */
  userOf: async (tokenHash: string): Promise<string | undefined> =>
    (await repos.sessions.findLive(tokenHash, clock.now()))?.user_id,

  async list(userId: string, currentHash: string): Promise<SessionView[]> {
    const rows = await repos.sessions.listOfUser(userId, clock.now())
    return rows.map((row) => ({
      id: idOf(row.token_hash),
      ...describeClient(row.user_agent),
      ip: row.ip,
      created_at: new Date(row.created_at).toISOString(),
      last_active_at: iso(row.last_active_at),
      current: row.token_hash === currentHash,
    }))
  },

  /** Ends one of the user's sessions; another user's, or an unknown one, is not found. */
  async end(userId: string, id: string, client: EventClient): Promise<{ tokenHash: string }> {
    const rows = await repos.sessions.listOfUser(userId, clock.now())
    const row = rows.find((r) => idOf(r.token_hash) === id)
    if (!row) throw notFound('Session')
    await repos.sessions.delete(row.token_hash)
    const { browser, system } = describeClient(row.user_agent)
    const detail = [browser, system && `on ${system}`, row.ip && `from ${row.ip}`].filter(Boolean).join(' ') || null
    await recordSecurityEvent(repos, { userId, kind: 'session_ended', detail, client, now: clock.now() })
    return { tokenHash: row.token_hash }
  },

  /** Every session of the user but the one this request came with; how many ended. */
  async endOthers(userId: string, currentHash: string, client: EventClient): Promise<number> {
    const ended = await repos.sessions.deleteAllOfUser(userId, currentHash)
    if (ended > 0)
      await recordSecurityEvent(repos, {
        userId,
        kind: 'sessions_ended',
        detail: plural(ended, 'session', 'sessions'),
        client,
        now: clock.now(),
      })
    return ended
  },
})
