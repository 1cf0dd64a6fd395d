import * as v from 'valibot'
import {
  type AvailabilityState,
  AzureCost,
  AzureResource,
  AzureSubscription,
  appAccountInput,
  appAccountPatch,
  SubscriptionId,
} from './azure.ts'
import { AccountName, CloudAccountCommon, CloudPart } from './cloud-account.ts'

// A connected Azure account (an app registration with Reader on its subscriptions) as the API takes and answers it,
// and the answers of its pages.

export const SubscriptionIds = v.pipe(
  v.array(SubscriptionId, 'Subscriptions must be a list of subscription ids.'),
  v.nonEmpty('Choose at least one subscription, or leave the choice out to watch all the app can read.'),
  v.maxLength(50, 'At most 50 subscriptions per account: connect another account for more.'),
)

const subscriptions = { subscription_ids: v.optional(SubscriptionIds) }

/** Connect an account: its name, the subscriptions to read (default: all the app can read) and its sign-in. */
export const AzureAccountInput = appAccountInput({ name: AccountName, ...subscriptions })
export type AzureAccountInput = v.InferOutput<typeof AzureAccountInput>

/** A change: another name or subscriptions, or a new sign-in (checked with Azure before it is kept). */
export const AzureAccountPatch = appAccountPatch(
  AccountName,
  subscriptions,
  'This field cannot be changed: remove the account and connect it again.',
)
export type AzureAccountPatch = v.InferOutput<typeof AzureAccountPatch>

/** How many resources there are, and how many Resource Health calls unavailable or degraded. */
export const AvailabilityCounts = v.object({
  total: v.number(),
  unavailable: v.number(),
  degraded: v.number(),
})
export type AvailabilityCounts = v.InferOutput<typeof AvailabilityCounts>

export const AzureAccount = v.object({
  ...CloudAccountCommon,
  provider: v.literal('azure'),
  auth: v.picklist(['secret', 'certificate']),
  tenant_id: v.string(),
  client_id: v.string(),
  /** The subscriptions read: those chosen, or all the app could read when it was connected. */
  subscriptions: v.array(v.object({ id: v.string(), name: v.string(), state: v.string() })),
  costs_read_at: v.nullable(v.string()),
  /** This month's cost so far over the subscriptions, when they share one currency. */
  cost_this_month: v.nullable(v.object({ amount: v.number(), currency: v.string() })),
  resources: AvailabilityCounts,
  failed_parts: v.number(),
})
export type AzureAccount = v.InferOutput<typeof AzureAccount>

/** One service (App Service, Virtual Machines...) of an account, with its resources counted by availability. */
export const AzureServiceUse = v.object({
  service: v.string(),
  ...AvailabilityCounts.entries,
  available: v.number(),
  unknown: v.number(),
})
export type AzureServiceUse = v.InferOutput<typeof AzureServiceUse>

/** A resource as the service page lists it: with the subscription it is in. */
export const AzureResourceRow = v.object({ ...AzureResource.entries, subscriptionId: v.string() })
export type AzureResourceRow = v.InferOutput<typeof AzureResourceRow>

const page = <E extends v.ObjectEntries>(entries: E) =>
  v.object({ account: AzureAccount, parts: v.array(CloudPart), ...entries })

export const AzureServicesPage = page({ services: v.array(AzureServiceUse) })
export type AzureServicesPage = v.InferOutput<typeof AzureServicesPage>

export const AzureServicePage = page({ service: v.string(), resources: v.array(AzureResourceRow) })
export type AzureServicePage = v.InferOutput<typeof AzureServicePage>

export const AzureBillingPage = page({
  subscriptions: v.array(
    v.object({ id: v.string(), name: v.string(), costs: v.nullable(AzureCost), read_at: v.nullable(v.string()) }),
  ),
  next_read_at: v.nullable(v.string()),
  read_every_hours: v.number(),
})
export type AzureBillingPage = v.InferOutput<typeof AzureBillingPage>

export const AzureSubscriptionsPage = page({ subscriptions: v.array(AzureSubscription) })
export type AzureSubscriptionsPage = v.InferOutput<typeof AzureSubscriptionsPage>

/** The availability a resource counts under: Unknown when Resource Health does not report on it. */
export const availabilityOf = (r: { availability: { state: AvailabilityState } | null }): AvailabilityState =>
  r.availability?.state ?? 'Unknown'

/** Resources counted by availability. */
export const countAvailability = (states: readonly { state: string; n: number }[]) => {
  const of = (state: AvailabilityState) => states.filter((s) => s.state === state).reduce((sum, s) => sum + s.n, 0)
  return {
    total: states.reduce((sum, s) => sum + s.n, 0),
    available: of('Available'),
    degraded: of('Degraded'),
    unavailable: of('Unavailable'),
    unknown: of('Unknown'),
  }
}

/** The services of an account, from its resources' (service, availability) counts: the most troubled first. */
export const azureServiceUse = (counts: readonly { service: string; state: string; n: number }[]): AzureServiceUse[] =>
  [...new Set(counts.map((c) => c.service))]
    .map((service) => ({ service, ...countAvailability(counts.filter((c) => c.service === service)) }))
    .sort(
      (a, b) =>
        b.unavailable - a.unavailable ||
        b.degraded - a.degraded ||
        b.total - a.total ||
        a.service.localeCompare(b.service),
    )
