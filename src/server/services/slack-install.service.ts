import { hashToken, newToken } from '../auth/tokens.ts'
import type { Deps } from './deps.ts'
import { sessionsService } from './sessions.service.ts'

// "Add to Slack" (http/slack.routes.ts): the browser comes by navigation, its session in the cookie, and the OAuth
// state that binds Slack's answer to it is random, stored hashed, bound to the signed-in user, valid 10 minutes and
// usable once.

const STATE_TTL_MS = 10 * 60_000

export const slackInstallService = (deps: Pick<Deps, 'repos' | 'clock'>) => {
  const { repos, clock } = deps
  const sessions = sessionsService(deps)
  return {
    /** The user of a live session token, left as it is; undefined when it has ended. */
    userOfToken: (token: string) => sessions.userOf(hashToken(token)),

    /** A new state for the user's way to Slack and back. */
    async newState(userId: string): Promise<string> {
      const state = newToken()
      const now = clock.now()
      await repos.oauthStates.insert({
        state_hash: hashToken(state),
        user_id: userId,
        provider: 'slack',
        created_at: now,
        expires_at: now + STATE_TTL_MS,
      })
      return state
    },

    /** Whether Slack's answer carries a state this user started and that has not expired; it is used up either way. */
    async takeState(state: string | undefined, userId: string): Promise<boolean> {
      const stored = state && state.length <= 200 ? await repos.oauthStates.take(hashToken(state), 'slack') : undefined
      return !!stored && stored.user_id === userId && stored.expires_at >= clock.now()
    },
  }
}
