import * as v from 'valibot'

// A cost budget, as the cloud types' cost rules take it: down when the cost (so far this month, or the provider's
// forecast for the month) is above the amount, in the bill's currency.

export const BUDGET_BASES = ['month_to_date', 'forecast'] as const

export const BudgetEntries = {
  amount: v.pipe(
    v.number('Budget must be a number.'),
    v.minValue(0.01, 'Budget must be more than 0.'),
    v.maxValue(1e9, 'Budget is too large.'),
  ),
  basis: v.optional(v.picklist(BUDGET_BASES, 'Basis must be month_to_date or forecast.'), 'month_to_date'),
}

const money = (amount: number, currency: string | null) =>
  `${currency ? `${currency} ` : ''}${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/**
 * A cost rule judged on what was read: within the budget or above it, in words. `period` names the month ("2026-11",
 * "this month"), `source` whose forecast it is; a forecast rule passes while the provider has none.
 */
export const judgeBudget = (
  rule: { amount: number; basis: (typeof BUDGET_BASES)[number] },
  read: { spent: number; forecast: number | null; currency: string | null; period: string; source: string },
): { ok: boolean; message: string } => {
  const budget = money(rule.amount, read.currency)
  if (rule.basis === 'forecast' && read.forecast === null)
    return { ok: true, message: `${read.source} has no forecast for ${read.period} yet; the budget is ${budget}.` }
  const [amount, text] =
    rule.basis === 'forecast' && read.forecast !== null
      ? [read.forecast, `The forecast for ${read.period} is`]
      : [read.spent, `The cost of ${read.period} so far is`]
  return amount > rule.amount
    ? { ok: false, message: `${text} ${money(amount, read.currency)}, above the budget of ${budget}.` }
    : { ok: true, message: `${text} ${money(amount, read.currency)}, within ${budget}.` }
}
