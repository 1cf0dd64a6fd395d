import type { AccessToken, TokenCredential } from '@azure/identity'
import { networkCodeOf, networkWords } from '../network-errors.ts'

// Signing in once, up front, so a wrong credential is one clear message instead of a failure in every part.
// Microsoft Entra ID's reasons (AADSTS codes) are kept, after words that say what to do.

export type SignInProblem =
  | 'invalid_secret'
  | 'expired_secret'
  | 'unknown_app'
  | 'unknown_tenant'
  | 'bad_certificate'
  | 'app_disabled'
  | 'unreachable'
  | 'sign_in_failed'

export interface SignInFailure {
  problem: SignInProblem
  message: string
}

export type SignIn = { ok: true; token: AccessToken } | { ok: false; failure: SignInFailure }

interface Who {
  tenantId: string
  clientId: string
  authorityHost: string
}

const SECRETS_PAGE = 'Microsoft Entra ID > App registrations > your app > Certificates & secrets'

const ADVICE: Record<string, (who: Who) => [SignInProblem, string]> = {
  '7000215': () => [
    'invalid_secret',
    `The client secret is wrong or expired: create a new secret in ${SECRETS_PAGE}, and paste its Value (not its Secret ID).`,
  ],
  '7000222': () => ['expired_secret', `The client secret has expired: create a new one in ${SECRETS_PAGE}.`],
  '700016': (who) => [
    'unknown_app',
    `No application with client ID ${who.clientId} exists in directory ${who.tenantId}: check the application ` +
      "(client) ID on the app registration's Overview page, and that the app is registered in this directory.",
  ],
  '90002': (who) => [
    'unknown_tenant',
    `Directory (tenant) ${who.tenantId} was not found: check the directory (tenant) ID on Microsoft Entra ID > ` +
      'Overview, and that it is in this Azure cloud.',
  ],
  '700027': () => [
    'bad_certificate',
    `The app does not know this certificate: upload its public part (.cer or .pem) in ${SECRETS_PAGE} > Certificates.`,
  ],
  '700024': () => [
    'bad_certificate',
    "The certificate's signed sign-in was refused: check that the certificate has not expired and the machine's clock.",
  ],
  '500011': () => [
    'sign_in_failed',
    'The sign-in service does not know the service a token was asked for: check that the Resource Manager and ' +
      'Graph addresses belong to the same Azure cloud as the sign-in address.',
  ],
  '7000112': () => [
    'app_disabled',
    'The application is disabled in this directory: enable it in Microsoft Entra ID > Enterprise applications.',
  ],
}

/** `AADSTS7000215: Invalid client secret provided.`: the code and first sentence of the platform's description. */
export const aadstsReason = (text: string): { code: string; reason: string } | null => {
  const m = /AADSTS(\d+): ([\s\S]*?\.)(?=\s|$)/.exec(text)
  return m?.[1] && m[2] ? { code: m[1], reason: `AADSTS${m[1]}: ${m[2]}` } : null
}

/** The sign-in service could not be reached: its address and why, in words. */
const unreachable = (who: Who, why: string): SignInFailure => ({
  problem: 'unreachable',
  message: `Could not reach the Microsoft sign-in service at ${who.authorityHost}: ${why}. Check that this server can reach it, then try again.`,
})

/** The code of a failed request that carries one (a network error, or an Azure client's REST error's code). */
const requestCode = (error: unknown): string | undefined =>
  networkCodeOf(error) ??
  (error as { cause?: { code?: string } })?.cause?.code ??
  (error as { code?: string })?.code ??
  undefined

/**
 * MSAL says only `network_error` when the token request got no answer (the tenant's configuration was read): the
 * token endpoint is asked again, without credentials, to find the cause; if it answers now, the connection broke.
 */
const diagnoseTokenRequest = async (who: Who): Promise<SignInFailure> => {
  const url = `${who.authorityHost}/${encodeURIComponent(who.tenantId)}/oauth2/v2.0/token`
  try {
    await fetch(url, { method: 'POST', signal: AbortSignal.timeout(10_000) })
  } catch (error) {
    const code = requestCode(error)
    if (code) return unreachable(who, `the sign-in request failed (${networkWords(code)})`)
  }
  return unreachable(who, 'the connection broke off before the sign-in request was answered')
}

