import type { AwsCredentialsInput } from '@vigil/domain/aws-credentials'
import type { AzureCredentialsInput } from '@vigil/domain/azure'
import type { CloudProvider, CloudSyncOutcome } from '@vigil/domain/cloud-account'
import type { M365CredentialsInput } from '@vigil/domain/m365'
import type { AwsSessionOptions } from './aws/session.ts'
import type { verifyAwsAccount } from './aws/verify.ts'
import type { AzureClientOptions, verifyAzureAccount } from './azure/verify.ts'
import type { M365Options, verifyM365Tenant } from './m365/tenant.ts'

// The cloud providers as the server uses them: each one's sync (the engine stores what it reads the same way
// whoever the provider is), and what connecting an account asks of it. Their clients' settings (endpoints, retries)
// are set here once. Each provider's SDK is loaded when it is first used: together they are 25 MB of the heap,
// which a server without cloud accounts never needs (and a larger heap lets V8 grow it further before collecting).

export interface CloudSyncRequest {
  credentials: unknown
  scope: Record<string, unknown>
  /** Whether the (billed) cost APIs are read this time. */
  costs: boolean
  now: number
}

export type CloudSyncer = (request: CloudSyncRequest) => Promise<CloudSyncOutcome>

export interface CloudProviders {
  sync: Partial<Record<CloudProvider, CloudSyncer>>
  aws: {
    verify: (credentials: AwsCredentialsInput) => ReturnType<typeof verifyAwsAccount>
    enabledRegions: (credentials: AwsCredentialsInput) => Promise<string[]>
  }
  azure: {
    verify: (credentials: AzureCredentialsInput) => ReturnType<typeof verifyAzureAccount>
  }
  m365: {
    verify: (credentials: M365CredentialsInput) => ReturnType<typeof verifyM365Tenant>
  }
}

export interface CloudProviderOptions {
  /** The AWS SDK's settings beyond its own (AWS_ENDPOINT_URL...): retries, timeouts, calls in flight. */
  aws?: AwsSessionOptions
  /**
   * The Azure clients' settings beyond the environment's (AZURE_AUTHORITY_HOST, AZURE_RESOURCE_MANAGER_URL,
   * MS_GRAPH_URL): endpoints and retries.
   */
  azure?: AzureClientOptions
  /** The Microsoft 365 (Graph) client's settings: authority host, Graph's address, retries. */
  m365?: M365Options
}

export const createCloudProviders = (options: CloudProviderOptions = {}): CloudProviders => ({
  sync: {
    aws: async ({ credentials, scope, costs, now }) =>
      (await import('./aws/snapshot.ts')).syncAwsSnapshot(
        credentials as AwsCredentialsInput,
        (scope.regions as string[]) ?? [],
        { ...options.aws, costs, now },
      ),
    azure: async ({ credentials, scope, costs, now }) =>
      (await import('./azure/snapshot.ts')).syncAzureSnapshot(
        credentials as AzureCredentialsInput,
        scope.subscription_ids as string[] | undefined,
        { ...options.azure, costs, now },
      ),
    m365: async ({ credentials, now }) =>
      (await import('./m365/snapshot.ts')).syncM365Snapshot(credentials as M365CredentialsInput, {
        ...options.m365,
        now,
      }),
  },
  aws: {
    verify: async (credentials) => (await import('./aws/verify.ts')).verifyAwsAccount(credentials, options.aws),
    enabledRegions: async (credentials) =>
      (await import('./aws/regions.ts')).listEnabledRegions(credentials, options.aws),
  },
  azure: {
    verify: async (credentials) => (await import('./azure/verify.ts')).verifyAzureAccount(credentials, options.azure),
  },
  m365: {
    verify: async (credentials) => (await import('./m365/tenant.ts')).verifyM365Tenant(credentials, options.m365),
  },
})
