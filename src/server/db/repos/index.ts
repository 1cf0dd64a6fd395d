import type { Kysely } from 'kysely'
import type { DB } from '../schema.ts'
import { mailOutboxRepo } from './mail-outbox.repo.ts'
import { notificationsRepo } from './notifications.repo.ts'
import { passwordResetsRepo } from './password-resets.repo.ts'
import { plansRepo } from './plans.repo.ts'
import { rateLimitsRepo } from './rate-limits.repo.ts'
import { sessionsRepo } from './sessions.repo.ts'
import { subscriptionsRepo } from './subscriptions.repo.ts'
import { usersRepo } from './users.repo.ts'

/** Every repository over one connection or transaction: `repos(trx)` inside `db.transaction()`. */
export const repos = (db: Kysely<DB>) => ({
  users: usersRepo(db),
  sessions: sessionsRepo(db),
  plans: plansRepo(db),
  subscriptions: subscriptionsRepo(db),
  notifications: notificationsRepo(db),
  passwordResets: passwordResetsRepo(db),
  mailOutbox: mailOutboxRepo(db),
  rateLimits: rateLimitsRepo(db),
})
export type Repos = ReturnType<typeof repos>
