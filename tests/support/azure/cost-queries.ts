import { type LoopbackSubscription, monthDays } from './world.ts'

// Cost Management's query and forecast over a subscription's cost rows: the request body as the API takes it
// (timeframe, daily granularity, a Sum aggregation, up to two Dimension groupings) and the answer as it gives it,
// columns with names and types and rows in that order.

type Column = { name: string; type: 'Number' | 'String' }
export type Table = { columns: Column[]; rows: (string | number)[][] }
export type Outcome = { ok: true; table: Table } | { ok: false; message: string }

const DIMENSIONS: Record<string, 'service' | 'resourceGroup'> = {
  servicename: 'service',
  resourcegroupname: 'resourceGroup',
}

const asNumberDate = (day: string) => Number(day.replaceAll('-', ''))
const round = (n: number) => Math.round(n * 1e6) / 1e6

interface Body {
  type?: string
  timeframe?: string
  timePeriod?: { from?: string; to?: string }
  dataset?: {
    granularity?: string
    aggregation?: Record<string, { name?: string; function?: string }>
    grouping?: { type?: string; name?: string }[]
  }
  includeActualCost?: boolean
}

/** The days a timeframe covers, from `today`. */
const period = (body: Body, today: string): [string, string] | string => {
  const days = monthDays(today)
  switch (body.timeframe) {
    case 'MonthToDate':
      return [days.thisMonth[0] as string, today]
    case 'TheLastMonth':
      return [days.lastMonth[0] as string, days.lastMonth.at(-1) as string]
    case 'Custom': {
      const from = body.timePeriod?.from
      const to = body.timePeriod?.to
      if (!from || !to) return 'Invalid query definition: timePeriod is required when timeframe is Custom.'
      return [from.slice(0, 10), to.slice(0, 10)]
    }
    default:
      return `Invalid query definition: timeframe '${body.timeframe}' is not supported.`
  }
}

const aggregationOf = (body: Body): Column | string => {
  const entries = Object.values(body.dataset?.aggregation ?? {})
  const agg = entries[0]
  if (entries.length !== 1 || !agg || agg.function !== 'Sum' || !['Cost', 'PreTaxCost'].includes(agg.name ?? '')) {
    return 'Invalid query definition: expected one Sum aggregation of Cost or PreTaxCost.'
  }
  return { name: agg.name as string, type: 'Number' }
}

export const runQuery = (sub: LoopbackSubscription, today: string, body: Body): Outcome => {
  if (!['ActualCost', 'AmortizedCost', 'Usage'].includes(body.type ?? '')) {
    return { ok: false, message: `Invalid query definition: type '${body.type}' is not supported.` }
  }
  const range = period(body, today)
  if (typeof range === 'string') return { ok: false, message: range }
  const cost = aggregationOf(body)
  if (typeof cost === 'string') return { ok: false, message: cost }
  const groups = body.dataset?.grouping ?? []
  const keys = groups.map((g) => DIMENSIONS[(g.name ?? '').toLowerCase()])
  if (groups.length > 2 || groups.some((g) => g.type !== 'Dimension') || keys.some((k) => !k)) {
    return {
      ok: false,
      message: 'Invalid query definition: up to two Dimension groupings, ServiceName or ResourceGroupName.',
    }
  }
  const daily = body.dataset?.granularity === 'Daily'
  const [from, to] = range
  const sums = new Map<string, { cost: number; values: (string | number)[] }>()
  for (const row of sub.costs.filter((r) => r.date >= from && r.date <= to)) {
    const values = [...(daily ? [asNumberDate(row.date)] : []), ...keys.map((k) => row[k as 'service'])]
    const key = JSON.stringify(values)
    const sum = sums.get(key) ?? { cost: 0, values }
    sum.cost += row.cost
    sums.set(key, sum)
  }
  const columns: Column[] = [
    cost,
    ...(daily ? [{ name: 'UsageDate', type: 'Number' as const }] : []),
    ...groups.map((g) => ({ name: g.name as string, type: 'String' as const })),
    { name: 'Currency', type: 'String' },
  ]
  const rows = [...sums.values()].map((s) => [round(s.cost), ...s.values, sub.currency])
  return { ok: true, table: { columns, rows } }
}

export const runForecast = (sub: LoopbackSubscription, today: string, body: Body): Outcome => {
  const range = period(body, today)
  if (body.timeframe !== 'Custom' || typeof range === 'string') {
    return { ok: false, message: 'Invalid forecast definition: timeframe must be Custom, with a timePeriod.' }
  }
  const cost = aggregationOf(body)
  if (typeof cost === 'string') return { ok: false, message: cost }
  const [from, to] = range
  const columns: Column[] = [
    cost,
    { name: 'UsageDate', type: 'Number' },
    { name: 'CostStatus', type: 'String' },
    { name: 'Currency', type: 'String' },
  ]
  if (!sub.forecast) return { ok: true, table: { columns, rows: [] } }
  const actual = new Map<string, number>()
  if (body.includeActualCost) {
    for (const r of sub.costs.filter((r) => r.date >= from && r.date <= to && r.date <= today)) {
      actual.set(r.date, (actual.get(r.date) ?? 0) + r.cost)
    }
  }
  const rows = [
    ...[...actual].map(([date, sum]) => [round(sum), asNumberDate(date), 'Actual', sub.currency]),
    ...sub.forecast
      .filter((f) => f.date >= from && f.date <= to)
      .map((f) => [f.cost, asNumberDate(f.date), 'Forecast', sub.currency]),
  ]
  return { ok: true, table: { columns, rows } }
}