/**
 * When MSAL could not read the tenant's OpenID configuration it keeps no reason; asking for the document again
 * tells an unknown tenant (Entra ID answers AADSTS90002) from a host that cannot be reached.
 */
const diagnoseAuthority = async (who: Who): Promise<SignInFailure | null> => {
  const url = `${who.authorityHost}/${encodeURIComponent(who.tenantId)}/v2.0/.well-known/openid-configuration`
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
    if (res.ok) return null
    const body = (await res.json().catch(() => null)) as { error_description?: string } | null
    return body?.error_description ? explainSignInText(body.error_description, who) : null
  } catch (error) {
    const code = requestCode(error)
    return unreachable(who, code ? networkWords(code) : 'no answer')
  }
}

export const explainSignInText = (text: string, who: Who): SignInFailure => {
  const aadsts = aadstsReason(text)
  const advice = aadsts && ADVICE[aadsts.code]?.(who)
  if (advice) return { problem: advice[0], message: `${advice[1]} (Microsoft Entra ID: ${aadsts.reason})` }
  if (aadsts) return { problem: 'sign_in_failed', message: `Microsoft Entra ID refused the sign-in: ${aadsts.reason}` }
  const first = /^[\s\S]*?\.(?=\s|$)/.exec(text)?.[0] ?? text
  return { problem: 'sign_in_failed', message: `Signing in to Microsoft Entra ID failed: ${first.slice(0, 300)}` }
}

/** A failed getToken in plain words. Only the platform's description is kept: never the request or its body. */
export const explainSignInError = async (error: unknown, who: Who): Promise<SignInFailure> => {
  const text = error instanceof Error ? error.message : String(error)
  if (/endpoints_resolution_error|openid_config_error/.test(text)) {
    return (
      (await diagnoseAuthority(who)) ?? {
        problem: 'sign_in_failed',
        message: `The sign-in service at ${who.authorityHost} gave no configuration for directory ${who.tenantId}.`,
      }
    )
  }
  // jsonwebtoken or Node's crypto could not sign the client assertion with the key given.
  if (/asymmetric key|private key|DECODER|PEM/i.test(text) && !aadstsReason(text)) {
    return {
      problem: 'bad_certificate',
      message:
        "The certificate's private key cannot sign in: paste the certificate with its unencrypted RSA private key " +
        '(-----BEGIN PRIVATE KEY-----), the pair whose public part is uploaded to the app.',
    }
  }
  if (aadstsReason(text)) return explainSignInText(text, who)
  // MSAL's own words for a request that got no answer: "network_error: See https://aka.ms/msal.js.errors#...".
  if (/^network_error\b|\bnetwork_error:/.test(text)) return diagnoseTokenRequest(who)
  const code = requestCode(error)
  if (code) return unreachable(who, networkWords(code))
  if (/^Request timeout\b/.test(text)) return unreachable(who, networkWords('TimeoutError'))
  return explainSignInText(text, who)
}

/** The secret, or the key's lines, wherever a message might have picked them up: never shown. */
const hide = (message: string, secrets: readonly string[]) =>
  secrets.filter((s) => s.length >= 8).reduce((text, secret) => text.split(secret).join('••••'), message)

export const secretsOf = (input: { client_secret?: string; certificate?: string }): string[] => [
  ...(input.client_secret ? [input.client_secret] : []),
  ...(input.certificate?.split(/\r?\n/).filter((line) => !line.startsWith('-----')) ?? []),
]

export const signIn = async (
  credential: TokenCredential,
  scope: string,
  who: Who,
  secrets: readonly string[],
): Promise<SignIn> => {
  const abortSignal = AbortSignal.timeout(60_000)
  try {
    const token = await credential.getToken(scope, { abortSignal })
    if (token) return { ok: true, token }
    return { ok: false, failure: { problem: 'sign_in_failed', message: 'Microsoft Entra ID gave no token.' } }
  } catch (error) {
    const failure = abortSignal.aborted
      ? unreachable(who, 'no answer in 60 seconds')
      : await explainSignInError(error, who)
    return { ok: false, failure: { ...failure, message: hide(failure.message, secrets) } }
  }
}
