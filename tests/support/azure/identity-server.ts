import { randomUUID } from 'node:crypto'
import { type Answer, json, type Request } from './https.ts'
import { checkClientAssertion, type tokenSigner } from './tokens.ts'
import type { LoopbackWorld } from './world.ts'

// The Microsoft identity platform's v2.0 endpoints that a confidential client uses: instance discovery, the
// tenant's OpenID configuration and the token endpoint (client credentials, with a secret or a certificate's
// signed assertion), with the AADSTS errors Microsoft Entra ID answers.

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'

interface Context {
  world: LoopbackWorld
  signer: ReturnType<typeof tokenSigner>
  /** This server's origin, and the resources (audiences) tokens can be asked for. */
  origin: () => string
  resources: () => { arm: string; graph: string }
}

const aadError = (origin: string, status: number, error: string, code: number, description: string): Answer => {
  const trace = randomUUID()
  const correlation = randomUUID()
  const timestamp = new Date().toISOString().replace('T', ' ').slice(0, 19)
  return json(status, {
    error,
    error_description: `AADSTS${code}: ${description} Trace ID: ${trace} Correlation ID: ${correlation} Timestamp: ${timestamp}Z`,
    error_codes: [code],
    timestamp: `${timestamp}Z`,
    trace_id: trace,
    correlation_id: correlation,
    error_uri: `${origin}/error?code=${code}`,
  })
}

const unknownTenant = (origin: string, tenant: string) =>
  aadError(
    origin,
    400,
    'invalid_tenant',
    90002,
    `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud. Check with your subscription administrator, this may happen if there are no active subscriptions for the tenant.`,
  )

const openIdConfiguration = (origin: string, tenantId: string) => ({
  token_endpoint: `${origin}/${tenantId}/oauth2/v2.0/token`,
  token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
  jwks_uri: `${origin}/${tenantId}/discovery/v2.0/keys`,
  response_modes_supported: ['query', 'fragment', 'form_post'],
  subject_types_supported: ['pairwise'],
  id_token_signing_alg_values_supported: ['RS256'],
  response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
  scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
  issuer: `${origin}/${tenantId}/v2.0`,
  request_uri_parameter_supported: false,
  userinfo_endpoint: `${origin}/oidc/userinfo`,
  authorization_endpoint: `${origin}/${tenantId}/oauth2/v2.0/authorize`,
  device_authorization_endpoint: `${origin}/${tenantId}/oauth2/v2.0/devicecode`,
  http_logout_supported: true,
  frontchannel_logout_supported: true,
  end_session_endpoint: `${origin}/${tenantId}/oauth2/v2.0/logout`,
  claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nbf', 'tid'],
  tenant_region_scope: 'EU',
  cloud_instance_name: 'microsoftonline.com',
  cloud_graph_host_name: 'graph.windows.net',
  msgraph_host: new URL(origin).host,
  rbac_url: 'https://pas.windows.net',
})

export const identityHandler =
  (ctx: Context) =>
  async (req: Request): Promise<Answer> => {
    const { world } = ctx
    const origin = ctx.origin()
    const path = req.url.pathname
    world.requests.push({ server: 'identity', method: req.method, path, query: req.url.search })
    const findTenant = (name: string) =>
      world.tenants.find((t) => t.id === name.toLowerCase() || t.domains.includes(name.toLowerCase()))

    if (path === '/common/discovery/instance') {
      const host = new URL(origin).host
      return json(200, {
        tenant_discovery_endpoint: `${origin}/common/v2.0/.well-known/openid-configuration`,
        'api-version': '1.1',
        metadata: [{ preferred_network: host, preferred_cache: host, aliases: [host] }],
      })
    }

    const config = /^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/.exec(path)
    if (config?.[1] && req.method === 'GET') {
      const tenant = findTenant(decodeURIComponent(config[1]))
      return tenant ? json(200, openIdConfiguration(origin, tenant.id)) : unknownTenant(origin, config[1])
    }

    const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path)
    if (!tokenPath?.[1] || req.method !== 'POST') {
      return aadError(origin, 404, 'invalid_request', 900561, 'The endpoint only accepts POST requests.')
    }
    if (world.hangUps > 0) {
      world.hangUps--
      return { status: 0, hangUp: true }
    }
    const tenant = findTenant(decodeURIComponent(tokenPath[1]))
    if (!tenant) return unknownTenant(origin, tokenPath[1])
    const form = new URLSearchParams(req.body)
    if (form.get('grant_type') !== 'client_credentials') {
      return aadError(origin, 400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.')
    }
    const clientId = form.get('client_id') ?? ''
    const app = world.apps.find((a) => a.clientId === clientId && a.tenantId === tenant.id)
    if (!app) {
      return aadError(
        origin,
        400,
        'unauthorized_client',
        700016,
        `Application with identifier '${clientId}' was not found in the directory '${tenant.domains[0]}'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You may have sent your authentication request to the wrong tenant.`,
      )
    }
    const secret = form.get('client_secret')
    const assertion = form.get('client_assertion')
    if (secret !== null) {
      if (app.expiredSecrets.includes(secret)) {
        return aadError(
          origin,
          401,
          'invalid_client',
          7000222,
          `The provided client secret keys for app '${clientId}' are expired.`,
        )
      }
      if (!app.secrets.includes(secret)) {
        return aadError(
          origin,
          401,
          'invalid_client',
          7000215,
          `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${clientId}'.`,
        )
      }
    } else if (assertion !== null && form.get('client_assertion_type') === ASSERTION_TYPE) {
      const audience = `${origin}/${tenant.id}/oauth2/v2.0/token`
      const check = checkClientAssertion(assertion, app.certificates, clientId, audience)
      if (!check.ok && check.reason === 'bad-claims') {
        return aadError(
          origin,
          401,
          'invalid_client',
          700024,
          'Client assertion is not within its valid time range or is not for this app.',
        )
      }
      if (!check.ok) {
        const why = check.reason === 'key-not-found' ? 'The key was not found.' : 'The signature is invalid.'
        return aadError(
          origin,
          401,
          'invalid_client',
          700027,
          `Client assertion failed signature validation. [Reason - ${why}]`,
        )
      }
    } else {
      return aadError(
        origin,
        401,
        'invalid_client',
        7000218,
        "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
      )
    }

    const resource = (form.get('scope') ?? '').replace(/\/\.default$/, '')
    const { arm, graph } = ctx.resources()
    if (resource !== arm && resource !== graph) {
      return aadError(
        origin,
        400,
        'invalid_resource',
        500011,
        `The resource principal named ${resource} was not found in the tenant named ${tenant.domains[0]}.`,
      )
    }
    const now = Math.floor(Date.now() / 1000)
    const token = ctx.signer.sign({
      aud: resource,
      iss: `${origin}/${tenant.id}/v2.0`,
      tid: tenant.id,
      appid: clientId,
      oid: `00000000-0000-4000-8000-${clientId.slice(-12)}`,
      roles: resource === graph ? app.graphRoles : [],
      iat: now,
      nbf: now,
      exp: now + 3600,
    })
    return json(200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: token })
  }
