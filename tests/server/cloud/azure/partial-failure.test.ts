import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type AzureSubscriptionSync,
  syncAzureAccount,
  verifyAzureAccount,
} from '../../../../src/server/cloud/azure/index.ts'
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

  it('gives up after the retries, saying the next sync tries again', async () => {
    az.world.throttle = { arm: 100, graph: 0, retryAfterSeconds: 0 }
    const answer = await verifyAzureAccount(secretCredentials(), loopbackOptions(az))
    expect(answer).toEqual({
      ok: false,
      problem: 'arm_failed',
      message:
        'Azure kept throttling the subscriptions requests (429 Too Many Requests) after retrying: the next sync tries again.',
    })
    expect(az.world.throttle.arm).toBe(96)
    expect(JSON.stringify(answer)).not.toContain(CLIENT_SECRET)
  })
})
