import { hashPassword } from '../auth/password-hash.ts'
import { type Repos, repos as reposOf } from '../db/repos/index.ts'
import type { EventClient } from '../db/repos/security-events.repo.ts'
import type { Deps } from './deps.ts'
import { recordSecurityEvent } from './security-log.ts'

// The one way a password is set on an account that has one: a reset from an emailed link, the operator's reset from
// the shell, a change from the profile. In one transaction the hash is written, every reset link is used up (one sent
// before could otherwise undo it), the account's sessions end (all, or all but the one that made the change), the
// security log and the bell are told, and the flow's own work is done; a failure anywhere leaves the old password.

/** A password as it is kept, at the server's cost: sign-up writes it with the new account's row. */
export const passwordHashOf = (deps: Pick<Deps, 'config'>, password: string) =>
  hashPassword(password, deps.config.passwordHashCost)

export interface PasswordSet {
  userId: string
  password: string
  /** The session that changed it stays signed in; without it, every session ends. */
  keepSession?: string
  /** What the security log keeps of it. */
  event: { kind: 'password_reset' | 'password_changed'; detail?: string; client: EventClient }
  /** The flow's own work in the same transaction, after the log (the operator's reset turns two-factor off). */
  alsoIn?: (tx: Repos, now: number) => Promise<void>
  /** The notice in the user's bell, written last. */
  notice?: { title: string; description: string }
}

export const setPassword = async (deps: Pick<Deps, 'database' | 'clock' | 'config'>, set: PasswordSet) => {
  const passwordHash = await passwordHashOf(deps, set.password)
  const now = deps.clock.now()
  await deps.database.db.transaction().execute(async (trx) => {
    const tx = reposOf(trx)
    await tx.users.setPasswordHash(set.userId, passwordHash, now)
    await tx.passwordResets.consumeAllOfUser(set.userId, now)
    await tx.sessions.deleteAllOfUser(set.userId, set.keepSession)
    await recordSecurityEvent(tx, { userId: set.userId, ...set.event, now })
    await set.alsoIn?.(tx, now)
    if (set.notice) await tx.notifications.insertAccountNotice(set.userId, set.notice, now)
  })
}
