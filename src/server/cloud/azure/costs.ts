import type { CostManagementClient, ForecastDefinition, QueryDefinition, QueryResult } from '@azure/arm-costmanagement'
import type { AzureCost } from '@vigil/domain/azure'
import { monthOf } from '@vigil/domain/azure-names'
import { type ArmSettings, costClient } from './arm-clients.ts'
import { type CostRow, costPeriod, costRows } from './cost-table.ts'

// A subscription's costs from Cost Management: month to date by service and resource group per day, last month by
// the same, and the month's forecast. Three calls, one after the other: Cost Management throttles hard.

const TOTAL = { totalCost: { name: 'Cost', function: 'Sum' } }
const BY_SERVICE_AND_GROUP = [
  { type: 'Dimension', name: 'ServiceName' },
  { type: 'Dimension', name: 'ResourceGroupName' },
]

const monthToDate: QueryDefinition = {
  type: 'ActualCost',
  timeframe: 'MonthToDate',
  dataset: { granularity: 'Daily', aggregation: TOTAL, grouping: BY_SERVICE_AND_GROUP },
}

const lastMonth: QueryDefinition = {
  type: 'ActualCost',
  timeframe: 'TheLastMonth',
  dataset: { aggregation: TOTAL, grouping: BY_SERVICE_AND_GROUP },
}

const forecastOf = (now: number): ForecastDefinition => {
  const month = monthOf(now)
  return {
    type: 'ActualCost',
    timeframe: 'Custom',
    timePeriod: { from: new Date(`${month.from}T00:00:00Z`), to: new Date(`${month.to}T23:59:59Z`) },
    dataset: { granularity: 'Daily', aggregation: TOTAL },
    includeActualCost: true,
    includeFreshPartialCost: false,
  }
}

/**
 * The query operation has no next-page call: a further page is the same POST to `properties.nextLink`. This
 * policy sends a request carrying the link there, so later pages go through the same operation (body, token,
 * retries, parsing). Only links on the Resource Manager endpoint are followed: the token must not leave it.
 */
const NEXT_LINK = 'x-vigil-next-link'
type Policy = Parameters<CostManagementClient['pipeline']['addPolicy']>[0]
const nextLinkPolicy: Policy = {
  name: 'vigilCostNextLink',
  sendRequest: (request, next) => {
    const link = request.headers.get(NEXT_LINK)
    if (link) {
      request.url = link
      request.headers.delete(NEXT_LINK)
    }
    return next(request)
  },
}

type Table = Pick<QueryResult, 'columns' | 'rows' | 'nextLink'>
type PageOptions = { abortSignal?: AbortSignal; requestOptions?: { customHeaders: Record<string, string> } }

/** The rows of every page (at most 50) of a query or forecast. */
const allRows = async (
  armUrl: string,
  send: (options: PageOptions) => Promise<Table>,
  abortSignal?: AbortSignal,
): Promise<CostRow[]> => {
  const rows: CostRow[] = []
  let table = await send({ abortSignal })
  for (let pages = 1; ; pages++) {
    rows.push(...costRows(table.columns, table.rows))
    const link = table.nextLink
    if (!link || pages >= 50) return rows
    if (new URL(link).origin !== new URL(armUrl).origin) throw new Error('Cost Management gave a next page elsewhere.')
    table = await send({ abortSignal, requestOptions: { customHeaders: { [NEXT_LINK]: link } } })
  }
}

export const readCosts = async (
  s: ArmSettings,
  subscriptionId: string,
  now: number,
  abortSignal?: AbortSignal,
): Promise<AzureCost> => {
  const client = costClient(s)
  client.pipeline.addPolicy(nextLinkPolicy)
  const scope = `subscriptions/${encodeURIComponent(subscriptionId)}`
  const query = (definition: QueryDefinition) =>
    allRows(s.armUrl, (options) => client.query.usage(scope, definition, options), abortSignal)
  const current = await query(monthToDate)
  const previous = await query(lastMonth)
  // A forecast is missing for new subscriptions and some offers: the costs stand without it.
  const forecast = await allRows(
    s.armUrl,
    (options) => client.forecast.usage(scope, forecastOf(now), options),
    abortSignal,
  ).catch(() => null)
  const currency = [...current, ...previous, ...(forecast ?? [])].find((r) => r.currency)?.currency ?? null
  return {
    currency,
    monthToDate: costPeriod(current),
    lastMonth: costPeriod(previous),
    forecast:
      forecast && forecast.length > 0
        ? {
            monthTotal: costPeriod(forecast).total,
            daily: costPeriod(forecast.filter((r) => r.status?.toLowerCase() === 'forecast')).daily,
          }
        : null,
  }
}
