import { awsAccountChoicesLogic } from '../../../../adapters/cloud-account-choices.actors.ts'
import type { AwsAccount } from '@vigil/domain/aws-account'
import { AWS_REGIONS, type AwsRegionCode } from '@vigil/domain/aws-regions'
import { AWS_RULE_RESOURCES, type AwsRule } from '@vigil/domain/monitor-types/aws'
import { MONITOR_TYPE_PAGES } from '@vigil/domain/monitor-types/pages'
import { errorAt, fieldOf } from '../draft-setter.ts'
import { SelectField, TextField } from '../form-fields.tsx'
import { numberOf, text } from '../form-values.ts'
import { BudgetFields } from './budget-fields.tsx'
import { CloudAccountField } from './cloud-account-field.tsx'
import { defineTypeForm } from './define.ts'

// The AWS monitor's form: the connected account, the kind of resource and which one, and the rule's own numbers.
// A resource page's "Monitor this" opens it filled in.

interface AwsDraft {
  account_id: string
  resource: AwsRule['resource']
  region: string
  instance_id: string
  cpu_above: string
  db_instance_id: string
  app_id: string
  branch: string
  instance_name: string
  amount: string
  basis: 'month_to_date' | 'forecast'
}

const RESOURCE_OPTIONS: readonly { value: AwsRule['resource']; label: string }[] = [
  { value: 'ec2', label: 'EC2 instance: running, status checks passing' },
  { value: 'rds', label: 'RDS DB instance: available' },
  { value: 'amplify', label: 'Amplify branch: last build succeeded' },
  { value: 'lightsail', label: 'Lightsail instance: running' },
  { value: 'cost', label: 'Cost budget: this month within an amount' },
]
const REGION_OPTIONS = Object.entries(AWS_REGIONS).map(([code, name]) => ({ value: code, label: `${name} (${code})` }))

const blank: AwsDraft = {
  account_id: '',
  resource: 'ec2',
  region: 'us-east-1' satisfies AwsRegionCode,
  instance_id: '',
  cpu_above: '',
  db_instance_id: '',
  app_id: '',
  branch: '',
  instance_name: '',
  amount: '',
  basis: 'month_to_date',
}

const draftOf = (rule: AwsRule): Partial<AwsDraft> => {
  switch (rule.resource) {
    case 'ec2':
      return { region: rule.region, instance_id: rule.instance_id, cpu_above: text(rule.cpu_above) }
    case 'rds':
      return { region: rule.region, db_instance_id: rule.db_instance_id }
    case 'amplify':
      return { region: rule.region, app_id: rule.app_id, branch: rule.branch }
    case 'lightsail':
      return { region: rule.region, instance_name: rule.instance_name }
    case 'cost':
      return { amount: text(rule.amount), basis: rule.basis }
  }
}

/** The rule as the schema reads it: only the fields of the chosen resource (an unreadable number stays text). */
const ruleOf = (d: AwsDraft) => {
  switch (d.resource) {
    case 'ec2':
      return {
        resource: d.resource,
        region: d.region,
        instance_id: d.instance_id,
        cpu_above: numberOf(d.cpu_above) ?? null,
      }
    case 'rds':
      return { resource: d.resource, region: d.region, db_instance_id: d.db_instance_id }
    case 'amplify':
      return { resource: d.resource, region: d.region, app_id: d.app_id, branch: d.branch }
    case 'lightsail':
      return { resource: d.resource, region: d.region, instance_name: d.instance_name }
    case 'cost':
      return { resource: d.resource, amount: numberOf(d.amount), basis: d.basis }
  }
}

export const form = defineTypeForm<'aws', AwsDraft>({
  blank,
  draftOf: (m) => ({ ...blank, account_id: m.account_id, resource: m.rule.resource, ...draftOf(m.rule) }),
  valuesOf: (d) => ({ account_id: d.account_id, rule: ruleOf(d) }),
  Fields: (props) => {
    const { draft, set, errors } = props
    const at = (field: string) => errorAt(errors, `rule.${field}`)
    const ruleField = fieldOf(props, at)
    const region = <SelectField {...ruleField('region')} label="Region" options={REGION_OPTIONS} />
    return (
      <>
        <CloudAccountField
          provider="aws"
          listPath={MONITOR_TYPE_PAGES.aws.list}
          load={awsAccountChoicesLogic}
          describe={(a: AwsAccount) => `${a.name} (${a.aws_account_id})`}
          {...fieldOf(props)('account_id')}
        />
        <SelectField
          label="Resource"
          name="resource"
          value={draft.resource}
          onChange={(value) => set.resource(value as AwsDraft['resource'])}
          error={errors.rule ?? at('resource')}
          options={RESOURCE_OPTIONS.filter((o) => AWS_RULE_RESOURCES.includes(o.value))}
        />
        {draft.resource === 'ec2' && (
          <>
            {region}
            <TextField {...ruleField('instance_id')} label="Instance ID" required placeholder="i-0abc12def34567890" />
            <TextField
              {...ruleField('cpu_above')}
              label="Down when CPU is above (%)"
              inputMode="numeric"
              helper="Optional: the average over the last hour, from CloudWatch."
            />
          </>
        )}
        {draft.resource === 'rds' && (
          <>
            {region}
            <TextField {...ruleField('db_instance_id')} label="DB instance" required placeholder="orders-db" />
          </>
        )}
        {draft.resource === 'amplify' && (
          <>
            {region}
            <TextField {...ruleField('app_id')} label="App ID" required placeholder="d1a2b3c4d5e6f7" />
            <TextField {...ruleField('branch')} label="Branch" required placeholder="main" />
          </>
        )}
        {draft.resource === 'lightsail' && (
          <>
            {region}
            <TextField {...ruleField('instance_name')} label="Instance name" required />
          </>
        )}
        {draft.resource === 'cost' && (
          <BudgetFields {...props} currency="account's currency" forecast="AWS's forecast for the month" />
        )}
      </>
    )
  },
})
