import type { Kysely } from 'kysely'
import type { DB } from '../schema.ts'

/**
 * The features plan accesses name, as the navigation labelled them when this migration was written (a migration is
 * frozen history: it copies what it needs rather than read the live navigation, which may change after it).
 */
const FEATURES = [
  'Dashboard',
  'Website Monitoring',
  'API Monitoring',
  'DNS Monitoring',
  'SSL Monitoring',
  'Domain Monitoring',
  'Port Monitoring',
  'Ping Monitoring',
  'Check Black List',
  'AWS Monitoring',
  'Azure Monitoring',
  'Microsoft 365',
  'Status Page',
  'Integrations',
  'Notifications',
  'Reporting',
  'Support',
  'Settings',
  'Security',
  'Billing',
]

// The plans are data: an operator changes prices, limits or accesses with SQL, not a release.
const BASIC_LOCKED = new Set([
  'DNS Monitoring',
  'Check Black List',
  'AWS Monitoring',
  'Azure Monitoring',
  'Microsoft 365',
  'Reporting',
])

const plans = [
  {
    plan_id: 'basic',
    title: 'Basic',
    description: 'Website, API, port, ping, SSL and domain monitoring with status pages, free.',
    price_monthly_cents: 0,
    price_yearly_cents: 0,
    trial_days: 0,
    max_monitors: 20,
    min_interval_seconds: 300,
    retention_days: 30,
    max_status_pages: 1,
    sort_order: 1,
  },
  {
    plan_id: 'pro',
    title: 'Pro',
    description: 'Everything in Basic, plus DNS, blacklist, cloud accounts and reporting, checked every 30 s.',
    price_monthly_cents: 1500,
    price_yearly_cents: 15000,
    trial_days: 15,
    max_monitors: 500,
    min_interval_seconds: 30,
    retention_days: 365,
    max_status_pages: 20,
    sort_order: 2,
  },
]

export async function up(db: Kysely<DB>): Promise<void> {
  await db.insertInto('plans').values(plans).execute()
  await db
    .insertInto('plan_accesses')
    .values([
      ...FEATURES.map((feature) => ({
        plan_id: 'basic',
        feature,
        access: BASIC_LOCKED.has(feature) ? 0 : 1,
      })),
      ...FEATURES.map((feature) => ({ plan_id: 'pro', feature, access: 1 })),
    ])
    .execute()
}

export async function down(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('plan_accesses').execute()
  await db.deleteFrom('plans').execute()
}
