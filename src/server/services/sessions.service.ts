import Bowser from 'bowser'
import { SESSION_ID_LENGTH, type SessionView } from '../../domain/sessions.ts'
import { notFound } from '../errors.ts'
import type { Deps } from './deps.ts'

// The signed-in user's sessions: listed with what their User-Agent says, ended one by one or all but this one.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** "Chrome 131" and "Windows 11" from a User-Agent, by Bowser; nulls when it says nothing we know. */
export const describeClient = (userAgent: string | null): Pick<SessionView, 'browser' | 'system'> => {
  if (!userAgent) return { browser: null, system: null }
  const parsed = Bowser.parse(userAgent)
  const major = parsed.browser.version?.split('.')[0]
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null
  const os = parsed.os.name
  const system = os ? [os, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ') : null
  return { browser, system }
}

const idOf = (tokenHash: string) => tokenHash.slice(0, SESSION_ID_LENGTH)

export const sessionsService = ({ repos, clock }: Pick<Deps, 'repos' | 'clock'>) => ({
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
  async end(userId: string, id: string): Promise<{ tokenHash: string }> {
    const rows = await repos.sessions.listOfUser(userId, clock.now())
    const row = rows.find((r) => idOf(r.token_hash) === id)
    if (!row) throw notFound('Session')
    await repos.sessions.delete(row.token_hash)
    return { tokenHash: row.token_hash }
  },

  /** Every session of the user but the one this request came with; how many ended. */
  endOthers: (userId: string, currentHash: string): Promise<number> =>
    repos.sessions.deleteAllOfUser(userId, currentHash),
})
