import * as v from 'valibot'
import { appAccountInput, appAccountPatch } from './azure.ts'
import { AccountName, CloudAccountCommon, CloudPart } from './cloud-account.ts'
import { isOperational, M365Issue, M365ServiceHealth, serviceHealthStatus } from './m365.ts'

// A connected Microsoft 365 tenant (an app registration with ServiceHealth.Read.All) as the API takes and answers
// it, and the answer of its page: every service's health and the issues Microsoft posts.

/** Connect a tenant: its name and the app's sign-in (a client secret or a certificate). */
export const M365TenantInput = appAccountInput({ name: AccountName })
export type M365TenantInput = v.InferOutput<typeof M365TenantInput>

/** A change: another name, or a new sign-in (checked with Graph before it is kept). */
export const M365TenantPatch = appAccountPatch(
  AccountName,
  {},
  'This field cannot be changed: remove the tenant and connect it again.',
)
export type M365TenantPatch = v.InferOutput<typeof M365TenantPatch>

/** The tenant's health at a glance: how many services, how many not operational, and the open issues. */
export const M365HealthSummary = v.object({
  services: v.number(),
  not_operational: v.number(),
  open_incidents: v.number(),
  open_advisories: v.number(),
})
export type M365HealthSummary = v.InferOutput<typeof M365HealthSummary>

export const M365Tenant = v.object({
  ...CloudAccountCommon,
  provider: v.literal('m365'),
  auth: v.picklist(['secret', 'certificate']),
  tenant_id: v.string(),
  client_id: v.string(),
  health: M365HealthSummary,
  failed_parts: v.number(),
})
export type M365Tenant = v.InferOutput<typeof M365Tenant>

export const M365TenantPage = v.object({
  account: M365Tenant,
  parts: v.array(CloudPart),
  /** Not operational first, then by name. */
  services: v.array(M365ServiceHealth),
  /** Open first, then the newest. */
  issues: v.array(M365Issue),
})
export type M365TenantPage = v.InferOutput<typeof M365TenantPage>

/** How an issue is stored and counted: its classification while it is open, `resolved` after. */
export const issueState = (issue: Pick<M365Issue, 'resolved' | 'classification'>) =>
  issue.resolved ? 'resolved' : issue.classification

type Count = { state: string; n: number }
const sum = (counts: readonly Count[]) => counts.reduce((total, c) => total + c.n, 0)

/** Counted from the services' statuses and the issues' states. */
export const healthSummary = (services: readonly Count[], issues: readonly Count[]): M365HealthSummary => ({
  services: sum(services),
  not_operational: sum(services.filter((s) => !isOperational(serviceHealthStatus(s.state)))),
  open_incidents: sum(issues.filter((i) => i.state === 'incident')),
  open_advisories: sum(issues.filter((i) => i.state === 'advisory')),
})
