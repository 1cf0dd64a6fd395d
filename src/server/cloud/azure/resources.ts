import type { GenericResourceExpanded } from '@azure/arm-resources'
import type { AzureResource } from '@vigil/domain/azure'
import { azureServiceName, resourceGroupOf } from '@vigil/domain/azure-names'
import { type ArmSettings, collect, resourcesClient } from './arm-clients.ts'

// Every resource of a subscription (the library follows nextLink), named by the service people know it as.

const toResource = (r: GenericResourceExpanded): AzureResource => ({
  id: r.id ?? '',
  name: r.name ?? '',
  type: r.type ?? '',
  kind: r.kind ?? null,
  service: azureServiceName(r.type ?? '', r.kind),
  resourceGroup: resourceGroupOf(r.id ?? ''),
  location: r.location ?? '',
  sku: r.sku ? { name: r.sku.name ?? null, tier: r.sku.tier ?? null, capacity: r.sku.capacity ?? null } : null,
  tags: r.tags ?? {},
  availability: null,
})

export const readResources = async (
  s: ArmSettings,
  subscriptionId: string,
  abortSignal?: AbortSignal,
): Promise<AzureResource[]> =>
  (await collect(resourcesClient(s, subscriptionId).resources.list({ abortSignal }))).map(toResource)
