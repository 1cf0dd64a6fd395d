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
