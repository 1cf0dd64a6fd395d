import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts'
import type { AwsRoleInput } from '@vigil/domain/aws-credentials'
import { AWS_ASSUME_ROLE_ACTION } from '@vigil/domain/aws-policy'
import { AwsCallError, toAwsCallError } from './errors.ts'
import { type AwsIdentity, type AwsOptions, clientConfig, stsRegion } from './options.ts'

// Assumed-role credentials, kept until shortly before they expire: a sync every few minutes then costs one
// AssumeRole an hour, not one per sync. The server's own credentials (to call AssumeRole with) come from the
// SDK's default provider chain: environment, profile, container or instance role.

/** Credentials are renewed this long before they expire, so none expires during a sync. */
const RENEW_BEFORE_MS = 5 * 60_000

interface Entry {
  identity: Promise<AwsIdentity>
  expiresAt: number
}

const cacheKey = (role: AwsRoleInput, options: AwsOptions) =>
  [options.endpoint ?? '', role.role_arn, role.external_id].join('\n')

export class AwsRoleSessions {
  readonly #entries = new Map<string, Entry>()

  readonly #now: () => number

  constructor(now: () => number = Date.now) {
    this.#now = now
  }

  /** Credentials of the role: cached ones while they have more than five minutes left, else new ones. */
  credentials(role: AwsRoleInput, options: AwsOptions): Promise<AwsIdentity> {
    const key = cacheKey(role, options)
    const cached = this.#entries.get(key)
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > this.#now()) return cached.identity
    const entry: Entry = { identity: assumeRole(role, options), expiresAt: Number.POSITIVE_INFINITY }
    this.#entries.set(key, entry)
    entry.identity.then(
      (identity) => {
        entry.expiresAt = identity.expiration?.getTime() ?? this.#now()
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key)
      },
    )
    return entry.identity
  }

  /** Drops the role's credentials, as when AWS stopped taking them (a revoked session): the next use assumes anew. */
  forget(role: AwsRoleInput, options: AwsOptions) {
    this.#entries.delete(cacheKey(role, options))
  }

  clear() {
    this.#entries.clear()
  }
}

/** The process's cache, used when a call is given none. */
export const roleSessions = new AwsRoleSessions()

const assumeRole = async (role: AwsRoleInput, options: AwsOptions): Promise<AwsIdentity> => {
  // No credentials given: the client takes the server's own from the default provider chain.
  const sts = new STSClient(clientConfig(stsRegion(role.role_arn), undefined, options))
  try {
    const out = await sts.send(
      new AssumeRoleCommand({
        RoleArn: role.role_arn,
        ExternalId: role.external_id,
        RoleSessionName: options.roleSessionName ?? 'vigil',
      }),
    )
    const c = out.Credentials
    if (!c?.AccessKeyId || !c.SecretAccessKey)
      throw new AwsCallError('other', 'AWS answered AssumeRole without credentials.', AWS_ASSUME_ROLE_ACTION)
    return {
      accessKeyId: c.AccessKeyId,
      secretAccessKey: c.SecretAccessKey,
      sessionToken: c.SessionToken,
      expiration: c.Expiration,
    }
  } catch (error) {
    throw assumeRoleError(toAwsCallError(error, AWS_ASSUME_ROLE_ACTION), role)
  } finally {
    sts.destroy()
  }
}

/** The same failure, in words about the role: the customer's trust policy, or this server's own credentials. */
const assumeRoleError = (e: AwsCallError, role: AwsRoleInput): AwsCallError => {
  if (e.kind === 'denied')
    return new AwsCallError(
      'credentials',
      `Vigil could not assume the role ${role.role_arn}. Check that the role exists, that its trust policy allows ` +
        "Vigil's AWS account, and that its sts:ExternalId condition is exactly the external ID shown.",
      AWS_ASSUME_ROLE_ACTION,
      e.awsCode,
    )
  if (e.kind === 'credentials' && e.awsCode !== 'CredentialsProviderError')
    return new AwsCallError(
      'credentials',
      `AWS refused this server's own credentials, which it assumes roles with: ${e.message}`,
      AWS_ASSUME_ROLE_ACTION,
      e.awsCode,
    )
  return e
}
