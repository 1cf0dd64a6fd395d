import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

// Who a request comes from, for the rate limits' keys (services/rate-limits.service.ts counts them) and the sessions.

/** The client address: the socket's, or the first X-Forwarded-For hop when the operator trusts a proxy. */
export const clientIp = (c: Context, trustProxy: boolean): string => {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown' // app.request() in tests has no socket
  }
}

/** Where a request comes from, as sessions and the security log keep it. */
export const requestClient = (c: Context, trustProxy: boolean) => ({
  ip: clientIp(c, trustProxy),
  userAgent: c.req.header('user-agent') ?? null,
})
