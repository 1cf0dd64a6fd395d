import type { BUDGET_BASES } from '@vigil/domain/monitor-types/budget'
import { errorAt, type FieldsProps, fieldOf } from '../draft-setter.ts'
import { SelectField, TextField } from '../form-fields.tsx'

/** The fields of a cost budget a cloud monitor's form has, and the provider's words for its forecast. */
export interface BudgetDraft {
  amount: string
  basis: (typeof BUDGET_BASES)[number]
}

/** A cost rule's amount and basis, their messages at `rule.amount` and `rule.basis`. */
export function BudgetFields<D extends BudgetDraft>({
  forecast,
  currency,
  ...props
}: FieldsProps<D> & { forecast: string; currency: string }) {
  const ruleField = fieldOf(props, (field) => errorAt(props.errors, `rule.${field}`))
  return (
    <>
      <TextField
        {...ruleField('amount')}
        label="Budget"
        required
        inputMode="numeric"
        helper={`In the ${currency}. Costs are read at most every 6 hours.`}
      />
      <SelectField
        {...ruleField('basis')}
        onChange={(value) => props.set.basis(value as D['basis'])}
        label="Down when this is above the budget"
        options={[
          { value: 'month_to_date', label: 'Month to date' },
          { value: 'forecast', label: forecast },
        ]}
      />
    </>
  )
}
