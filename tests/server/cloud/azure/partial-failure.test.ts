import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { explainArmError } from '../../../../src/server/cloud/azure/arm-errors.ts'
import {
  type AzureSubscriptionSync,
  syncAzureAccount,
  verifyAzureAccount,
} from '../../../../src/server/cloud/azure/index.ts'
import { explainGraphError } from '../../../../src/server/cloud/m365/graph-errors.ts'
import {
  CLIENT_SECRET,
  type LoopbackAzure,
  loopbackOptions,
  resetWorld,
  SUBSCRIPTION_ID,
  secretCredentials,
  startLoopbackAzure,
} from '../../../support/azure/index.ts'

// One part refused or throttled loses that part only, and says what to do: the role to grant, or that the next
// sync tries again. Throttling answers (429) are retried after the Retry-After Azure sends.

let az: LoopbackAzure
beforeAll(async () => {
  az = await startLoopbackAzure()
})
afterAll(() => az.close())
beforeEach(() => resetWorld(az))

const syncProduction = async (): Promise<AzureSubscriptionSync> => {
  const sync = await syncAzureAccount(secretCredentials(), {
    ...loopbackOptions(az),
    subscriptionIds: [SUBSCRIPTION_ID],
  })
  if (!sync.ok) throw new Error(sync.message)
  return sync.subscriptions[0] as AzureSubscriptionSync
}

describe('a part refused', () => {
  it('keeps the other parts when costs are refused, and names Cost Management Reader', async () => {
    az.world.apps[0]?.deniedActions.push('Microsoft.CostManagement/query/read')
    const synced = await syncProduction()
    expect(synced.costs).toEqual({
      status: 'denied',
      role: 'Cost Management Reader',
      message:
        `Azure refused to show the costs of subscription ${SUBSCRIPTION_ID}: assign the app the Cost Management ` +
        'Reader role on the subscription (Subscription > Access control (IAM) > Add role assignment). ' +
        '(Azure: AuthorizationFailed on Microsoft.CostManagement/query/read)',
    })
    expect(synced.details.status).toBe('ok')
    expect(synced.resources.status === 'ok' && synced.resources.data).toHaveLength(5)
    expect(synced.availability).toEqual({ status: 'ok', data: { reported: 3 } })
  })

  it('keeps resources without availability when Resource Health is refused, and names Reader', async () => {
    az.world.apps[0]?.deniedActions.push('Microsoft.ResourceHealth/availabilityStatuses/read')
    const synced = await syncProduction()
    expect(synced.availability).toMatchObject({ status: 'denied', role: 'Reader' })
    expect(synced.availability.status !== 'ok' && synced.availability.message).toContain(
      'Microsoft.ResourceHealth/availabilityStatuses/read',
    )
    expect(synced.resources.status === 'ok' && synced.resources.data.map((r) => r.availability)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
    expect(synced.costs?.status).toBe('ok')
  })

  it('keeps costs when resources are refused', async () => {
    az.world.apps[0]?.deniedActions.push('Microsoft.Resources/subscriptions/resources/read')
    const synced = await syncProduction()
    expect(synced.resources).toMatchObject({ status: 'denied', role: 'Reader' })
    expect(synced.costs?.status).toBe('ok')
    expect(synced.details.status === 'ok' && synced.details.data.locations).toEqual(['northeurope', 'westeurope'])
  })

  it('says a subscription the app can no longer see needs Reader', async () => {
    const sync = await syncAzureAccount(secretCredentials(), {
      ...loopbackOptions(az),
      subscriptionIds: ['00000000-0000-4000-8000-000000000000'],
    })
    const gone = sync.ok ? sync.subscriptions[0] : undefined
    expect(gone?.details).toMatchObject({ status: 'denied', role: 'Reader' })
    expect(gone?.costs).toMatchObject({ status: 'denied', role: 'Cost Management Reader' })
  })

  it('gives the sign-in problem once, before any part, when the secret is wrong', async () => {
    const sync = await syncAzureAccount(
      secretCredentials({ client_secret: 'not-the-secret-at-all' }),
      loopbackOptions(az),
    )
    expect(sync).toMatchObject({ ok: false, problem: 'invalid_secret' })
    expect(az.world.requests.filter((r) => r.server === 'arm')).toEqual([])
  })
})

describe('throttling', () => {
  it('retries a 429 after the Retry-After Azure sends', async () => {
    az.world.throttle = { arm: 2, graph: 0, retryAfterSeconds: 1 }
    const started = Date.now()
    const synced = await syncProduction()
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(az.world.throttle.arm).toBe(0)
    expect([synced.details, synced.resources, synced.availability, synced.costs].map((p) => p?.status)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ])
  })

  it('gives up after the retries when connecting, saying to try again (nothing is saved: there is no next sync)', async () => {
    az.world.throttle = { arm: 100, graph: 0, retryAfterSeconds: 0 }
    const answer = await verifyAzureAccount(secretCredentials(), loopbackOptions(az))
    expect(answer).toEqual({
      ok: false,
      problem: 'arm_failed',
      message:
        'Azure kept throttling the subscriptions requests (429 Too Many Requests) after retrying: try again in a few minutes.',
    })
    expect(az.world.throttle.arm).toBe(96)
    expect(JSON.stringify(answer)).not.toContain(CLIENT_SECRET)
  })
})

describe('a failed read of an account or tenant that is saved', () => {
  it('says the next sync tries again, which it does', () => {
    const read = { what: 'resources', role: 'Reader', armUrl: 'https://management.azure.com' }
    expect(explainArmError({ statusCode: 429 }, read).message).toBe(
      'Azure kept throttling the resources requests (429 Too Many Requests) after retrying: the next sync tries again.',
    )
    expect(explainArmError({ name: 'TimeoutError' }, read).message).toBe(
      'Azure Resource Manager did not answer for the resources in time: the next sync tries again.',
    )
    expect(explainArmError({ name: 'TimeoutError' }, { ...read, connecting: true }).message).toBe(
      'Azure Resource Manager did not answer for the resources in time: try again in a few minutes.',
    )
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })
    expect(explainArmError(refused, read).message).toBe(
      'Could not reach Azure Resource Manager at https://management.azure.com: connection refused.',
    )
    const graph = 'https://graph.microsoft.com/v1.0'
    expect(explainGraphError({ name: 'TimeoutError' }, 'service health', graph).message).toBe(
      'Microsoft Graph did not answer for the service health in time: the next sync tries again.',
    )
    expect(explainGraphError({ name: 'TimeoutError' }, 'service health', graph, true).message).toBe(
      'Microsoft Graph did not answer for the service health in time: try again in a few minutes.',
    )
    expect(explainGraphError(refused, 'service health', graph).message).toBe(
      `Could not reach Microsoft Graph at ${graph}: connection refused.`,
    )
  })
})
