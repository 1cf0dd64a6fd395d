import type { AzureCost, AzureResource } from '@vigil/domain/azure'
import { AZURE_RESOURCE_KINDS } from '@vigil/domain/azure'
import type { CheckOutcome } from '@vigil/domain/check-result'
import { type AzureMonitorFacts, type AzureRule, subscriptionOfResource } from '@vigil/domain/monitor-types/azure'
import { judgeBudget } from '@vigil/domain/monitor-types/budget'
import { cloudGate, cloudFail as fail, cloudPass as pass } from './cloud-gate.ts'
import type { CheckContext } from './context.ts'

// Azure monitors: a resource held to Resource Health's availability, or a subscription's cost held to a budget,
// judged on what the account's last sync read (the same facts its pages show). A part the sync could not read fails
// the check with Azure's reason and the role to grant.

type AzureTarget = { type: 'azure'; account_id: string; rule: AzureRule }

const grant = (role: string) => `Give the app the ${role} role on the subscription.`

export const checkAzure = async (monitor: AzureTarget, ctx: CheckContext): Promise<CheckOutcome> => {
  const { account_id: accountId, rule } = monitor
  if (rule.kind === 'cost') {
    const gate = await cloudGate(ctx.cloud, 'azure', accountId, [{ area: 'costs', scope: rule.subscription_id }], grant)
    if (!gate.ok) return gate.outcome
    return judgeCost(await gate.cloud.costs<AzureCost>(accountId, rule.subscription_id), rule)
  }
  const scope = subscriptionOfResource(rule.resource_id)
  const gate = await cloudGate(
    ctx.cloud,
    'azure',
    accountId,
    [
      { area: 'resources', scope },
      { area: 'availability', scope },
    ],
    grant,
  )
  if (!gate.ok) return gate.outcome
  const found = await gate.cloud.resource<AzureResource>(
    accountId,
    AZURE_RESOURCE_KINDS.resource,
    scope,
    rule.resource_id,
  )
  if (!found)
    return fail(
      `The resource ${rule.resource_id.split('/').pop()} was not found in the subscription (deleted, moved, or not read by this account).`,
    )
  return judgeAvailability(found.data, rule)
}

const judgeAvailability = (
  resource: AzureResource,
  rule: Extract<AzureRule, { kind: 'availability' }>,
): CheckOutcome => {
  const facts: AzureMonitorFacts = { kind: 'availability', resource }
  const name = `${resource.name} (${resource.service})`
  const availability = resource.availability
  const summary = availability?.summary ? `: ${availability.summary.replace(/\.+$/, '')}` : ''
  switch (availability?.state ?? 'Unknown') {
    case 'Available':
      return pass(`${name} is available.`, facts)
    case 'Unavailable':
      return fail(`${name} is unavailable${summary}.`, facts)
    case 'Degraded':
      return rule.degraded_is_down
        ? fail(`${name} is degraded${summary}.`, facts)
        : pass(`${name} is degraded${summary} (not counted as down).`, facts)
    default:
      // Resource Health does not report on every type, and says Unknown when it has not heard from one lately:
      // neither is an outage we can stand behind.
      return pass(
        availability
          ? `Resource Health does not know the availability of ${name} now${summary}.`
          : `${name} exists; Resource Health does not report on this type of resource.`,
        facts,
      )
  }
}

const judgeCost = (found: { data: AzureCost } | null, rule: Extract<AzureRule, { kind: 'cost' }>): CheckOutcome => {
  if (!found) return fail('The costs of this subscription have not been read yet.')
  const costs = found.data
  const facts: AzureMonitorFacts = { kind: 'cost', subscription: rule.subscription_id, costs }
  const { ok, message } = judgeBudget(rule, {
    spent: costs.monthToDate.total,
    forecast: costs.forecast?.monthTotal ?? null,
    currency: costs.currency,
    period: 'this month',
    source: 'Azure',
  })
  return ok ? pass(message, facts) : fail(message, facts)
}
