import type { Context } from './context.ts'
import { type Answer, AwsFault, jsonAnswer, pageOffset, pageToken } from './protocols.ts'

const MAX_QUERIES = 500
const MAX_DATAPOINTS = 100_800
const PERIOD_S = 300

interface Query {
  Id?: string
  MetricStat?: {
    Metric?: { Namespace?: string; MetricName?: string; Dimensions?: { Name?: string; Value?: string }[] }
    Period?: number
    Stat?: string
  }
}

const invalid = (message: string) => new AwsFault(400, 'ValidationError', message)

/** The query's points, newest first (CloudWatch's default order), as [epoch seconds, value]. */
const points = (ctx: Context, q: Query, end: number): [number, number][] => {
  const stat = q.MetricStat
  const metric = stat?.Metric
  if (metric?.Namespace !== 'AWS/EC2' || metric.MetricName !== 'CPUUtilization') return []
  const id = metric.Dimensions?.find((d) => d.Name === 'InstanceId')?.Value
  const instance = (ctx.account.ec2[ctx.region] ?? []).find((i) => i.id === id)
  const period = stat?.Period ?? PERIOD_S
  const newestSlot = Math.floor(end / period) * period - period
  return [...(instance?.cpu ?? [])].reverse().map((v, k) => [newestSlot - k * period, v])
}

export const cloudwatch: Record<string, (ctx: Context) => Answer> = {
  GetMetricData: (ctx) => {
    const queries: Query[] = ctx.json.MetricDataQueries ?? []
    if (queries.length === 0 || queries.length > MAX_QUERIES)
      throw invalid(`The collection MetricDataQueries must not have a size greater than ${MAX_QUERIES}.`)
    for (const q of queries)
      if (!/^[a-z][a-zA-Z0-9_]*$/.test(q.Id ?? ''))
        throw invalid(`Invalid metric data query id: ${q.Id}. The id must start with a lower-case letter.`)
    if (
      typeof ctx.json.StartTime !== 'number' ||
      typeof ctx.json.EndTime !== 'number' ||
      ctx.json.StartTime >= ctx.json.EndTime
    )
      throw invalid('The parameter StartTime must be less than the parameter EndTime.')
    // Pages hold a number of data points; a query's points may be split over two pages.
    const budget = Math.min(ctx.json.MaxDatapoints ?? MAX_DATAPOINTS, ctx.world.pageSize[ctx.action] ?? MAX_DATAPOINTS)
    const all = queries.flatMap((q) => points(ctx, q, ctx.json.EndTime).map((p) => [q.Id, ...p] as const))
    const from = pageOffset(ctx.json.NextToken)
    const slice = all.slice(from, from + budget)
    const done = from + budget >= all.length
    const results = queries
      .map((q) => {
        const mine = slice.filter(([id]) => id === q.Id)
        const remaining = all.slice(from + budget).some(([id]) => id === q.Id)
        return {
          Id: q.Id,
          Label: 'CPUUtilization',
          Timestamps: mine.map(([, t]) => t),
          Values: mine.map(([, , v]) => v),
          StatusCode: remaining ? 'PartialData' : 'Complete',
        }
      })
      // Later pages carry only the queries that still have points.
      .filter((r) => from === 0 || r.Values.length > 0)
    return jsonAnswer('json10q', {
      MetricDataResults: results,
      Messages: [],
      ...(done ? {} : { NextToken: pageToken(from + budget) }),
    })
  },
}
