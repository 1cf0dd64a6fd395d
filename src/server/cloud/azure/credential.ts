import {
  ClientCertificateCredential,
  type ClientCertificateCredentialOptions,
  ClientSecretCredential,
  type TokenCredential,
} from '@azure/identity'
import type { AzureCredentialsInput } from '@vigil/domain/azure'
import type { M365CredentialsInput } from '@vigil/domain/m365'
import { type AzureEndpointOptions, authorityHostOf, isMicrosoftAuthority } from './endpoints.ts'
import { type SignInProblem, secretsOf, signIn } from './sign-in.ts'

// The app registration's credential for @azure/identity: a client secret, or a certificate (PEM holding the
// certificate and its private key). One credential caches its token, so a sync makes one and shares it.

export interface RetryOptions {
  maxRetries?: number
  /** First delay of the exponential backoff (429 with Retry-After waits what Azure asks instead). */
  retryDelayInMs?: number
  maxRetryDelayInMs?: number
}

export interface CredentialOptions extends Pick<AzureEndpointOptions, 'authorityHost'> {
  retry?: RetryOptions
}

export const azureCredential = (
  input: AzureCredentialsInput | M365CredentialsInput,
  opts: CredentialOptions = {},
): TokenCredential => {
  const options: ClientCertificateCredentialOptions = {
    // Given only when set: otherwise the library reads AZURE_AUTHORITY_HOST itself.
    ...(opts.authorityHost ? { authorityHost: opts.authorityHost } : {}),
    disableInstanceDiscovery: !isMicrosoftAuthority(authorityHostOf(opts)),
    retryOptions: opts.retry,
  }
  if (input.auth === 'certificate') {
    return new ClientCertificateCredential(
      input.tenant_id,
      input.client_id,
      { certificate: input.certificate },
      options,
    )
  }
  return new ClientSecretCredential(input.tenant_id, input.client_id, input.client_secret, options)
}

export type SignInRefused = { ok: false; problem: SignInProblem; message: string }

export type AppSignIn = { ok: true; credential: TokenCredential } | SignInRefused

/** The app's credential, signed in once for `scope` (ARM's or Graph's audience); or why Entra ID refused it. */
export const signInAsApp = async (
  input: AzureCredentialsInput | M365CredentialsInput,
  opts: CredentialOptions,
  scope: string,
): Promise<AppSignIn> => {
  const credential = azureCredential(input, opts)
  const who = { tenantId: input.tenant_id, clientId: input.client_id, authorityHost: authorityHostOf(opts) }
  const signedIn = await signIn(credential, scope, who, secretsOf(input))
  if (!signedIn.ok) return { ok: false, problem: signedIn.failure.problem, message: signedIn.failure.message }
  return { ok: true, credential }
}

/** Reads once signed in (`connecting`: the sign-in and the settings it gives); a refused sign-in is the answer. */
export const whenSignedIn = async <S, R>(
  connecting: Promise<{ ok: true; settings: S } | SignInRefused>,
  read: (settings: S) => Promise<R>,
): Promise<R | SignInRefused> => {
  const connected = await connecting
  return connected.ok ? read(connected.settings) : connected
}
