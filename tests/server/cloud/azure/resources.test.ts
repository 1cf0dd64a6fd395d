import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AzureResource, AzureSubscription } from '@vigil/domain/azure'
import { type AzureSubscriptionSync, syncAzureAccount } from '../../../../src/server/cloud/azure/index.ts'
import {
  type LoopbackAzure,
  loopbackOptions,
  OTHER_SUBSCRIPTION_ID,
  resetWorld,
  SUBSCRIPTION_ID,
  secretCredentials,
  startLoopbackAzure,
  TENANT_ID,
} from '../../../support/azure/index.ts'

// A subscription's details, resources (across nextLink pages) and Resource Health's availability, as a sync
// reads them through the official clients.

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

const ok = <T>(part: { status: string; data?: T }): T => {
  expect(part.status).toBe('ok')
  return part.data as T
}

describe('subscription details', () => {
  it('reads the subscription, its policies, resource groups and the regions it uses', async () => {
    const details = ok((await syncProduction()).details)
    expect(v.parse(AzureSubscription, details)).toEqual({
      subscriptionId: SUBSCRIPTION_ID,
      name: 'Production',
      state: 'Enabled',
      tenantId: TENANT_ID,
      quotaId: 'PayAsYouGo_2014-09-01',
      offer: 'Pay-As-You-Go',
      spendingLimit: 'Off',
      tags: { owner: 'ops' },
      locations: ['northeurope', 'westeurope'],
      resourceGroupCount: 2,
    })
  })

  it('syncs every readable subscription when none is named', async () => {
    const sync = await syncAzureAccount(secretCredentials(), loopbackOptions(az))
    expect(sync.ok && sync.subscriptions.map((s) => s.subscriptionId)).toEqual([SUBSCRIPTION_ID, OTHER_SUBSCRIPTION_ID])
  })

  it('counts regions of resources outside their group and a spending limit that is on', async () => {
    const sub = az.world.subscriptions[0]
    if (!sub) throw new Error('no subscription')
    sub.spendingLimit = 'On'
    sub.resources.push({ name: 'edge', type: 'Microsoft.Cdn/profiles', resourceGroup: 'shared', location: 'global' })
    const details = ok((await syncProduction()).details)
    expect(details.spendingLimit).toBe('On')
    expect(details.locations).toEqual(['global', 'northeurope', 'westeurope'])
  })
})

describe('resources', () => {
  it('reads every resource across pages, named by service, with group, sku and tags', async () => {
    az.world.pageSize.resources = 2
    const resources = ok((await syncProduction()).resources)
    expect(resources.map((r) => v.parse(AzureResource, r))).toHaveLength(5)
    expect(resources.map((r) => [r.name, r.service, r.resourceGroup])).toEqual([
      ['shop-web', 'App Service', 'web-prod'],
      ['shop-plan', 'App Service plan', 'web-prod'],
      ['shop-sql', 'SQL server', 'web-prod'],
      ['shop-sql/shop-db', 'SQL Database', 'web-prod'],
      ['shopfiles', 'Storage', 'shared'],
    ])
    expect(resources[3]).toMatchObject({
      id: `/subscriptions/${SUBSCRIPTION_ID}/resourceGroups/web-prod/providers/Microsoft.Sql/servers/shop-sql/databases/shop-db`,
      type: 'Microsoft.Sql/servers/databases',
      sku: { name: 'S0', tier: 'Standard', capacity: 10 },
      tags: { env: 'prod' },
      location: 'westeurope',
    })
    const pages = az.world.requests.filter((r) => r.server === 'arm' && r.path.endsWith('/resources'))
    expect(pages.map((p) => new URLSearchParams(p.query).get('$skiptoken'))).toEqual([null, '2', '4'])
    expect(pages.every((p) => new URLSearchParams(p.query).get('api-version'))).toBe(true)
  })

  it('names a function app and an unknown type readably', async () => {
    const sub = az.world.subscriptions[0]
    sub?.resources.splice(0, sub.resources.length)
    sub?.resources.push(
      {
        name: 'jobs',
        type: 'Microsoft.Web/sites',
        kind: 'functionapp,linux',
        resourceGroup: 'web-prod',
        location: 'westeurope',
      },
      { name: 'pe', type: 'Microsoft.Network/privateEndpoints', resourceGroup: 'web-prod', location: 'westeurope' },
    )
    const resources = ok((await syncProduction()).resources)
    expect(resources.map((r) => r.service)).toEqual(['Function App', 'Private Endpoints'])
  })
})

describe('availability', () => {
  it('joins Resource Health statuses (across pages) to their resources', async () => {
    az.world.pageSize.health = 1
    const synced = await syncProduction()
    expect(ok(synced.availability)).toEqual({ reported: 3 })
    const byName = Object.fromEntries(ok(synced.resources).map((r) => [r.name, r.availability]))
    expect(byName['shop-web']).toEqual({
      state: 'Available',
      summary: 'There are no known problems.',
      since: Date.parse('2026-01-05T08:00:00Z'),
    })
    expect(byName['shop-plan']).toBeNull()
    const pages = az.world.requests.filter((r) => r.path.endsWith('/availabilityStatuses'))
    expect(pages).toHaveLength(3)
  })

  it('shows a resource that became unavailable between two syncs', async () => {
    const before = ok((await syncProduction()).resources).find((r) => r.name === 'shop-web')
    expect(before?.availability?.state).toBe('Available')
    const web = az.world.subscriptions[0]?.resources.find((r) => r.name === 'shop-web')
    if (web) {
      web.health = {
        state: 'Unavailable',
        summary: 'Your web app is unavailable: a platform problem is being worked on.',
        since: '2026-03-02T10:15:00Z',
      }
    }
    const after = ok((await syncProduction()).resources).find((r) => r.name === 'shop-web')
    expect(after?.availability).toEqual({
      state: 'Unavailable',
      summary: 'Your web app is unavailable: a platform problem is being worked on.',
      since: Date.parse('2026-03-02T10:15:00Z'),
    })
  })

  it('marks degraded and unknown states', async () => {
    const [web, , , db] = az.world.subscriptions[0]?.resources ?? []
    if (web?.health) web.health.state = 'Degraded'
    if (db?.health) db.health.state = 'Unknown'
    const states = ok((await syncProduction()).resources).map((r) => r.availability?.state ?? null)
    expect(states).toEqual(['Degraded', null, null, 'Unknown', 'Available'])
  })
})
