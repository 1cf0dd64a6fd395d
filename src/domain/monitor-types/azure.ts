import * as v from 'valibot'
import { AzureCost, AzureResource, SubscriptionId } from '../azure.ts'
import { BudgetEntries } from './budget.ts'
import { defineMonitorType } from './define.ts'
import { MONITOR_TYPE_PAGES } from './pages.ts'
import { AVAILABILITY } from './words.ts'

// Azure Monitoring: a resource of a connected account held to Resource Health's availability (down while it is
// unavailable, and while degraded unless told otherwise), or a subscription's cost (so far, or forecast) within a
// budget. Judged on what the account's sync read, as the pages show it.

/** An Azure Resource Manager resource id: /subscriptions/{id}/resourceGroups/{group}/providers/{type}/{name}. */
const RESOURCE_ID = /^\/subscriptions\/([0-9a-f-]{36})\/resourcegroups\/[^/]+\/providers\/[^/]+\/.+[^/]$/i

export const AzureResourceId = v.pipe(
  v.string('Resource ID is required.'),
  v.trim(),
  v.nonEmpty('Resource ID is required.'),
  v.regex(
    RESOURCE_ID,
    'A resource ID looks like /subscriptions/{subscription}/resourceGroups/{group}/providers/Microsoft.Web/sites/{name}: see the resource\'s Properties page, or use "Monitor this" on its service page.',
  ),
  v.maxLength(1000, 'A resource ID is at most 1000 characters.'),
  // Resource ids are case-insensitive in Azure, and stored in lower case.
  v.toLowerCase(),
)

/** The subscription a resource id names. */
export const subscriptionOfResource = (resourceId: string): string =>
  (RESOURCE_ID.exec(resourceId)?.[1] ?? '').toLowerCase()

export const AZURE_RULE_KINDS = ['availability', 'cost'] as const

export const AzureRule = v.variant(
  'kind',
  [
    v.object({
      kind: v.literal('availability'),
      resource_id: AzureResourceId,
      /** Whether Degraded counts as down (Unavailable always does). */
      degraded_is_down: v.optional(v.boolean('Degraded is down must be true or false.'), true),
    }),
    v.object({
      kind: v.literal('cost'),
      subscription_id: SubscriptionId,
      ...BudgetEntries,
    }),
  ],
  `Kind must be one of ${AZURE_RULE_KINDS.join(', ')}.`,
)
export type AzureRule = v.InferOutput<typeof AzureRule>

/** What the check saw: the resource as Resource Health described it, or the subscription's costs. */
export const AzureMonitorFacts = v.variant('kind', [
  v.object({ kind: v.literal('availability'), resource: AzureResource }),
  v.object({ kind: v.literal('cost'), subscription: v.string(), costs: AzureCost }),
])
export type AzureMonitorFacts = v.InferOutput<typeof AzureMonitorFacts>

/** The last part of a resource id: its name. */
const nameOf = (resourceId: string) => resourceId.split('/').pop() ?? resourceId

const settings = {
  /** The connected account (our id of it) the resource or subscription belongs to. */
  account_id: v.pipe(v.string('Account is required.'), v.trim(), v.nonEmpty('Choose the Azure account.')),
  rule: AzureRule,
}

export const azure = defineMonitorType({
  type: 'azure',
  ...MONITOR_TYPE_PAGES.azure,
  settings,
  shown: settings,
  // The account's sync reads it; more often than a minute would only read the same facts again.
  interval: { default: 300, min: 60, why: 'Azure accounts are read at most every minute' },
  target: ({ rule }) =>
    rule.kind === 'availability'
      ? `Availability of ${nameOf(rule.resource_id)}`
      : `Cost budget ${rule.amount} of ${rule.subscription_id} (${rule.basis === 'forecast' ? 'forecast' : 'month to date'})`,
  // Azure's endpoints are not the user's targets: nothing to judge by the target policy.
  connectHosts: () => [],
  facts: AzureMonitorFacts,
  cloudAccount: { provider: 'azure', id: (s) => s.account_id },
  incidentWords: AVAILABILITY,
  observes: null,
})
