import { Failure } from '../errors.ts'
import type { Deps } from './deps.ts'
import { sessionsService } from './sessions.service.ts'

// What GET /api/events asks beyond the hub: whether this process can tell live events at all, and whether a stream's
// session still lives (asked at each keep-alive: a stream ends with its session).

export const liveStreamService = (deps: Pick<Deps, 'database' | 'config' | 'repos' | 'clock'>) => {
  const sessions = sessionsService(deps)
  return {
    /**
     * On SQLite the hub is in-process: with the checks left to worker processes their results would never be told,
     * so the stream is refused and pages keep asking on their timer.
     */
    assertOpen() {
      if (deps.database.dialect === 'sqlite' && !deps.config.runChecks)
        throw new Failure(
          'unavailable',
          'Live updates need the checks to run in this server process, or PostgreSQL: pages ask again every 10 s.',
        )
    },
    sessionLives: async (tokenHash: string) => (await sessions.userOf(tokenHash)) !== undefined,
  }
}
