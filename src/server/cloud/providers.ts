import type { AwsCredentialsInput } from '../../domain/aws-credentials.ts'
import type { CloudProvider, CloudSyncOutcome } from '../../domain/cloud-account.ts'
import { listEnabledRegions } from './aws/regions.ts'
import type { AwsSessionOptions } from './aws/session.ts'
import { syncAwsSnapshot } from './aws/snapshot.ts'
import { verifyAwsAccount } from './aws/verify.ts'

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
}

export interface CloudProviderOptions {
  /** The AWS SDK's settings beyond its own (AWS_ENDPOINT_URL...): retries, timeouts, calls in flight. */
  aws?: AwsSessionOptions
}

export const createCloudProviders = (options: CloudProviderOptions = {}): CloudProviders => ({
  sync: {
    aws: ({ credentials, scope, costs, now }) =>
      syncAwsSnapshot(credentials as AwsCredentialsInput, (scope.regions as string[]) ?? [], {
        ...options.aws,
        costs,
        now,
      }),
  },
  aws: {
    verify: (credentials) => verifyAwsAccount(credentials, options.aws),
    enabledRegions: (credentials) => listEnabledRegions(credentials, options.aws),
  },
})
