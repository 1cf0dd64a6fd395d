import type { AzureCost, AzureCredentialsInput, AzureResource, AzureSubscription } from '@vigil/domain/azure'
import { locationsUsed } from '@vigil/domain/azure-names'
import type { ArmSettings } from './arm-clients.ts'
import { explainArmError } from './arm-errors.ts'
import { readAvailability, withAvailability } from './availability.ts'
import { readCosts } from './costs.ts'
import { whenSignedIn } from './credential.ts'
import { type Part, part } from './parts.ts'
import { readResources } from './resources.ts'
import { listSubscriptions, readSubscriptionDetails } from './subscriptions.ts'
import { type AzureClientOptions, type AzureProblem, connectAzure } from './verify.ts'

// One sync of an Azure account: per subscription its details, resources with their availability, and costs, each
// part with its own status. Subscriptions are read one after another, their parts side by side.

export interface AzureSyncOptions extends AzureClientOptions {
  /** The subscriptions to read; all the app can read when left out. */
  subscriptionIds?: readonly string[]
  now?: number
  /** How long one part may take, retries after Retry-After included. */
  partTimeoutMs?: number
  /** Whether costs are read this time (default true): the caller reads them at most every few hours. */
  costs?: boolean
}

export interface AzureSubscriptionSync {
  subscriptionId: string
  details: Part<AzureSubscription>
  /** With availability when Resource Health could be read. */
  resources: Part<AzureResource[]>
  /** How many resources Resource Health reported on. */
  availability: Part<{ reported: number }>
  /** Left out when costs were not due. */
  costs: Part<AzureCost> | null
}

export type AzureSync =
  | { ok: true; readAt: number; subscriptions: AzureSubscriptionSync[] }
  | { ok: false; problem: AzureProblem; message: string }

const syncSubscription = async (
  s: ArmSettings,
  subscriptionId: string,
  now: number,
  timeoutMs: number,
  withCosts: boolean,
): Promise<AzureSubscriptionSync> => {
  const read = <T>(what: string, role: string, fn: (signal: AbortSignal) => Promise<T>) =>
    part(
      () => fn(AbortSignal.timeout(timeoutMs)),
      (error) => explainArmError(error, { what, role, subscriptionId, armUrl: s.armUrl }),
    )
  const [details, resources, availability, costs] = await Promise.all([
    read('details', 'Reader', (signal) => readSubscriptionDetails(s, subscriptionId, signal)),
    read('resources', 'Reader', (signal) => readResources(s, subscriptionId, signal)),
    read('resource availability', 'Reader', (signal) => readAvailability(s, subscriptionId, signal)),
    withCosts ? read('costs', 'Cost Management Reader', (signal) => readCosts(s, subscriptionId, now, signal)) : null,
  ])
  const found = resources.status === 'ok' ? resources.data : []
  return {
    subscriptionId,
    details:
      details.status === 'ok'
        ? {
            status: 'ok',
            data: {
              ...details.data,
              locations: locationsUsed([...details.data.locations, ...found.map((r) => r.location)]),
            },
          }
        : details,
    resources:
      resources.status === 'ok' && availability.status === 'ok'
        ? { status: 'ok', data: withAvailability(resources.data, availability.data) }
        : resources,
    availability:
      availability.status === 'ok' ? { status: 'ok', data: { reported: availability.data.size } } : availability,
    costs,
  }
}

export const syncAzureAccount = (input: AzureCredentialsInput, opts: AzureSyncOptions = {}): Promise<AzureSync> =>
  whenSignedIn(connectAzure(input, opts), async (s): Promise<AzureSync> => {
    const now = opts.now ?? Date.now()
    const timeoutMs = opts.partTimeoutMs ?? 120_000
    let ids = opts.subscriptionIds
    if (!ids) {
      try {
        ids = (await listSubscriptions(s, AbortSignal.timeout(timeoutMs))).map((sub) => sub.subscriptionId)
      } catch (error) {
        const failure = explainArmError(error, { what: 'subscriptions', role: 'Reader', armUrl: s.armUrl })
        return { ok: false, problem: 'arm_failed', message: failure.message }
      }
    }
    const subscriptions: AzureSubscriptionSync[] = []
    for (const id of ids) subscriptions.push(await syncSubscription(s, id, now, timeoutMs, opts.costs ?? true))
    return { ok: true, readAt: now, subscriptions }
  })
