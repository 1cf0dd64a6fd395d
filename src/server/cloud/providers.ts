import type { AwsCredentialsInput } from '../../domain/aws-credentials.ts'
import type { AzureCredentialsInput } from '../../domain/azure.ts'
import type { CloudProvider, CloudSyncOutcome } from '../../domain/cloud-account.ts'
import type { M365CredentialsInput } from '../../domain/m365.ts'
import { listEnabledRegions } from './aws/regions.ts'
import type { AwsSessionOptions } from './aws/session.ts'
import { syncAwsSnapshot } from './aws/snapshot.ts'
import { verifyAwsAccount } from './aws/verify.ts'
import { syncAzureSnapshot } from './azure/snapshot.ts'
import { type AzureClientOptions, verifyAzureAccount } from './azure/verify.ts'
import { syncM365Snapshot } from './m365/snapshot.ts'
import { type M365Options, verifyM365Tenant } from './m365/tenant.ts'

// The cloud providers as the server uses them: each one's sync (the engine stores what it reads the same way
// whoever the provider is), and what connecting an account asks of it. Their clients' settings (endpoints, retries)
// are set here once.

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
    aws: ({ credentials, scope, costs, now }) =>
      syncAwsSnapshot(credentials as AwsCredentialsInput, (scope.regions as string[]) ?? [], {
        ...options.aws,
        costs,
        now,
      }),
    azure: ({ credentials, scope, costs, now }) =>
      syncAzureSnapshot(credentials as AzureCredentialsInput, scope.subscription_ids as string[] | undefined, {
        ...options.azure,
        costs,
        now,
      }),
    m365: ({ credentials, now }) => syncM365Snapshot(credentials as M365CredentialsInput, { ...options.m365, now }),
  },
  aws: {
    verify: (credentials) => verifyAwsAccount(credentials, options.aws),
    enabledRegions: (credentials) => listEnabledRegions(credentials, options.aws),
  },
  azure: {
    verify: (credentials) => verifyAzureAccount(credentials, options.azure),
  },
  m365: {
    verify: (credentials) => verifyM365Tenant(credentials, options.m365),
  },
})
