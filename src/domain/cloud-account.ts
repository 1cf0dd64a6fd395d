import * as v from 'valibot'
import { Name } from './monitor-fields.ts'
import { MONITOR_TYPE_PAGES } from './monitor-types/pages.ts'

// A connected cloud account (an AWS account, an Azure service principal, a Microsoft 365 tenant): what every
// provider's account has in common, as the API answers it. Each provider's own fields are in its file.

export const CLOUD_PROVIDERS = ['aws', 'azure', 'm365'] as const
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number]

/**
 * How each provider is named: its plan feature (its monitor type's, whose label names it), one account and several,
 * and where a read comes from.
 */
export const CLOUD_PROVIDER_WORDS = {
  aws: { feature: MONITOR_TYPE_PAGES.aws.label, account: 'AWS account', accounts: 'AWS accounts', source: 'AWS' },
  azure: {
    feature: MONITOR_TYPE_PAGES.azure.label,
    account: 'Azure account',
    accounts: 'Azure accounts',
    source: 'Azure',
  },
  m365: {
    feature: MONITOR_TYPE_PAGES.microsoft365.label,
    account: 'Microsoft 365 tenant',
    accounts: 'Microsoft 365 tenants',
    source: 'Microsoft 365',
  },
} as const satisfies Record<CloudProvider, { feature: string; account: string; accounts: string; source: string }>

/** pending: not read yet; ok: every part read; partial: some parts failed (their data is stale); error: none read. */
export const CLOUD_ACCOUNT_STATUSES = ['pending', 'ok', 'partial', 'error'] as const
export type CloudAccountStatus = (typeof CLOUD_ACCOUNT_STATUSES)[number]

/** What became of one part of the last sync: an area (instances, costs...) in one scope (a region, a subscription). */
export const CloudPart = v.object({
  area: v.string(),
  /** A region or subscription; '' for what is global to the account. */
  scope: v.string(),
  ok: v.boolean(),
  /** Why it failed: denied, credentials, throttled, unavailable, other. */
  kind: v.nullable(v.string()),
  message: v.nullable(v.string()),
  /** What to allow or grant for it to work: an IAM action, an Azure role, a Graph permission. */
  action: v.nullable(v.string()),
  checked_at: v.string(),
  /** When it was last read well; the data shown is from then. null: never. */
  read_at: v.nullable(v.string()),
})
export type CloudPart = v.InferOutput<typeof CloudPart>

export const CloudAccountCommon = {
  id: v.string(),
  provider: v.picklist(CLOUD_PROVIDERS),
  name: v.string(),
  status: v.picklist(CLOUD_ACCOUNT_STATUSES),
  last_error: v.nullable(v.string()),
  synced_at: v.nullable(v.string()),
  next_sync_at: v.nullable(v.string()),
  created_at: v.string(),
}

/** The name an account is listed under. */
export const AccountName = Name

/**
 * The answers of the routes every provider's accounts share (`/{provider}/accounts`), for the provider's account as
 * the API shows it: the list, one account (connected, changed, read now), and a test of its credentials.
 */
export const cloudAccountAnswers = <S extends v.GenericSchema>(Account: S) => ({
  AccountList: v.object({ accounts: v.array(Account) }),
  OneAccount: v.object({ account: Account }),
  AccountTested: v.object({ ok: v.boolean(), message: v.string(), account: Account }),
})
export type CloudAccountAnswers<A> = {
  AccountList: { accounts: A[] }
  OneAccount: { account: A }
  AccountTested: { ok: boolean; message: string; account: A }
}

/** A removed account: what to tell, and how many monitors went with it. */
export const CloudAccountRemoved = v.object({ message: v.string(), monitors_removed: v.number() })
export type CloudAccountRemoved = v.InferOutput<typeof CloudAccountRemoved>

/** How the status of an account follows from its parts. */
export const accountStatus = (parts: readonly { ok: boolean }[]): CloudAccountStatus => {
  if (parts.length === 0) return 'pending'
  const failed = parts.filter((p) => !p.ok).length
  return failed === 0 ? 'ok' : failed === parts.length ? 'error' : 'partial'
}

/** Cost Explorer bills each request and updates a few times a day: costs are read this seldom per account. */
export const COST_READ_HOURS = 6

/**
 * What one sync of an account read, as the server stores it: each part's status, and for the parts that read well
 * their resources (replacing those of the same kind and scope) and the costs.
 */
export interface CloudSnapshot {
  parts: {
    area: string
    scope: string
    ok: boolean
    kind: string | null
    message: string | null
    action: string | null
  }[]
  sets: {
    kind: string
    scope: string
    resources: { resource_id: string; name: string; state: string; data: unknown }[]
  }[]
  costs: { scope: string; data: unknown }[]
}

/** A sync's outcome: what it read, or why it could read nothing (the credentials no longer work). */
export type CloudSyncOutcome = { ok: true; snapshot: CloudSnapshot } | { ok: false; message: string }
