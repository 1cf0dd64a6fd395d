import { randomUUID } from 'node:crypto'
import { runForecast, runQuery } from './cost-queries.ts'
import { type Answer, json, type Request } from './https.ts'
import type { Claims, tokenSigner } from './tokens.ts'
import type { LoopbackResource, LoopbackSubscription, LoopbackWorld } from './world.ts'

// Azure Resource Manager as the SDK clients meet it: Bearer tokens from the identity endpoint for this audience,
// api-version on every call, 403 AuthorizationFailed for the actions an app may not perform, 429 with Retry-After
// when the world says so, and nextLink paging. Paths are matched without regard to case, as ARM does.

interface Context {
  world: LoopbackWorld
  signer: ReturnType<typeof tokenSigner>
  origin: () => string
}

const armError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message } }, headers)

/** /subscriptions/{id}/resourceGroups/{rg}/providers/Microsoft.Sql/servers/{a}/databases/{b} */
export const resourceId = (subscriptionId: string, r: LoopbackResource) => {
  const [namespace, ...types] = r.type.split('/')
  const names = r.name.split('/')
  const path = types.map((t, i) => `${t}/${names[i] ?? ''}`).join('/')
  return `/subscriptions/${subscriptionId}/resourceGroups/${r.resourceGroup}/providers/${namespace}/${path}`
}

const subscriptionJson = (s: LoopbackSubscription) => ({
  id: `/subscriptions/${s.subscriptionId}`,
  authorizationSource: 'RoleBased',
  managedByTenants: [],
  tags: s.tags,
  subscriptionId: s.subscriptionId,
  tenantId: s.tenantId,
  displayName: s.displayName,
  state: s.state,
  subscriptionPolicies: {
    locationPlacementId: 'Public_2014-09-01',
    quotaId: s.quotaId,
    spendingLimit: s.spendingLimit,
  },
})

const resourceJson = (s: LoopbackSubscription, r: LoopbackResource) => ({
  id: resourceId(s.subscriptionId, r),
  name: r.name,
  type: r.type,
  ...(r.kind ? { kind: r.kind } : {}),
  ...(r.sku ? { sku: r.sku } : {}),
  location: r.location,
  tags: r.tags ?? {},
})

const healthJson = (
  s: LoopbackSubscription,
  r: LoopbackResource & { health: NonNullable<LoopbackResource['health']> },
) => ({
  id: `${resourceId(s.subscriptionId, r)}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`,
  name: 'current',
  type: 'Microsoft.ResourceHealth/AvailabilityStatuses',
  location: r.location,
  properties: {
    availabilityState: r.health.state,
    title: r.health.state,
    summary: r.health.summary,
    reasonType: r.health.state === 'Available' ? '' : 'Unplanned',
    context: 'Platform Initiated',
    category: 'Unplanned',
    occuredTime: r.health.since,
    reasonChronicity: 'Persistent',
    reportedTime: new Date().toISOString(),
  },
})

/** One page of `items` from the $skiptoken offset, with the nextLink to the rest. */
const page = (req: Request, origin: string, items: unknown[], size: number) => {
  const from = Number(req.url.searchParams.get('$skiptoken') ?? 0)
  const next = new URL(req.url.pathname, origin)
  next.searchParams.set('api-version', req.url.searchParams.get('api-version') ?? '')
  next.searchParams.set('$skiptoken', String(from + size))
  return { value: items.slice(from, from + size), ...(from + size < items.length ? { nextLink: next.href } : {}) }
}

const ACTIONS: [RegExp, string, string][] = [
  [/^\/subscriptions$/, 'GET', 'Microsoft.Resources/subscriptions/read'],
  [/^\/subscriptions\/[^/]+$/, 'GET', 'Microsoft.Resources/subscriptions/read'],
  [/^\/subscriptions\/[^/]+\/resourcegroups$/, 'GET', 'Microsoft.Resources/subscriptions/resourceGroups/read'],
  [/^\/subscriptions\/[^/]+\/resources$/, 'GET', 'Microsoft.Resources/subscriptions/resources/read'],
  [
    /^\/subscriptions\/[^/]+\/providers\/microsoft\.resourcehealth\/availabilitystatuses$/,
    'GET',
    'Microsoft.ResourceHealth/availabilityStatuses/read',
  ],
  [
    /^\/subscriptions\/[^/]+\/providers\/microsoft\.costmanagement\/query$/,
    'POST',
    'Microsoft.CostManagement/query/read',
  ],
  [
    /^\/subscriptions\/[^/]+\/providers\/microsoft\.costmanagement\/forecast$/,
    'POST',
    'Microsoft.CostManagement/forecast/read',
  ],
]

