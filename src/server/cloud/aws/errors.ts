import type { AwsErrorKind, AwsPartStatus } from '@vigil/domain/aws'

// Every failure of an AWS call becomes one AwsCallError with a kind a page can act on, the IAM action concerned
// and a message in plain words. Messages are ours; AWS's own text appears only for 'other', with secrets removed.

export class AwsCallError extends Error {
  override name = 'AwsCallError'
  readonly kind: AwsErrorKind
  /** The IAM action that failed or was refused, such as ec2:DescribeInstances. */
  readonly action: string | null
  /** AWS's error code (AccessDenied, RequestLimitExceeded, ...) or the network error's code. */
  readonly awsCode: string | null

  constructor(kind: AwsErrorKind, message: string, action: string | null, awsCode: string | null = null) {
    super(message)
    this.kind = kind
    this.action = action
    this.awsCode = awsCode
  }

  get status(): Extract<AwsPartStatus, { ok: false }> {
    return { ok: false, kind: this.kind, message: this.message, action: this.action }
  }
}

const UNKNOWN_KEY = new Set([
  'InvalidClientTokenId',
  'UnrecognizedClientException',
  'AuthFailure',
  'InvalidAccessKeyId',
])
const BAD_SIGNATURE = new Set(['SignatureDoesNotMatch', 'InvalidSignatureException', 'IncompleteSignature'])
const EXPIRED = new Set(['ExpiredToken', 'ExpiredTokenException', 'RequestExpired'])
const DENIED = new Set([
  'AccessDenied',
  'AccessDeniedException',
  'UnauthorizedOperation',
  'UnauthorizedException',
  'AuthorizationError',
])
// The codes the SDK's retry strategy treats as throttling (and retried until it gave up).
const THROTTLED = new Set([
  'Throttling',
  'ThrottlingException',
  'ThrottledException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'TooManyRequestsException',
  'LimitExceededException',
  'EC2ThrottledException',
  'SlowDown',
])
const UNAVAILABLE = new Set(['ServiceUnavailable', 'ServiceUnavailableException', 'InternalFailure', 'InternalError'])
const NETWORK: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  EPIPE: 'connection closed',
  TimeoutError: 'no answer in time',
  RequestTimeout: 'no answer in time',
}

interface SdkErrorShape {
  name?: string
  code?: string
  message?: string
  errors?: SdkErrorShape[]
  $metadata?: { httpStatusCode?: number; attempts?: number }
}

/** Removes the given secrets, and anything shaped like a secret key or session token, from AWS's text. */
export const redact = (text: string, secrets: readonly string[] = []): string => {
  let out = text
  for (const s of secrets) if (s) out = out.split(s).join('[redacted]')
  return out
    .replace(/\b(AKIA|ASIA)[A-Z0-9]{16}\b/g, '[redacted]')
    .replace(/(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g, '[redacted]')
    .replace(/[A-Za-z0-9/+]{80,}={0,2}/g, '[redacted]')
}

const networkCode = (e: SdkErrorShape): string | undefined => {
  for (const candidate of [e.name, e.code, ...(e.errors ?? []).map((x) => x.code)])
    if (candidate && Object.hasOwn(NETWORK, candidate)) return candidate
  return undefined
}

/** The action AWS names in an access-denied message ("... not authorized to perform: ec2:DescribeInstances"). */
const refusedAction = (message: string): string | null =>
  /perform:? ([a-z0-9-]+:[A-Za-z0-9*]+)/.exec(message)?.[1] ?? null

/** Turns whatever an SDK call threw into an AwsCallError. `secrets` are removed from any text kept. */
export const toAwsCallError = (error: unknown, action: string, secrets: readonly string[] = []): AwsCallError => {
  if (error instanceof AwsCallError) return error
  const e = (error ?? {}) as SdkErrorShape
  const code = e.name && e.name !== 'Error' ? e.name : (e.code ?? 'Error')
  const status = e.$metadata?.httpStatusCode
  const attempts = e.$metadata?.attempts ?? 1
  const awsText = redact(e.message ?? '', secrets)

  const network = networkCode(e)
  if (network)
    return new AwsCallError(
      'unavailable',
      `AWS could not be reached for ${action} (${NETWORK[network]}, ${attempts} attempt${attempts === 1 ? '' : 's'}). ` +
        `It is read again at the next sync; if this lasts, check this server's network access to AWS.`,
      action,
      network,
    )
  if (code === 'CredentialsProviderError')
    return new AwsCallError(
      'credentials',
      'This server has no AWS credentials of its own to assume the role with. Give it some (AWS_ACCESS_KEY_ID and ' +
        'AWS_SECRET_ACCESS_KEY, a profile, or an instance role), or connect the account with access keys.',
      action,
      code,
    )
  if (UNKNOWN_KEY.has(code))
    return new AwsCallError(
      'credentials',
      'AWS does not recognise the access key ID. Check that it was copied whole and that the key is still active ' +
        'in IAM (Users → Security credentials).',
      action,
      code,
    )
  if (BAD_SIGNATURE.has(code))
    return new AwsCallError(
      'credentials',
      'The secret access key does not match the access key ID. Paste the secret again, or create a new access key ' +
        '(AWS shows a secret only once).',
      action,
      code,
    )
  if (EXPIRED.has(code))
    return new AwsCallError(
      'credentials',
      'The AWS session expired before the call was made. A new one is started at the next sync; if this repeats, ' +
        "check this server's clock.",
      action,
      code,
    )
  if (DENIED.has(code)) {
    const refused = refusedAction(e.message ?? '') ?? action
    return new AwsCallError(
      'denied',
      `AWS refused ${refused}: the IAM policy of these credentials does not allow it. Add "${refused}" to the ` +
        `policy (Vigil's read-only policy lists every action it uses).`,
      refused,
      code,
    )
  }
  if (THROTTLED.has(code) || status === 429)
    return new AwsCallError(
      'throttled',
      `AWS kept throttling ${action} (${attempts} attempts). It is read again at the next sync; other tools ` +
        'calling AWS with these credentials share the same rate limit.',
      action,
      code,
    )
  if (UNAVAILABLE.has(code) || (status !== undefined && status >= 500))
    return new AwsCallError(
      'unavailable',
      `AWS answered ${action} with an error on its side (${code}, ${attempts} attempt${attempts === 1 ? '' : 's'}). ` +
        'It is read again at the next sync.',
      action,
      code,
    )
  return new AwsCallError('other', `AWS answered ${action} with ${code}${awsText ? `: ${awsText}` : '.'}`, action, code)
}
