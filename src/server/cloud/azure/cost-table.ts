import type { AzureCostPeriod } from '@vigil/domain/azure'

// Cost Management answers a table: `properties.columns` (name, type) and `properties.rows` in that order. The
// columns are found by name, since their order and the cost column's name (Cost, PreTaxCost, or the aggregation's
// alias) vary with the query and the offer.

export interface CostRow {
  amount: number
  /** YYYY-MM-DD, for daily rows. */
  date: string | null
  service: string | null
  resourceGroup: string | null
  currency: string | null
  /** Actual or Forecast, in a forecast's rows. */
  status: string | null
}

const AMOUNT_COLUMNS = ['totalcost', 'cost', 'pretaxcost', 'costusd', 'pretaxcostusd']

/** UsageDate comes as 20260314 (daily queries) or as an ISO date time. */
const dayOf = (value: unknown): string | null => {
  if (typeof value === 'number') {
    const s = String(value)
    return /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : null
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10)
  if (typeof value === 'string' && /^\d{8}$/.test(value)) return dayOf(Number(value))
  return null
}

export const costRows = (columns: readonly { name?: string }[] = [], rows: readonly unknown[][] = []): CostRow[] => {
  const names = columns.map((c) => (c.name ?? '').toLowerCase())
  const at = (...wanted: string[]) => names.findIndex((n) => wanted.includes(n))
  const amount = AMOUNT_COLUMNS.map((n) => names.indexOf(n)).find((i) => i >= 0) ?? -1
  if (amount < 0 && rows.length > 0) throw new Error('Cost Management answered without a cost column.')
  const date = at('usagedate', 'billingmonth')
  const service = at('servicename')
  const group = at('resourcegroupname', 'resourcegroup')
  const currency = at('currency', 'billingcurrency')
  const status = at('coststatus')
  const text = (row: readonly unknown[], i: number) => (i >= 0 && row[i] != null ? String(row[i]) : null)
  return rows.map((row) => ({
    amount: Number(row[amount]) || 0,
    date: date >= 0 ? dayOf(row[date]) : null,
    service: text(row, service),
    resourceGroup: text(row, group),
    currency: text(row, currency),
    status: text(row, status),
  }))
}

const round = (n: number) => Math.round(n * 1e6) / 1e6

const sumBy = (rows: readonly CostRow[], key: (r: CostRow) => string) => {
  const sums = new Map<string, number>()
  for (const r of rows) sums.set(key(r), (sums.get(key(r)) ?? 0) + r.amount)
  return [...sums].map(([name, amount]) => ({ name, amount: round(amount) }))
}

/** A period's totals by service, by resource group and by day, from rows grouped by both (and by day). */
export const costPeriod = (rows: readonly CostRow[]): AzureCostPeriod => ({
  total: round(rows.reduce((sum, r) => sum + r.amount, 0)),
  byService: sumBy(rows, (r) => r.service || 'Other').sort((a, b) => b.amount - a.amount),
  byResourceGroup: sumBy(rows, (r) => r.resourceGroup || '(no resource group)').sort((a, b) => b.amount - a.amount),
  daily: sumBy(
    rows.filter((r) => r.date),
    (r) => r.date as string,
  )
    .map(({ name, amount }) => ({ date: name, amount }))
    .sort((a, b) => a.date.localeCompare(b.date)),
})
