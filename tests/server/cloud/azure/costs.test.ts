import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AzureCost } from '@vigil/domain/azure'
import { type AzureSubscriptionSync, syncAzureAccount } from '../../../../src/server/cloud/azure/index.ts'
import {
  createWorld,
  type LoopbackAzure,
  loopbackOptions,
  OTHER_SUBSCRIPTION_ID,
  SUBSCRIPTION_ID,
  secretCredentials,
  startLoopbackAzure,
} from '../../../support/azure/index.ts'

// Costs from Cost Management's query and forecast APIs: month to date by service, resource group and day, last
// month, and the month's forecast, read from the answer's columns by name.

const TODAY = '2026-03-10'
const NOW = Date.parse(`${TODAY}T12:00:00Z`)

let az: LoopbackAzure
beforeAll(async () => {
  az = await startLoopbackAzure(createWorld(TODAY))
})
afterAll(() => az.close())
beforeEach(() => {
  Object.assign(az.world, createWorld(TODAY))
})

const syncCosts = async (subscriptionId = SUBSCRIPTION_ID): Promise<AzureSubscriptionSync['costs']> => {
  const sync = await syncAzureAccount(secretCredentials(), {
    ...loopbackOptions(az),
    subscriptionIds: [subscriptionId],
    now: NOW,
  })
  if (!sync.ok) throw new Error(sync.message)
  return (sync.subscriptions[0] as AzureSubscriptionSync).costs
}

const data = (costs: AzureSubscriptionSync['costs']): AzureCost => {
  if (costs?.status !== 'ok') throw new Error(costs ? costs.message : 'Costs were not read.')
  return v.parse(AzureCost, costs.data)
}

describe('costs', () => {
  it('reads month to date and last month by service and resource group, per day, in the billing currency', async () => {
    const costs = data(await syncCosts())
    expect(costs.currency).toBe('EUR')
    expect(costs.monthToDate.total).toBe(38.5)
    expect(costs.monthToDate.byService).toEqual([
      { name: 'Azure App Service', amount: 25 },
      { name: 'SQL Database', amount: 12.5 },
      { name: 'Storage', amount: 1 },
    ])
    expect(costs.monthToDate.byResourceGroup).toEqual([
      { name: 'web-prod', amount: 37.5 },
      { name: 'shared', amount: 1 },
    ])
    expect(costs.monthToDate.daily).toHaveLength(10)
    expect(costs.monthToDate.daily[0]).toEqual({ date: '2026-03-01', amount: 3.85 })
    expect(costs.monthToDate.daily.at(-1)).toEqual({ date: '2026-03-10', amount: 3.85 })
    expect(costs.lastMonth).toEqual({
      total: 107.8,
      byService: [
        { name: 'Azure App Service', amount: 70 },
        { name: 'SQL Database', amount: 35 },
        { name: 'Storage', amount: 2.8 },
      ],
      byResourceGroup: [
        { name: 'web-prod', amount: 105 },
        { name: 'shared', amount: 2.8 },
      ],
      daily: [],
    })
  })

  it('forecasts the month: what was spent plus the forecast of the days left', async () => {
    const { forecast } = data(await syncCosts())
    expect(forecast?.monthTotal).toBe(119.35)
    expect(forecast?.daily).toHaveLength(21)
    expect(forecast?.daily[0]).toEqual({ date: '2026-03-11', amount: 3.85 })
    expect(forecast?.daily.at(-1)).toEqual({ date: '2026-03-31', amount: 3.85 })
  })

  it('follows nextLink through every page of rows', async () => {
    az.world.pageSize.costRows = 7
    const costs = data(await syncCosts())
    expect(costs.monthToDate.total).toBe(38.5)
    expect(costs.monthToDate.daily).toHaveLength(10)
    const queries = az.world.requests.filter((r) => r.path.endsWith('/Microsoft.CostManagement/query'))
    // 30 month-to-date rows in pages of 7, then last month's 3.
    expect(queries.map((q) => new URLSearchParams(q.query).get('$skiptoken'))).toEqual([
      null,
      '7',
      '14',
      '21',
      '28',
      null,
    ])
    expect(queries.every((q) => new URLSearchParams(q.query).get('api-version'))).toBe(true)
  })

  it('shows costs that changed between two syncs', async () => {
    const first = data(await syncCosts())
    az.world.subscriptions[0]?.costs.push({
      date: TODAY,
      service: 'Virtual Machines',
      resourceGroup: 'batch',
      cost: 12,
    })
    const second = data(await syncCosts())
    expect(second.monthToDate.total).toBe(first.monthToDate.total + 12)
    expect(second.monthToDate.byService[0]).toEqual({ name: 'Azure App Service', amount: 25 })
    expect(second.monthToDate.byService).toContainEqual({ name: 'Virtual Machines', amount: 12 })
    expect(second.monthToDate.byResourceGroup).toContainEqual({ name: 'batch', amount: 12 })
    expect(second.monthToDate.daily.at(-1)).toEqual({ date: TODAY, amount: 15.85 })
  })

  it('has no forecast, no currency and zero totals for a subscription without costs', async () => {
    const costs = data(await syncCosts(OTHER_SUBSCRIPTION_ID))
    expect(costs).toEqual({
      currency: null,
      monthToDate: { total: 0, byService: [], byResourceGroup: [], daily: [] },
      lastMonth: { total: 0, byService: [], byResourceGroup: [], daily: [] },
      forecast: null,
    })
  })
})
