import type { PartFailure } from '../azure/parts.ts'

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

export const explainGraphError = (error: unknown, what: string, graphUrl: string): PartFailure => {
  const e = (error ?? {}) as GraphLike
  if (e.name === 'GraphError' && e.status === 403) {
    return { status: 'denied', role: SERVICE_HEALTH_PERMISSION, message: `${PERMISSION_MESSAGE} (Graph: ${e.code})` }
  }
  if (e.name === 'GraphError' && e.status === 429) {
    return {
      status: 'failed',
      message: `Microsoft Graph kept throttling the ${what} requests: the next sync tries again.`,
    }
  }
  if (e.name === 'GraphError') {
    return { status: 'failed', message: `Microsoft Graph could not give the ${what}: ${e.code}: ${e.message}` }
  }
  if (e.name === 'AbortError' || e.name === 'TimeoutError') {
    return {
      status: 'failed',
      message: `Microsoft Graph did not answer for the ${what} in time: the next sync tries again.`,
    }
  }
  return {
    status: 'failed',
    message: `Could not reach Microsoft Graph at ${graphUrl} (${e.cause?.code ?? e.code ?? 'no answer'}).`,
  }
}
