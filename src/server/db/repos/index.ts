import type { Kysely } from 'kysely'
import type { DB } from '../schema.ts'
import { billingRepo } from './billing.repo.ts'
import { checkResultsRepo } from './check-results.repo.ts'
import { cloudAccountsRepo } from './cloud-accounts.repo.ts'
import { cloudDataRepo } from './cloud-data.repo.ts'
import { deliveriesRepo } from './deliveries.repo.ts'
import { emailConfirmationsRepo } from './email-confirmations.repo.ts'
import { incidentEventsRepo } from './incident-events.repo.ts'
import { incidentsRepo } from './incidents.repo.ts'
import { integrationsRepo } from './integrations.repo.ts'
import { maintenanceRepo } from './maintenance.repo.ts'
import { monitorListRepo } from './monitor-list.repo.ts'
import { monitorsRepo } from './monitors.repo.ts'
import { notificationsRepo } from './notifications.repo.ts'
import { oauthStatesRepo } from './oauth-states.repo.ts'
import { passwordResetsRepo } from './password-resets.repo.ts'
import { plansRepo } from './plans.repo.ts'
import { profileRepo } from './profile.repo.ts'
import { rateLimitsRepo } from './rate-limits.repo.ts'
import { reportsRepo } from './reports.repo.ts'
import { rollupsRepo } from './rollups.repo.ts'
import { securityEventsRepo } from './security-events.repo.ts'
import { sessionsRepo } from './sessions.repo.ts'
import { statusIncidentsRepo } from './status-incidents.repo.ts'
import { statusPagesRepo } from './status-pages.repo.ts'
import { subscriptionsRepo } from './subscriptions.repo.ts'
import { supportRepo } from './support.repo.ts'
import { tagsRepo } from './tags.repo.ts'
import { twoFactorRepo } from './two-factor.repo.ts'
import { usersRepo } from './users.repo.ts'

/** Every repository over one connection or transaction: `repos(trx)` inside `db.transaction()`. */
export const repos = (db: Kysely<DB>) => ({
  users: usersRepo(db),
  profile: profileRepo(db),
  emailConfirmations: emailConfirmationsRepo(db),
  sessions: sessionsRepo(db),
  twoFactor: twoFactorRepo(db),
  securityEvents: securityEventsRepo(db),
  plans: plansRepo(db),
  subscriptions: subscriptionsRepo(db),
  billing: billingRepo(db),
  notifications: notificationsRepo(db),
  passwordResets: passwordResetsRepo(db),
  rateLimits: rateLimitsRepo(db),
  monitors: monitorsRepo(db),
  checkResults: checkResultsRepo(db),
  rollups: rollupsRepo(db),
  incidents: incidentsRepo(db),
  incidentEvents: incidentEventsRepo(db),
  integrations: integrationsRepo(db),
  deliveries: deliveriesRepo(db),
  oauthStates: oauthStatesRepo(db),
  statusPages: statusPagesRepo(db),
  statusIncidents: statusIncidentsRepo(db),
  maintenance: maintenanceRepo(db),
  cloudAccounts: cloudAccountsRepo(db),
  cloudData: cloudDataRepo(db),
  support: supportRepo(db),
  reports: reportsRepo(db),
  tags: tagsRepo(db),
  monitorList: monitorListRepo(db),
})
export type Repos = ReturnType<typeof repos>
