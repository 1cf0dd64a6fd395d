import { azureAccountChoicesLogic } from '../../../../adapters/cloud-account-choices.actors.ts'
import type { AzureAccount } from '@vigil/domain/azure-account'
import type { AzureRule } from '@vigil/domain/monitor-types/azure'
import { MONITOR_TYPE_PAGES } from '@vigil/domain/monitor-types/pages'
import { errorAt, fieldOf } from '../draft-setter.ts'
import { CheckboxField, SelectField, TextField, wide } from '../form-fields.tsx'
import { numberOf, text } from '../form-values.ts'
import { BudgetFields } from './budget-fields.tsx'
import { CloudAccountField } from './cloud-account-field.tsx'
import { defineTypeForm } from './define.ts'

// The Azure monitor's form: the connected account, then a resource's availability (its resource id, filled in by
// "Monitor this" on a service page) or a subscription's cost budget.

interface AzureDraft {
  account_id: string
  kind: AzureRule['kind']
  resource_id: string
  degraded_is_down: boolean
  subscription_id: string
  amount: string
  basis: 'month_to_date' | 'forecast'
}

const KIND_OPTIONS = [
  { value: 'availability', label: 'Resource: available, from Resource Health' },
  { value: 'cost', label: "Cost budget: a subscription's month within an amount" },
] as const

const blank: AzureDraft = {
  account_id: '',
  kind: 'availability',
  resource_id: '',
  degraded_is_down: true,
  subscription_id: '',
  amount: '',
  basis: 'month_to_date',
}

/** The rule as the schema reads it: only the fields of the chosen kind (an unreadable number stays text). */
const ruleOf = (d: AzureDraft) =>
  d.kind === 'availability'
    ? { kind: d.kind, resource_id: d.resource_id, degraded_is_down: d.degraded_is_down }
    : { kind: d.kind, subscription_id: d.subscription_id, amount: numberOf(d.amount), basis: d.basis }

export const form = defineTypeForm<'azure', AzureDraft>({
  blank,
  draftOf: ({ account_id, rule }) => ({
    ...blank,
    account_id,
    ...(rule.kind === 'availability'
      ? { kind: rule.kind, resource_id: rule.resource_id, degraded_is_down: rule.degraded_is_down }
      : { kind: rule.kind, subscription_id: rule.subscription_id, amount: text(rule.amount), basis: rule.basis }),
  }),
  valuesOf: (d) => ({ account_id: d.account_id, rule: ruleOf(d) }),
  Fields: (props) => {
    const { draft, set, errors } = props
    const at = (field: string) => errorAt(errors, `rule.${field}`)
    const ruleField = fieldOf(props, at)
    return (
      <CloudAccountField
        provider="azure"
        listPath={MONITOR_TYPE_PAGES.azure.list}
        load={azureAccountChoicesLogic}
        describe={(a: AzureAccount) => a.name}
        {...fieldOf(props)('account_id')}
      >
        {(account) => (
          <>
            <SelectField
              label="Watch"
              name="kind"
              value={draft.kind}
              onChange={(value) => set.kind(value as AzureDraft['kind'])}
              error={errors.rule ?? at('kind')}
              options={KIND_OPTIONS}
            />
            {draft.kind === 'availability' ? (
              <>
                <div className={wide}>
                  <TextField
                    {...ruleField('resource_id')}
                    label="Resource ID"
                    required
                    placeholder="/subscriptions/…/resourceGroups/web-rg/providers/Microsoft.Web/sites/shop"
                    helper="On the resource's Properties page in the Azure portal; Monitor this on a service page fills it in."
                  />
                </div>
                <CheckboxField
                  name="degraded_is_down"
                  label="Count Degraded as down (Unavailable always is)"
                  value={draft.degraded_is_down}
                  onChange={set.degraded_is_down}
                  error={at('degraded_is_down')}
                />
              </>
            ) : (
              <>
                <SelectField
                  {...ruleField('subscription_id')}
                  label="Subscription"
                  options={[
                    { value: '', label: account ? 'Choose a subscription' : 'Choose the account first' },
                    ...(account?.subscriptions ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.id})` })),
                  ]}
                />
                <BudgetFields
                  {...props}
                  currency="subscription's billing currency"
                  forecast="Azure's forecast for the month"
                />
              </>
            )}
          </>
        )}
      </CloudAccountField>
    )
  },
})
