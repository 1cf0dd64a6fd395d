import { AZURE_RESOURCE_KINDS, type AzureCredentialsInput } from '@vigil/domain/azure'
import { availabilityOf } from '@vigil/domain/azure-account'
import type { CloudSnapshot, CloudSyncOutcome } from '@vigil/domain/cloud-account'
import { snapshotPart } from './parts.ts'
import { type AzureSubscriptionSync, type AzureSync, type AzureSyncOptions, syncAzureAccount } from './sync.ts'

// An Azure sync as the server stores it: each (area, subscription) part's status; for each part that read well, the
// subscription's details (kind azure_subscription) or its resources with their availability (kind azure_resource),
// and its costs (scope: the subscription).

const subscriptionSnapshot = (s: AzureSubscriptionSync, into: CloudSnapshot) => {
  const scope = s.subscriptionId
  into.parts.push(
    snapshotPart('details', scope, s.details),
    snapshotPart('resources', scope, s.resources),
    snapshotPart('availability', scope, s.availability),
  )
  if (s.details.status === 'ok')
    into.sets.push({
      kind: AZURE_RESOURCE_KINDS.subscription,
      scope,
      resources: [{ resource_id: scope, name: s.details.data.name, state: s.details.data.state, data: s.details.data }],
    })
  if (s.resources.status === 'ok')
    into.sets.push({
      kind: AZURE_RESOURCE_KINDS.resource,
      scope,
      resources: s.resources.data.map((r) => ({
        // Resource ids are case-insensitive in Azure: one spelling, so a monitor finds its resource whatever Azure sends.
        resource_id: r.id.toLowerCase(),
        name: r.name,
        state: availabilityOf(r),
        data: r,
      })),
    })
  if (s.costs) {
    into.parts.push(snapshotPart('costs', scope, s.costs))
    if (s.costs.status === 'ok') into.costs.push({ scope, data: s.costs.data })
  }
}

export const azureSnapshot = (sync: Extract<AzureSync, { ok: true }>): CloudSnapshot => {
  const snapshot: CloudSnapshot = { parts: [], sets: [], costs: [] }
  for (const s of sync.subscriptions) subscriptionSnapshot(s, snapshot)
  return snapshot
}

/** One sync of an Azure account: its subscriptions (those chosen, else all it can read), costs when due. */
export const syncAzureSnapshot = async (
  credentials: AzureCredentialsInput,
  subscriptionIds: readonly string[] | undefined,
  options: Omit<AzureSyncOptions, 'subscriptionIds'> & { costs: boolean; now: number },
): Promise<CloudSyncOutcome> => {
  const sync = await syncAzureAccount(credentials, { ...options, subscriptionIds })
  // A refused sign-in fails the whole account, with Entra ID's reason.
  return sync.ok ? { ok: true, snapshot: azureSnapshot(sync) } : { ok: false, message: sync.message }
}
