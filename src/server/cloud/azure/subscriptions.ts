import type { Subscription } from '@azure/arm-resources-subscriptions'
import {
  type AzureSubscription,
  type AzureSubscriptionSummary,
  SPENDING_LIMITS,
  SUBSCRIPTION_STATES,
} from '@vigil/domain/azure'
import { locationsUsed, offerName } from '@vigil/domain/azure-names'
import { type ArmSettings, collect, resourcesClient, subscriptionClient } from './arm-clients.ts'

// Subscriptions: the ones the app can read (verify), and one's details with its policies, resource groups and the
// regions it uses.

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | null =>
  values.find((v) => v.toLowerCase() === value?.toLowerCase()) ?? null

const summary = (s: Subscription): AzureSubscriptionSummary => ({
  subscriptionId: s.subscriptionId ?? '',
  name: s.displayName ?? s.subscriptionId ?? '',
  state: oneOf(SUBSCRIPTION_STATES, s.state) ?? 'Disabled',
  tenantId: s.tenantId ?? '',
  quotaId: s.subscriptionPolicies?.quotaId ?? null,
  offer: offerName(s.subscriptionPolicies?.quotaId),
  spendingLimit: oneOf(SPENDING_LIMITS, s.subscriptionPolicies?.spendingLimit),
  tags: s.tags ?? {},
})

export const listSubscriptions = async (s: ArmSettings, abortSignal?: AbortSignal) =>
  (await collect(subscriptionClient(s).subscriptions.list({ abortSignal }))).map(summary)

/** The subscription, its spending limit and resource groups; `locations` adds its resources' regions. */
export const readSubscriptionDetails = async (
  s: ArmSettings,
  subscriptionId: string,
  abortSignal?: AbortSignal,
): Promise<AzureSubscription> => {
  const [subscription, groups] = await Promise.all([
    subscriptionClient(s).subscriptions.get(subscriptionId, { abortSignal }),
    collect(resourcesClient(s, subscriptionId).resourceGroups.list({ abortSignal })),
  ])
  return {
    ...summary(subscription),
    locations: locationsUsed(groups.map((g) => g.location)),
    resourceGroupCount: groups.length,
  }
}
