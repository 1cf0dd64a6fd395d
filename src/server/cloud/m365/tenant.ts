import type { M365CredentialsInput, M365Issue, M365ServiceHealth } from '@vigil/domain/m365'
import { type RetryOptions, signInAsApp, whenSignedIn } from '../azure/credential.ts'
import { type AzureEndpointOptions, graphUrlOf, scopeFor } from '../azure/endpoints.ts'
import { type Part, part } from '../azure/parts.ts'
import type { SignInProblem } from '../azure/sign-in.ts'
import { type GraphSettings, graphGet } from './graph-client.ts'
import { explainGraphError, PERMISSION_MESSAGE } from './graph-errors.ts'
import { readIssues, readServiceHealth } from './health.ts'

// A Microsoft 365 tenant: sign in as the app (client credentials for Graph's audience, through @azure/identity),
// then read service health and issues. Verify checks the permission with one small read.

export interface M365Options extends Pick<AzureEndpointOptions, 'authorityHost' | 'graphUrl'> {
  retry?: RetryOptions
}

export interface M365SyncOptions extends M365Options {
  now?: number
  /** Resolved issues are kept this many days (default 7). */
  resolvedWithinDays?: number
  partTimeoutMs?: number
}

export type M365Problem = SignInProblem | 'permission_missing' | 'graph_failed'

export type M365Verification = { ok: true; services: number } | { ok: false; problem: M365Problem; message: string }

export type M365Sync =
  | { ok: true; readAt: number; health: Part<M365ServiceHealth[]>; issues: Part<M365Issue[]> }
  | { ok: false; problem: M365Problem; message: string }

const connect = async (input: M365CredentialsInput, opts: M365Options) => {
  const graphUrl = graphUrlOf(opts)
  const scope = scopeFor(graphUrl)
  const signedIn = await signInAsApp(input, opts, scope)
  if (!signedIn.ok) return signedIn
  const settings: GraphSettings = { credential: signedIn.credential, graphUrl, scope, retry: opts.retry }
  return { ok: true as const, settings }
}

export const verifyM365Tenant = (input: M365CredentialsInput, opts: M365Options = {}): Promise<M365Verification> =>
  whenSignedIn(connect(input, opts), async (s): Promise<M365Verification> => {
    try {
      const page = await graphGet<{ value?: unknown[] }>(
        s,
        `${s.graphUrl}/admin/serviceAnnouncement/healthOverviews`,
        AbortSignal.timeout(60_000),
      )
      return { ok: true, services: page.value?.length ?? 0 }
    } catch (error) {
      const failure = explainGraphError(error, 'service health', s.graphUrl, true)
      return failure.status === 'denied'
        ? { ok: false, problem: 'permission_missing', message: PERMISSION_MESSAGE }
        : { ok: false, problem: 'graph_failed', message: failure.message }
    }
  })

export const syncM365Tenant = (input: M365CredentialsInput, opts: M365SyncOptions = {}): Promise<M365Sync> =>
  whenSignedIn(connect(input, opts), async (s): Promise<M365Sync> => {
    const now = opts.now ?? Date.now()
    const timeoutMs = opts.partTimeoutMs ?? 120_000
    const [health, issues] = await Promise.all([
      part(
        () => readServiceHealth(s, AbortSignal.timeout(timeoutMs)),
        (error) => explainGraphError(error, 'service health', s.graphUrl),
      ),
      part(
        () => readIssues(s, now, opts.resolvedWithinDays ?? 7, AbortSignal.timeout(timeoutMs)),
        (error) => explainGraphError(error, 'service issues', s.graphUrl),
      ),
    ])
    return { ok: true, readAt: now, health, issues }
  })
