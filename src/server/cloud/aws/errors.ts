import type { AwsErrorKind, AwsPartStatus } from '@vigil/domain/aws'
import { AWS_ASSUME_ROLE_ACTION } from '@vigil/domain/aws-policy'
import { networkCodeOf, networkWords } from '../network-errors.ts'

// Every failure of an AWS call becomes one AwsCallError with a kind a page can act on, the IAM action concerned
// and a message in plain words. Messages are ours; AWS's own text appears only for 'other', with secrets removed.

export class AwsCallError extends Error {
  override name = 'AwsCallError'
  readonly kind: AwsErrorKind
  /** The IAM action that failed or was refused, such as ec2:DescribeInstances. */
  readonly action: string | null
  /** AWS's error code (AccessDenied, RequestLimitExceeded, ...) or the network error's code. */
  readonly awsCode: string | null
  /**
   * What went wrong, without advice, when AWS gave no answer to keep or kept failing: "connection refused (3
   * attempts)". The message adds what happens next (the next sync); connecting an account says it its own way.
   */
  readonly reason: string | null

  constructor(
    kind: AwsErrorKind,
    message: string,
    action: string | null,
    awsCode: string | null = null,
    reason: string | null = null,
  ) {
    super(message)
    this.kind = kind
    this.action = action
    this.awsCode = awsCode
    this.reason = reason
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

  const tries = `${attempts} attempt${attempts === 1 ? '' : 's'}`
  const after = (what: string) => (attempts > 1 ? `${what} (${attempts} attempts)` : what)
  const network = networkCodeOf(e)
  if (network) {
    return new AwsCallError(
      'unavailable',
      `AWS could not be reached for ${action} (${networkWords(network)}, ${tries}). ` +
        `It is read again at the next sync; if this lasts, check this server's network access to AWS.`,
      action,
      network,
      after(networkWords(network)),
    )
  }
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
      after(code),
    )
  if (UNAVAILABLE.has(code) || (status !== undefined && status >= 500))
    return new AwsCallError(
      'unavailable',
      `AWS answered ${action} with an error on its side (${code}, ${tries}). It is read again at the next sync.`,
      action,
      code,
      after(code),
    )
  return new AwsCallError('other', `AWS answered ${action} with ${code}${awsText ? `: ${awsText}` : '.'}`, action, code)
}

/** The AWS services a connection calls, by their IAM prefix, as their consoles name them. */
const SERVICES: Record<string, string> = { sts: 'AWS STS', ec2: 'Amazon EC2' }

const serviceOf = (action: string | null) => SERVICES[action?.split(':')[0] ?? ''] ?? 'AWS'

/** The form's fields a connection refusal can be about. */
export type AwsCredentialField = 'access_key_id' | 'secret_access_key' | 'role_arn'

/**
 * Why credentials could not be checked when an account is connected or given new credentials (nothing is saved), in
 * words for the form: the field at fault when AWS's answer names one (an unknown key, a secret that does not match
 * it, a role Vigil may not assume), else none, and the message goes on top. A network failure names the service
 * that could not be reached and why; nothing is said of a next sync, since there is none for an account not saved.
 */
export const connectRefusal = (
  error: unknown,
  auth: 'keys' | 'role',
): { message: string; field: AwsCredentialField | null } => {
  if (!(error instanceof AwsCallError))
    return { message: `The credentials could not be checked with AWS: ${redact(String(error))}`, field: null }
  const code = error.awsCode ?? ''
  const service = serviceOf(error.action)
  const reason = error.reason ?? code
  if (error.kind === 'unavailable' && networkCodeOf({ code }))
    return {
      message: `Could not reach ${service}: ${reason}. Check that this server can reach AWS, then try again.`,
      field: null,
    }
  if (error.kind === 'unavailable')
    return { message: `${service} failed on its side: ${reason}. Try again in a few minutes.`, field: null }
  if (error.kind === 'throttled')
    return {
      message: `${service} kept throttling the check of these credentials: ${reason}. Try again in a minute.`,
      field: null,
    }
  if (EXPIRED.has(code))
    return {
      message:
        "The AWS session expired before the call was made. Try again; if this repeats, check this server's clock.",
      field: null,
    }
  // Keys of the user typed in: AWS says which of the two it does not take.
  if (auth === 'keys' && UNKNOWN_KEY.has(code)) return { message: error.message, field: 'access_key_id' }
  if (auth === 'keys' && BAD_SIGNATURE.has(code)) return { message: error.message, field: 'secret_access_key' }
  // The role's trust policy refused Vigil (or it does not exist): AWS tells these apart for no one.
  if (auth === 'role' && error.action === AWS_ASSUME_ROLE_ACTION && DENIED.has(code))
    return { message: error.message, field: 'role_arn' }
  // This server's own credentials, an expired session, a refused permission, anything else: not one field's fault.
  return { message: error.message, field: null }
}
