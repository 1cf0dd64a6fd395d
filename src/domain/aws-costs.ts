import * as v from 'valibot'

// An account's AWS costs: this month so far (per day and per service), last month, and AWS's forecast of this
// month's total. Cost Explorer counts days in UTC and takes [Start, End) date ranges as YYYY-MM-DD.

export const CostSummary = v.object({
  currency: v.string(),
  /** The month the amounts are for, YYYY-MM (UTC). */
  month: v.string(),
  month_to_date: v.number(),
  last_month: v.number(),
  /** AWS's forecast of the month's total (what is spent plus what it expects); null early in a month. */
  forecast: v.nullable(v.number()),
  daily: v.array(v.object({ date: v.string(), amount: v.number() })),
  /** Highest first. */
  services: v.array(v.object({ service: v.string(), amount: v.number() })),
})
export type CostSummary = v.InferOutput<typeof CostSummary>

export interface CostPeriods {
  /** First day of this month. */
  monthStart: string
  /** The day after `now`: month to date includes today's estimate so far. */
  tomorrow: string
  nextMonthStart: string
  lastMonthStart: string
}

const day = (year: number, month: number, date: number) =>
  new Date(Date.UTC(year, month, date)).toISOString().slice(0, 10)

export const costPeriods = (now: number): CostPeriods => {
  const d = new Date(now)
  const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()]
  return {
    monthStart: day(y, m, 1),
    tomorrow: day(y, m, d.getUTCDate() + 1),
    nextMonthStart: day(y, m + 1, 1),
    lastMonthStart: day(y, m - 1, 1),
  }
}

/** What is left of the month to forecast, or null on its last day (the month to date is then the total). */
export const forecastPeriod = (p: CostPeriods): { start: string; end: string } | null =>
  p.tomorrow < p.nextMonthStart ? { start: p.tomorrow, end: p.nextMonthStart } : null

const cents = (amount: number) => Math.round(amount * 100) / 100

export interface CostLine {
  date: string
  service: string
  amount: number
  currency: string
}

/**
 * The summary from Cost Explorer's lines: this month's daily amounts per service, last month's total and the
 * forecast of the rest of the month (null when AWS has too little data, undefined on the month's last day).
 */
export const costSummary = (
  periods: CostPeriods,
  lines: readonly CostLine[],
  lastMonth: { amount: number; currency: string } | null,
  forecastRest: number | null | undefined,
): CostSummary => {
  const byDay = new Map<string, number>()
  for (let d = periods.monthStart; d < periods.tomorrow; d = nextDay(d)) byDay.set(d, 0)
  const byService = new Map<string, number>()
  for (const line of lines) {
    byDay.set(line.date, (byDay.get(line.date) ?? 0) + line.amount)
    byService.set(line.service, (byService.get(line.service) ?? 0) + line.amount)
  }
  const monthToDate = cents([...byDay.values()].reduce((a, b) => a + b, 0))
  return {
    currency: lines[0]?.currency ?? lastMonth?.currency ?? 'USD',
    month: periods.monthStart.slice(0, 7),
    month_to_date: monthToDate,
    last_month: cents(lastMonth?.amount ?? 0),
    forecast: forecastRest === null ? null : cents(monthToDate + (forecastRest ?? 0)),
    daily: [...byDay].map(([date, amount]) => ({ date, amount: cents(amount) })),
    services: [...byService]
      .map(([service, amount]) => ({ service, amount: cents(amount) }))
      .filter((s) => s.amount !== 0)
      .sort((a, b) => b.amount - a.amount || a.service.localeCompare(b.service)),
  }
}

const nextDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`)
  return day(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)
}
