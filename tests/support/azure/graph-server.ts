import { type Answer, json, type Request } from './https.ts'
import type { tokenSigner } from './tokens.ts'
import type { GraphIssue, LoopbackWorld } from './world.ts'

// Microsoft Graph v1.0's service communications API: health overviews and issues of the token's tenant, paged
// with @odata.nextLink, a $filter of the forms Graph takes on issues, 403 without ServiceHealth.Read.All in the
// token's roles, and 429 with Retry-After when the world says so.

interface Context {
  world: LoopbackWorld
  signer: ReturnType<typeof tokenSigner>
  origin: () => string
}

const graphError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json(
    status,
    { error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': crypto.randomUUID() } } },
    headers,
  )

/** `isResolved eq false or lastModifiedDateTime ge 2026-01-01T00:00:00Z`: clauses joined by `or`. */
const parseFilter = (filter: string): ((issue: GraphIssue) => boolean) | null => {
  const clauses = filter.split(/\s+or\s+/i).map((clause) => {
    const m = /^\s*(\w+)\s+(eq|ge|le)\s+(.+?)\s*$/.exec(clause)
    if (!m) return null
    const [, field, op, raw] = m as unknown as [string, keyof GraphIssue, string, string]
    if (field === 'isResolved' && op === 'eq' && /^(true|false)$/.test(raw)) {
      return (i: GraphIssue) => i.isResolved === (raw === 'true')
    }
    if (['lastModifiedDateTime', 'startDateTime', 'endDateTime'].includes(field) && !Number.isNaN(Date.parse(raw))) {
      const at = Date.parse(raw)
      return (i: GraphIssue) => {
        const value = i[field] as string | null
        if (!value) return false
        return op === 'ge' ? Date.parse(value) >= at : op === 'le' ? Date.parse(value) <= at : Date.parse(value) === at
      }
    }
    if (field === 'service' && op === 'eq' && /^'.*'$/.test(raw))
      return (i: GraphIssue) => i.service === raw.slice(1, -1)
    return null
  })
  if (clauses.some((c) => !c)) return null
  return (issue) => clauses.some((c) => c?.(issue))
}

const pageOf = (req: Request, origin: string, items: unknown[], size: number, context: string) => {
  const from = Number(req.url.searchParams.get('$skiptoken') ?? 0)
  const next = new URL(req.url.pathname + req.url.search, origin)
  next.searchParams.set('$skiptoken', String(from + size))
  return {
    '@odata.context': `${origin}/v1.0/$metadata#${context}`,
    ...(from + size < items.length ? { '@odata.nextLink': next.href } : {}),
    value: items.slice(from, from + size),
  }
}

export const graphHandler =
  (ctx: Context) =>
  async (req: Request): Promise<Answer> => {
    const { world } = ctx
    const origin = ctx.origin()
    world.requests.push({ server: 'graph', method: req.method, path: req.url.pathname, query: req.url.search })
    const header = req.headers.authorization ?? ''
    const claims = header.startsWith('Bearer ') ? ctx.signer.verify(header.slice(7)) : null
    if (!claims) return graphError(401, 'InvalidAuthenticationToken', 'Access token is empty or invalid.')
    if (claims.aud.replace(/\/$/, '') !== origin) {
      return graphError(401, 'InvalidAuthenticationToken', 'Access token validation failure. Invalid audience.')
    }
    if (world.throttle.graph > 0) {
      world.throttle.graph -= 1
      return graphError(429, 'TooManyRequests', 'Too many requests.', {
        'Retry-After': String(world.throttle.retryAfterSeconds),
      })
    }
    const tenant = world.tenants.find((t) => t.id === claims.tid)
    const path = req.url.pathname.replace(/\/$/, '')
    const known = ['/v1.0/admin/serviceAnnouncement/healthOverviews', '/v1.0/admin/serviceAnnouncement/issues']
    if (!tenant || !known.includes(path) || req.method !== 'GET') {
      return graphError(400, 'BadRequest', `Resource not found for the segment '${path.split('/').pop()}'.`)
    }
    const roles = Array.isArray(claims.roles) ? claims.roles : []
    if (!roles.includes('ServiceHealth.Read.All')) {
      return graphError(
        403,
        'Forbidden',
        `Missing role permissions on the request. API requires one of 'ServiceHealth.Read.All'. Roles on the request '${roles.join(',')}'.`,
      )
    }
    const size = world.pageSize.graph
    if (path.endsWith('healthOverviews')) {
      return json(200, pageOf(req, origin, tenant.m365.health, size, 'admin/serviceAnnouncement/healthOverviews'))
    }
    const filter = req.url.searchParams.get('$filter')
    const keep = filter ? parseFilter(filter) : () => true
    if (!keep) return graphError(400, 'BadRequest', `Invalid filter clause: ${filter}`)
    return json(200, pageOf(req, origin, tenant.m365.issues.filter(keep), size, 'admin/serviceAnnouncement/issues'))
  }
