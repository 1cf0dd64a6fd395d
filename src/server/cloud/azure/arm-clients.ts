import { CostManagementClient } from '@azure/arm-costmanagement'
import { MicrosoftResourceHealth } from '@azure/arm-resourcehealth'
import { ResourceManagementClient } from '@azure/arm-resources'
import { SubscriptionClient } from '@azure/arm-resources-subscriptions'
import type { TokenCredential } from '@azure/identity'
import type { RetryOptions } from './credential.ts'
import { scopeFor } from './endpoints.ts'

// The Resource Manager clients of one sync, all on the configured endpoint: requests go there, and tokens are asked
// for its audience. Their pipeline retries 429 and 503 after the Retry-After Azure sends, and other transient
// failures with backoff; `retry` shortens the backoff (tests).

export interface ArmSettings {
  credential: TokenCredential
  armUrl: string
  retry?: RetryOptions
}

const clientOptions = ({ armUrl, retry }: ArmSettings) => ({
  endpoint: armUrl,
  $host: armUrl,
  // The classic clients (Resource Health, Cost Management) read credentialScopes, the generated ones (resources,
  // subscriptions) credentials.scopes: without it they ask for the public cloud's audience, whatever the endpoint.
  credentialScopes: scopeFor(armUrl),
  credentials: { scopes: [scopeFor(armUrl)] },
  retryOptions: { maxRetries: 3, ...retry },
  userAgentOptions: { userAgentPrefix: 'vigil-monitoring' },
})

export const subscriptionClient = (s: ArmSettings) => new SubscriptionClient(s.credential, clientOptions(s))

export const resourcesClient = (s: ArmSettings, subscriptionId: string) =>
  new ResourceManagementClient(s.credential, subscriptionId, clientOptions(s))

export const healthClient = (s: ArmSettings, subscriptionId: string) =>
  new MicrosoftResourceHealth(s.credential, subscriptionId, clientOptions(s))

export const costClient = (s: ArmSettings) => new CostManagementClient(s.credential, clientOptions(s))

/** Every item of a library pager (it follows nextLink itself). */
export const collect = async <T>(pages: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = []
  for await (const item of pages) items.push(item)
  return items
}
