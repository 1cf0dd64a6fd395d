import {
  CostExplorerClient,
  GetCostAndUsageCommand,
  type GetCostAndUsageCommandInput,
  GetCostForecastCommand,
  type MetricValue,
} from '@aws-sdk/client-cost-explorer'
import { type CostLine, type CostPeriods, forecastPeriod } from '@vigil/domain/aws-costs'
import { AWS_ACTIONS } from '@vigil/domain/aws-policy'
import { AWS_GLOBAL_REGION } from '@vigil/domain/aws-regions'
import { AwsCallError } from './errors.ts'
import { type AwsSession, allPages } from './session.ts'

// Cost Explorer, a global service answered from us-east-1. Each call costs the customer a cent, so the caller
// reads costs at most every few hours; three calls a time: this month by day and service, last month, forecast.

const METRIC = 'UnblendedCost'

const amount = (m: MetricValue | undefined) => ({ amount: Number(m?.Amount ?? 0), currency: m?.Unit ?? 'USD' })

export interface CostReading {
  lines: CostLine[]
  lastMonth: { amount: number; currency: string } | null
}

export const readCosts = async (session: AwsSession, periods: CostPeriods): Promise<CostReading> => {
  const ce = session.client(CostExplorerClient, AWS_GLOBAL_REGION)
  const costAndUsage = (input: Omit<GetCostAndUsageCommandInput, 'Metrics'>) =>
    session.call(AWS_ACTIONS.getCostAndUsage, () =>
      ce.send(new GetCostAndUsageCommand({ ...input, Metrics: [METRIC] })),
    )
  const days = await allPages(async (token) => {
    const out = await costAndUsage({
      TimePeriod: { Start: periods.monthStart, End: periods.tomorrow },
      Granularity: 'DAILY',
      GroupBy: [{ Type: 'DIMENSION', Key: 'SERVICE' }],
      NextPageToken: token,
    })
    return { items: out.ResultsByTime, next: out.NextPageToken }
  })
  const lastMonth = await costAndUsage({
    TimePeriod: { Start: periods.lastMonthStart, End: periods.monthStart },
    Granularity: 'MONTHLY',
  })
  const lastTotal = lastMonth.ResultsByTime?.[0]?.Total?.[METRIC]
  return {
    // Grouped answers leave Total empty: the amounts are in the groups.
    lines: days.flatMap((d) =>
      (d.Groups ?? []).map((g) => ({
        date: d.TimePeriod?.Start ?? '',
        service: g.Keys?.[0] ?? 'Other',
        ...amount(g.Metrics?.[METRIC]),
      })),
    ),
    lastMonth: lastTotal ? amount(lastTotal) : null,
  }
}

/**
 * AWS's forecast of the rest of the month (tomorrow to its end); null when Cost Explorer has too little history
 * (early in a month, or a new account), undefined on the month's last day, when nothing is left to forecast.
 */
export const readCostForecast = async (
  session: AwsSession,
  periods: CostPeriods,
): Promise<number | null | undefined> => {
  const rest = forecastPeriod(periods)
  if (!rest) return undefined
  const ce = session.client(CostExplorerClient, AWS_GLOBAL_REGION)
  try {
    const out = await session.call(AWS_ACTIONS.getCostForecast, () =>
      ce.send(
        new GetCostForecastCommand({
          TimePeriod: { Start: rest.start, End: rest.end },
          Metric: 'UNBLENDED_COST',
          Granularity: 'MONTHLY',
        }),
      ),
    )
    return Number(out.Total?.Amount ?? 0)
  } catch (error) {
    if (error instanceof AwsCallError && error.awsCode === 'DataUnavailableException') return null
    throw error
  }
}
