import { ConfiguredRetryStrategy } from '@smithy/core/retry'
import { type AwsRoleInput, roleArnPartition } from '@vigil/domain/aws-credentials'

// Settings every AWS call of a connection shares. The endpoint is normally AWS's own; AWS_ENDPOINT_URL and
// AWS_ENDPOINT_URL_<SERVICE> (read by the SDK itself) or `endpoint` point the clients elsewhere.

export interface AwsOptions {
  /** One URL for every service (a test server or a proxy); when absent the SDK reads AWS_ENDPOINT_URL(_<SERVICE>). */
  endpoint?: string
  /** Attempts per call, the first included, before a throttled or failing call gives up. Default 4. */
  maxAttempts?: number
  /** The first retry waits about this long, each next one twice as long (with jitter). Default 250 ms. */
  retryBaseMs?: number
  /** Longest wait for one answer. Default 20 s. */
  timeoutMs?: number
  /** Where assumed-role credentials are kept between syncs; the process-wide cache by default. */
  roleSessions?: RoleCredentialCache
  /** RoleSessionName of AssumeRole: shows in the customer's CloudTrail. Default "vigil". */
  roleSessionName?: string
}

/** A cache of assumed-role credentials (role-sessions.ts); named here by what it does, so options need not import it. */
export interface RoleCredentialCache {
  credentials(role: AwsRoleInput, options: AwsOptions): Promise<AwsIdentity>
  forget(role: AwsRoleInput, options: AwsOptions): void
}

export const DEFAULT_MAX_ATTEMPTS = 4
export const DEFAULT_RETRY_BASE_MS = 250
export const DEFAULT_TIMEOUT_MS = 20_000
const MAX_RETRY_DELAY_MS = 20_000

/**
 * The SDK's own retry strategy (it knows which answers are throttling or transient) with our attempts and base
 * delay: attempt n waits base * 2^(n-1), between half and all of it.
 */
export const retryStrategy = (options: AwsOptions) => {
  const base = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS
  return new ConfiguredRetryStrategy(options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, (attempt) =>
    Math.min(MAX_RETRY_DELAY_MS, base * 2 ** (attempt - 1) * (0.5 + Math.random() / 2)),
  )
}

export interface AwsIdentity {
  accessKeyId: string
  secretAccessKey: string
  sessionToken?: string
  expiration?: Date
}

/** The configuration every SDK client of a connection is built with. */
export const clientConfig = (
  region: string,
  credentials: AwsIdentity | (() => Promise<AwsIdentity>) | undefined,
  options: AwsOptions,
) => {
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  return {
    region,
    credentials,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    retryStrategy: retryStrategy(options),
    // Without throwOnRequestTimeout the SDK only warns, and a call to a silent endpoint waits for ever.
    requestHandler: {
      connectionTimeout: Math.min(timeout, 5_000),
      requestTimeout: timeout,
      throwOnRequestTimeout: true,
    },
  }
}

/** STS of a role's partition (a role in aws-cn or aws-us-gov is assumed there); us-east-1 for keys. */
export const stsRegion = (roleArn?: string): string =>
  ({ 'aws-cn': 'cn-north-1', 'aws-us-gov': 'us-gov-west-1' })[roleArn ? roleArnPartition(roleArn) : 'aws'] ??
  'us-east-1'
