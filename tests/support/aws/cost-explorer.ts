import type { Context } from './context.ts'
import { type Answer, AwsFault, faults, jsonAnswer, page } from './protocols.ts'

const DATE = /^\d{4}-\d{2}-\d{2}$/

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
const nextMonth = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`)
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10)
}

const period = (ctx: Context) => {
  const { Start, End } = ctx.json.TimePeriod ?? {}
  if (!DATE.test(Start ?? '') || !DATE.test(End ?? ''))
    throw faults.invalid('json11', 'Start and End must be dates (YYYY-MM-DD).')
  if (Start >= End) throw faults.invalid('json11', 'Start date (and hour) should be before end date (and hour)')
  return { start: Start as string, end: End as string }
}

const metric = (amount: number, unit: string) => ({ Amount: String(Math.round(amount * 1e10) / 1e10), Unit: unit })

export const costExplorer: Record<string, (ctx: Context) => Answer> = {
  GetCostAndUsage: (ctx) => {
    const { start, end } = period(ctx)
    const granularity = ctx.json.Granularity
    if (granularity !== 'DAILY' && granularity !== 'MONTHLY')
      throw faults.invalid('json11', 'Granularity must be DAILY or MONTHLY.')
    const metrics: string[] = ctx.json.Metrics ?? []
    if (!metrics.includes('UnblendedCost')) throw faults.invalid('json11', 'This loopback knows UnblendedCost only.')
    const groupBy: { Type?: string; Key?: string }[] = ctx.json.GroupBy ?? []
    const bySer = groupBy.some((g) => g.Type === 'DIMENSION' && g.Key === 'SERVICE')
    const unit = ctx.account.currency
    const periods: { start: string; end: string }[] = []
    for (let d = start; d < end; ) {
      const to = granularity === 'DAILY' ? addDays(d, 1) : nextMonth(d)
      periods.push({ start: d, end: to < end ? to : end })
      d = to
    }
    const results = periods.map((p) => {
      const lines = ctx.account.costs.filter((c) => c.date >= p.start && c.date < p.end)
      const services = new Map<string, number>()
      for (const l of lines) services.set(l.service, (services.get(l.service) ?? 0) + l.amount)
      return {
        TimePeriod: { Start: p.start, End: p.end },
        // Grouped answers leave Total empty, as Cost Explorer does.
        Total: bySer
          ? {}
          : {
              UnblendedCost: metric(
                lines.reduce((a, l) => a + l.amount, 0),
                unit,
              ),
            },
        Groups: bySer
          ? [...services].map(([s, a]) => ({ Keys: [s], Metrics: { UnblendedCost: metric(a, unit) } }))
          : [],
        Estimated: true,
      }
    })
    const { items, next } = page(
      results,
      ctx.json.NextPageToken,
      ctx.world.pageSize[ctx.action] ?? Number.POSITIVE_INFINITY,
    )
    return jsonAnswer('json11', {
      GroupDefinitions: groupBy,
      ResultsByTime: items,
      DimensionValueAttributes: [],
      ...(next ? { NextPageToken: next } : {}),
    })
  },

  GetCostForecast: (ctx) => {
    const { start, end } = period(ctx)
    if (ctx.json.Metric !== 'UNBLENDED_COST') throw faults.invalid('json11', 'This loopback knows UNBLENDED_COST only.')
    if (ctx.account.forecast === null)
      throw new AwsFault(
        400,
        'DataUnavailableException',
        'Insufficient amount of historical data to generate forecast.',
      )
    return jsonAnswer('json11', {
      Total: metric(ctx.account.forecast, ctx.account.currency),
      ForecastResultsByTime: [{ TimePeriod: { Start: start, End: end }, MeanValue: String(ctx.account.forecast) }],
    })
  },
}
