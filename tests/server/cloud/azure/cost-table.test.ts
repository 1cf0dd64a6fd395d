import { describe, expect, it } from 'vitest'
import { costPeriod, costRows } from '../../../../src/server/cloud/azure/cost-table.ts'

// Cost Management's table is read by column names: their order, the cost column's name and the date's form vary.

describe('costRows', () => {
  it('reads columns by name in any order', () => {
    const columns = [{ name: 'ResourceGroupName' }, { name: 'Currency' }, { name: 'UsageDate' }, { name: 'PreTaxCost' }]
    expect(costRows(columns, [['rg-a', 'USD', 20260302, 1.5]])).toEqual([
      { amount: 1.5, date: '2026-03-02', service: null, resourceGroup: 'rg-a', currency: 'USD', status: null },
    ])
  })

  it('takes the aggregation alias as the cost column, and dates as ISO text', () => {
    const columns = [{ name: 'totalCost' }, { name: 'UsageDate' }, { name: 'ServiceName' }, { name: 'CostStatus' }]
    expect(costRows(columns, [[2, '2026-03-04T00:00:00', 'Storage', 'Forecast']])).toEqual([
      { amount: 2, date: '2026-03-04', service: 'Storage', resourceGroup: null, currency: null, status: 'Forecast' },
    ])
  })

  it('refuses rows with no cost column', () => {
    expect(() => costRows([{ name: 'UsageDate' }], [[20260301]])).toThrow('without a cost column')
    expect(costRows([{ name: 'UsageDate' }], [])).toEqual([])
  })
})

describe('costPeriod', () => {
  it('sums by service, resource group (named when empty) and day', () => {
    const rows = costRows(
      [{ name: 'Cost' }, { name: 'UsageDate' }, { name: 'ServiceName' }, { name: 'ResourceGroupName' }],
      [
        [0.1, 20260301, 'Storage', 'a'],
        [0.2, 20260301, 'Storage', ''],
        [1, 20260302, 'Virtual Machines', 'a'],
      ],
    )
    expect(costPeriod(rows)).toEqual({
      total: 1.3,
      byService: [
        { name: 'Virtual Machines', amount: 1 },
        { name: 'Storage', amount: 0.3 },
      ],
      byResourceGroup: [
        { name: 'a', amount: 1.1 },
        { name: '(no resource group)', amount: 0.2 },
      ],
      daily: [
        { date: '2026-03-01', amount: 0.3 },
        { date: '2026-03-02', amount: 1 },
      ],
    })
  })
})
