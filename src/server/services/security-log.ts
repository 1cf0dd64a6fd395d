import { SECURITY_LOG_SIZE, type SecurityEventKind, type SecurityEventView } from '@vigil/domain/security-events'
import type { Repos } from '../db/repos/index.ts'
import type { EventClient } from '../db/repos/security-events.repo.ts'
import { newId } from '../ids.ts'
import type { Deps } from './deps.ts'
import { describeClient } from './describe-client.ts'

// The account's log of security events: written where each thing happens (inside its transaction when it has
// one), read as the newest 50 on Settings → Security.

/** A few times the shown size is kept, so a burst of failed sign-ins cannot push the rest out of reach at once. */
const KEPT = SECURITY_LOG_SIZE * 4
/**
 * Only failures come in numbers a stranger controls (each success or change is the user's own, under the rate
 * limits), so the log is trimmed when one is written, and a sign-in costs no extra query.
 */
const TRIMS: readonly SecurityEventKind[] = ['sign_in_failed', 'two_factor_failed']

export const NO_CLIENT: EventClient = { ip: null, userAgent: null }

export const recordSecurityEvent = async (
  repos: Repos,
  event: { userId: string; kind: SecurityEventKind; client: EventClient; now: number; detail?: string | null },
) => {
  await repos.securityEvents.insert({
    event_id: newId(),
    user_id: event.userId,
    kind: event.kind,
    detail: event.detail ?? null,
    client: event.client,
    created_at: event.now,
  })
  if (TRIMS.includes(event.kind)) await repos.securityEvents.trimOfUser(event.userId, KEPT)
}

export const securityEvents = ({ repos }: Pick<Deps, 'repos'>) => ({
  async latest(userId: string): Promise<SecurityEventView[]> {
    const rows = await repos.securityEvents.latestOfUser(userId, SECURITY_LOG_SIZE)
    return rows.map((row) => ({
      id: row.event_id,
      kind: row.kind as SecurityEventView['kind'],
      detail: row.detail,
      ip: row.ip,
      ...describeClient(row.user_agent),
      at: new Date(row.created_at).toISOString(),
    }))
  },
})
