import type { PartFailure } from '../azure/parts.ts'
import { networkCodeOf, networkWords } from '../network-errors.ts'

// A failed Graph read in plain words. 403 on service communications means the app lacks ServiceHealth.Read.All, or
// has it without the admin consent that application permissions need.

export const SERVICE_HEALTH_PERMISSION = 'ServiceHealth.Read.All'

export const PERMISSION_MESSAGE =
  `The app lacks the Microsoft Graph permission ${SERVICE_HEALTH_PERMISSION}: in Microsoft Entra ID > App ` +
  `registrations > your app > API permissions, add Microsoft Graph > Application permissions > ` +
  `${SERVICE_HEALTH_PERMISSION}, then choose "Grant admin consent" for the tenant.`

interface GraphLike {
  name?: string
  status?: number
  code?: string
  message?: string
  cause?: { code?: string }
}

/**
 * `connecting`: read while a tenant is connected or changed, when nothing is saved: no next sync is promised.
 */
export const explainGraphError = (error: unknown, what: string, graphUrl: string, connecting = false): PartFailure => {
  const e = (error ?? {}) as GraphLike
  const then = connecting ? 'try again in a few minutes.' : 'the next sync tries again.'
  if (e.name === 'GraphError' && e.status === 403) {
    return { status: 'denied', role: SERVICE_HEALTH_PERMISSION, message: `${PERMISSION_MESSAGE} (Graph: ${e.code})` }
  }
  if (e.name === 'GraphError' && e.status === 429) {
    return {
      status: 'failed',
      message: `Microsoft Graph kept throttling the ${what} requests: ${then}`,
    }
  }
  if (e.name === 'GraphError') {
    return { status: 'failed', message: `Microsoft Graph could not give the ${what}: ${e.code}: ${e.message}` }
  }
  if (e.name === 'AbortError' || e.name === 'TimeoutError') {
    return {
      status: 'failed',
      message: `Microsoft Graph did not answer for the ${what} in time: ${then}`,
    }
  }
  const code = networkCodeOf(error) ?? e.cause?.code ?? e.code
  return {
    status: 'failed',
    message: `Could not reach Microsoft Graph at ${graphUrl}: ${code ? networkWords(code) : 'no answer'}.`,
  }
}
