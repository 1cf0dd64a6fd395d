import { networkCodeOf, networkWords } from '../network-errors.ts'
import type { PartFailure } from './parts.ts'
import { aadstsReason } from './sign-in.ts'

// A failed Resource Manager read in plain words. A refusal (403, or a subscription the app can no longer see) names
// the role that allows the read; throttling and time-outs say the next sync tries again, when there is one (not
// while an account is being connected: nothing is saved then, and the form says to try again).

export interface ArmRead {
  /** What was read, for the message: "costs", "resources". */
  what: string
  /** The built-in role that allows it: Reader, Cost Management Reader. */
  role: string
  /** The subscription read; none for the subscriptions list. */
  subscriptionId?: string
  armUrl: string
  /** Read while an account is connected or changed: nothing is saved, so no next sync is promised. */
  connecting?: boolean
}

interface RestLike {
  name?: string
  statusCode?: number
  code?: string
  message?: string
}

const firstSentence = (text: string) => /^[\s\S]*?\.(?=\s|$)/.exec(text)?.[0] ?? text

export const explainArmError = (error: unknown, read: ArmRead): PartFailure => {
  const e = (error ?? {}) as RestLike
  const message = e.message ?? String(error)
  const then = read.connecting ? 'try again in a few minutes.' : 'the next sync tries again.'
  if (e.statusCode === 403 || (e.statusCode === 404 && e.code === 'SubscriptionNotFound')) {
    const action = /perform action '([^']+)'/.exec(message)?.[1]
    return {
      status: 'denied',
      role: read.role,
      message:
        `Azure refused to show the ${read.what}${read.subscriptionId ? ` of subscription ${read.subscriptionId}` : ''}: ` +
        `assign the app the ${read.role} role on the subscription (Subscription > Access control (IAM) > Add role ` +
        'assignment). ' +
        `(Azure: ${e.code ?? e.statusCode}${action ? ` on ${action}` : ''})`,
    }
  }
  if (e.name === 'AbortError' || e.name === 'TimeoutError') {
    return {
      status: 'failed',
      message: `Azure Resource Manager did not answer for the ${read.what} in time: ${then}`,
    }
  }
  if (e.statusCode === 429) {
    return {
      status: 'failed',
      message: `Azure kept throttling the ${read.what} requests (429 Too Many Requests) after retrying: ${then}`,
    }
  }
  const aadsts = aadstsReason(message)
  if (aadsts) return { status: 'failed', message: `Signing in to Microsoft Entra ID failed: ${aadsts.reason}` }
  const network = networkCodeOf(error) ?? (!e.statusCode ? e.code : undefined)
  if (network) {
    return {
      status: 'failed',
      message: `Could not reach Azure Resource Manager at ${read.armUrl}: ${networkWords(network)}.`,
    }
  }
  return {
    status: 'failed',
    message: `Azure could not give the ${read.what}: ${e.code ? `${e.code}: ` : ''}${firstSentence(message)}`,
  }
}
