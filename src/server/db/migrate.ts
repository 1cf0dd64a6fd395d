import { type Migration, Migrator } from 'kysely'
import type { Database } from './database.ts'
import * as accounts from './migrations/001-accounts.ts'
import * as plans from './migrations/002-plans.ts'
import { notificationCounters } from './migrations/003-notification-counters.ts'
import { monitors } from './migrations/004-monitors.ts'
import * as observations from './migrations/005-monitor-observations.ts'
import * as integrations from './migrations/006-integrations.ts'
import * as statusPages from './migrations/007-status-pages.ts'
import { oneOutbox } from './migrations/008-one-outbox.ts'
import * as cloudAccounts from './migrations/009-cloud-accounts.ts'
import * as planChanges from './migrations/010-plan-changes.ts'
import * as billing from './migrations/011-billing.ts'
import { profile } from './migrations/012-profile.ts'
import * as sessionDetails from './migrations/013-session-details.ts'
import * as twoFactor from './migrations/014-two-factor.ts'
import * as support from './migrations/015-support.ts'
import * as reports from './migrations/016-reports.ts'
import * as tags from './migrations/017-tags.ts'
import * as resultContext from './migrations/018-result-context.ts'
import * as incidentTimeline from './migrations/019-incident-timeline.ts'
import { listSummaries } from './migrations/020-list-summaries.ts'
import { monitorSearch } from './migrations/021-monitor-search.ts'
import { figureWindows } from './migrations/022-figure-windows.ts'
import { postgresSearchText } from './migrations/023-postgres-search-text.ts'
import { postgresSearchTrigrams } from './migrations/024-postgres-search-trigrams.ts'
import { tagNameOrder } from './migrations/025-tag-name-order.ts'
import { listRowVersions } from './migrations/026-list-row-versions.ts'
import * as emailConfirmation from './migrations/027-email-confirmation.ts'
import * as monitorGrid from './migrations/028-monitor-grid.ts'

// Migrations live in code (not a folder read at run time) so they ship inside any bundle. Most are written
// once with Kysely's schema builder; a migration that needs dialect-specific SQL (triggers) takes the dialect.
const migrationsFor = (dialect: Database['dialect']): Record<string, Migration> => ({
  '001-accounts': accounts,
  '002-plans': plans,
  '003-notification-counters': notificationCounters(dialect),
  '004-monitors': monitors(dialect),
  '005-monitor-observations': observations,
  '006-integrations': integrations,
  '007-status-pages': statusPages,
  '008-one-outbox': oneOutbox(dialect),
  '009-cloud-accounts': cloudAccounts,
  '010-plan-changes': planChanges,
  '011-billing': billing,
  '012-profile': profile(dialect),
  '013-session-details': sessionDetails,
  '014-two-factor': twoFactor,
  '015-support': support,
  '016-reports': reports,
  '017-tags': tags,
  '018-result-context': resultContext,
  '019-incident-timeline': incidentTimeline,
  '020-list-summaries': listSummaries(dialect),
  '021-monitor-search': monitorSearch(dialect),
  '022-figure-windows': figureWindows(dialect),
  '023-postgres-search-text': postgresSearchText(dialect),
  '024-postgres-search-trigrams': postgresSearchTrigrams(dialect),
  '025-tag-name-order': tagNameOrder(dialect),
  '026-list-row-versions': listRowVersions(dialect),
  '027-email-confirmation': emailConfirmation,
  '028-monitor-grid': monitorGrid,
})

export const migrateToLatest = (database: Database): Promise<void> => migrate(database, (m) => m.migrateToLatest())

/** Migrates up to a named migration: for tests of a later migration against data made before it. */
export const migrateTo = (database: Database, name: string): Promise<void> =>
  migrate(database, (m) => m.migrateTo(name))

const migrate = async ({ db, dialect }: Database, run: (m: Migrator) => ReturnType<Migrator['migrateToLatest']>) => {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } })
  const { error, results } = await run(migrator)
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error')
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`)
  }
}
