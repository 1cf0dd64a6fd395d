import { armHandler } from './arm-server.ts'
import { graphHandler } from './graph-server.ts'
import { serveHttps } from './https.ts'
import { identityHandler } from './identity-server.ts'
import { loopbackCertificate } from './test-ca.ts'
import { tokenSigner } from './tokens.ts'
import { CLIENT_ID, CLIENT_SECRET, createWorld, type LoopbackWorld, TENANT_ID } from './world.ts'

// A loopback Azure for tests: the identity platform, Resource Manager (with Resource Health and Cost Management)
// and Microsoft Graph, each an HTTPS server on 127.0.0.1 with a certificate from the test CA. The official
// libraries reach them through their own settings (authority host, endpoint, base URL); `world` is what they know.

export interface LoopbackAzure {
  /** For ClientSecretCredential's authorityHost or AZURE_AUTHORITY_HOST. */
  authorityHost: string
  /** For the ARM clients' endpoint or AZURE_RESOURCE_MANAGER_URL. */
  armUrl: string
  /** For MS_GRAPH_URL: the v1.0 base. */
  graphUrl: string
  world: LoopbackWorld
  close: () => Promise<void>
  /** Stops one server, so its address refuses connections. */
  stop: (server: 'identity' | 'arm' | 'graph') => Promise<void>
}

export const startLoopbackAzure = async (world: LoopbackWorld = createWorld()): Promise<LoopbackAzure> => {
  const pem = loopbackCertificate()
  const signer = tokenSigner()
  const origins = { identity: '', arm: '', graph: '' }
  const identity = await serveHttps(
    pem,
    identityHandler({
      world,
      signer,
      origin: () => origins.identity,
      resources: () => ({ arm: origins.arm, graph: origins.graph }),
    }),
  )
  const arm = await serveHttps(pem, armHandler({ world, signer, origin: () => origins.arm }))
  const graph = await serveHttps(pem, graphHandler({ world, signer, origin: () => origins.graph }))
  origins.identity = identity.origin
  origins.arm = arm.origin
  origins.graph = graph.origin
  return {
    authorityHost: identity.origin,
    armUrl: arm.origin,
    graphUrl: `${graph.origin}/v1.0`,
    world,
    close: async () => {
      await Promise.all([identity.close(), arm.close(), graph.close()])
    },
    stop: (server) => ({ identity, arm, graph })[server].close(),
  }
}

export * from './world.ts'

/** The options that point our clients at the loopback servers, with short backoff delays. */
export const loopbackOptions = (az: LoopbackAzure) => ({
  authorityHost: az.authorityHost,
  armUrl: az.armUrl,
  graphUrl: az.graphUrl,
  retry: { retryDelayInMs: 10, maxRetryDelayInMs: 50 },
})

export const secretCredentials = (
  overrides: { tenant_id?: string; client_id?: string; client_secret?: string } = {},
) => ({
  auth: 'secret' as const,
  tenant_id: TENANT_ID,
  client_id: CLIENT_ID,
  client_secret: CLIENT_SECRET,
  ...overrides,
})

/** Puts the world back as createWorld makes it, keeping the object the servers read. */
export const resetWorld = (az: LoopbackAzure) => {
  Object.assign(az.world, createWorld())
}
