import type { AzureCredentialsInput, AzureSubscriptionSummary } from '@vigil/domain/azure'
import type { ArmSettings } from './arm-clients.ts'
import { explainArmError } from './arm-errors.ts'
import { type RetryOptions, signInAsApp, whenSignedIn } from './credential.ts'
import { type AzureEndpointOptions, armUrlOf, scopeFor } from './endpoints.ts'
import type { SignInProblem } from './sign-in.ts'
import { listSubscriptions } from './subscriptions.ts'

// Connecting an Azure account: sign in as the app registration, then list the subscriptions it can read. A wrong
// credential, or an app that can read nothing, is a message that says what to fix.

export interface AzureClientOptions extends AzureEndpointOptions {
  retry?: RetryOptions
}

export type AzureProblem = SignInProblem | 'no_subscriptions' | 'arm_failed'

export type AzureVerification =
  | { ok: true; subscriptions: AzureSubscriptionSummary[] }
  | { ok: false; problem: AzureProblem; message: string }

/** The credential and Resource Manager settings of one verify or sync, signed in; or why signing in failed. */
export const connectAzure = async (input: AzureCredentialsInput, opts: AzureClientOptions) => {
  const armUrl = armUrlOf(opts)
  const signedIn = await signInAsApp(input, opts, scopeFor(armUrl))
  if (!signedIn.ok) return signedIn
  const settings: ArmSettings = { credential: signedIn.credential, armUrl, retry: opts.retry }
  return { ok: true as const, settings }
}

export const verifyAzureAccount = (
  input: AzureCredentialsInput,
  opts: AzureClientOptions = {},
): Promise<AzureVerification> =>
  whenSignedIn(connectAzure(input, opts), async (s): Promise<AzureVerification> => {
    try {
      const subscriptions = await listSubscriptions(s, AbortSignal.timeout(60_000))
      if (subscriptions.length > 0) return { ok: true, subscriptions }
      return {
        ok: false,
        problem: 'no_subscriptions',
        message:
          'The app signed in but can read no subscription: assign it the Reader role on each subscription to ' +
          'monitor (Subscription > Access control (IAM) > Add role assignment), and Cost Management Reader for costs.',
      }
    } catch (error) {
      const failure = explainArmError(error, {
        what: 'subscriptions',
        role: 'Reader',
        armUrl: s.armUrl,
        connecting: true,
      })
      return { ok: false, problem: 'arm_failed', message: failure.message }
    }
  })