/** The token's claims, or the 401 ARM answers. */
const authenticate = (ctx: Context, req: Request): { claims: Claims } | Answer => {
  const header = req.headers.authorization ?? ''
  if (!header.startsWith('Bearer ')) {
    return armError(401, 'AuthenticationFailed', "Authentication failed. The 'Authorization' header is missing.")
  }
  const claims = ctx.signer.verify(header.slice(7))
  if (!claims) return armError(401, 'InvalidAuthenticationToken', 'The access token is invalid.')
  const audience = claims.aud.replace(/\/$/, '')
  if (audience !== ctx.origin()) {
    return armError(
      401,
      'InvalidAuthenticationTokenAudience',
      `The access token has been obtained for wrong audience or resource '${claims.aud}'. It should exactly match with one of the allowed audiences '${ctx.origin()}/'.`,
    )
  }
  return { claims }
}

export const armHandler =
  (ctx: Context) =>
  async (req: Request): Promise<Answer> => {
    const { world } = ctx
    const origin = ctx.origin()
    const path = req.url.pathname.toLowerCase().replace(/\/$/, '')
    world.requests.push({ server: 'arm', method: req.method, path: req.url.pathname, query: req.url.search })

    const auth = authenticate(ctx, req)
    if (!('claims' in auth)) return auth
    const { claims } = auth
    if (!req.url.searchParams.get('api-version')) {
      return armError(
        400,
        'MissingApiVersionParameter',
        'The api-version query parameter (?api-version=) is required for all requests.',
      )
    }
    if (world.throttle.arm > 0) {
      world.throttle.arm -= 1
      return armError(429, 'TooManyRequests', 'The request was throttled: retry after the time in Retry-After.', {
        'Retry-After': String(world.throttle.retryAfterSeconds),
      })
    }
    const action = ACTIONS.find(([pattern, method]) => pattern.test(path) && method === req.method)
    if (!action)
      return armError(404, 'InvalidResourceType', `The resource type could not be found for ${req.url.pathname}.`)
    const readable = world.subscriptions.filter((s) => s.tenantId === claims.tid)
    const app = world.apps.find((a) => a.clientId === claims.appid)
    const denied = app?.deniedActions.includes(action[2]) ?? true

    if (path === '/subscriptions') return json(200, { value: denied ? [] : readable.map(subscriptionJson) })

    const subscriptionId = path.split('/')[2] ?? ''
    const sub = readable.find((s) => s.subscriptionId === subscriptionId)
    if (!sub) return armError(404, 'SubscriptionNotFound', `The subscription '${subscriptionId}' could not be found.`)
    if (denied) {
      return armError(
        403,
        'AuthorizationFailed',
        `The client '${claims.appid}' with object id '${claims.oid}' does not have authorization to perform action '${action[2]}' over scope '/subscriptions/${sub.subscriptionId}' or the scope is invalid. If access was recently granted, please refresh your credentials.`,
      )
    }

    const tail = path.split('/').slice(3).join('/')
    if (tail === '') return json(200, subscriptionJson(sub))
    if (tail === 'resourcegroups') {
      return json(200, {
        value: sub.resourceGroups.map((g) => ({
          id: `/subscriptions/${sub.subscriptionId}/resourceGroups/${g.name}`,
          name: g.name,
          type: 'Microsoft.Resources/resourceGroups',
          location: g.location,
          properties: { provisioningState: 'Succeeded' },
        })),
      })
    }
    if (tail === 'resources') {
      return json(
        200,
        page(
          req,
          origin,
          sub.resources.map((r) => resourceJson(sub, r)),
          world.pageSize.resources,
        ),
      )
    }
    if (tail.endsWith('availabilitystatuses')) {
      const statuses = sub.resources.flatMap((r) => (r.health ? [healthJson(sub, { ...r, health: r.health })] : []))
      return json(200, page(req, origin, statuses, world.pageSize.health))
    }
    const body = JSON.parse(req.body || '{}')
    const forecast = tail.endsWith('forecast')
    const outcome = forecast ? runForecast(sub, world.today, body) : runQuery(sub, world.today, body)
    if (!outcome.ok) return armError(400, 'BadRequest', outcome.message)
    const from = Number(req.url.searchParams.get('$skiptoken') ?? 0)
    const size = world.pageSize.costRows
    const next = new URL(req.url.pathname, origin)
    next.searchParams.set('api-version', req.url.searchParams.get('api-version') ?? '')
    next.searchParams.set('$skiptoken', String(from + size))
    const id = randomUUID()
    return json(200, {
      id: `subscriptions/${sub.subscriptionId}/providers/Microsoft.CostManagement/${forecast ? 'forecast' : 'query'}/${id}`,
      name: id,
      type: `Microsoft.CostManagement/${forecast ? 'forecast' : 'query'}`,
      location: null,
      sku: null,
      eTag: null,
      properties: {
        nextLink: from + size < outcome.table.rows.length ? next.href : null,
        columns: outcome.table.columns,
        rows: outcome.table.rows.slice(from, from + size),
      },
    })
  }
