import type { AvailabilityStatus } from '@azure/arm-resourcehealth'
import { AVAILABILITY_STATES, type AzureAvailability, type AzureResource } from '@vigil/domain/azure'
import { type ArmSettings, collect, healthClient } from './arm-clients.ts'

// Resource Health's availability of a subscription's resources, in one list (paged by the library), keyed by the
// resource id in lower case: Azure does not keep one case for ids.

const STATUS_SUFFIX = /\/providers\/microsoft\.resourcehealth\/availabilitystatuses\/current$/i

const toAvailability = (s: AvailabilityStatus): AzureAvailability => {
  const state = s.properties?.availabilityState
  return {
    state: AVAILABILITY_STATES.find((a) => a.toLowerCase() === state?.toLowerCase()) ?? 'Unknown',
    summary: s.properties?.summary ?? null,
    since: s.properties?.occuredTime?.getTime() ?? null,
  }
}

export const readAvailability = async (
  s: ArmSettings,
  subscriptionId: string,
  abortSignal?: AbortSignal,
): Promise<Map<string, AzureAvailability>> => {
  const statuses = await collect(
    healthClient(s, subscriptionId).availabilityStatuses.listBySubscriptionId({ abortSignal }),
  )
  return new Map(statuses.map((st) => [(st.id ?? '').replace(STATUS_SUFFIX, '').toLowerCase(), toAvailability(st)]))
}

/** Resources with the availability Resource Health reported for them (null for the others). */
export const withAvailability = (
  resources: readonly AzureResource[],
  availability: ReadonlyMap<string, AzureAvailability>,
): AzureResource[] => resources.map((r) => ({ ...r, availability: availability.get(r.id.toLowerCase()) ?? null }))
