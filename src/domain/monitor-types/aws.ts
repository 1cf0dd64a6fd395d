import * as v from 'valibot'
import { AmplifyApp, Ec2Instance, LightsailInstance, RdsInstance } from '../aws.ts'
import { CostSummary } from '../aws-costs.ts'
import { AwsRegion } from '../aws-regions.ts'
import { BudgetEntries } from './budget.ts'
import { defineMonitorType } from './define.ts'
import { MONITOR_TYPE_PAGES } from './pages.ts'
import { AVAILABILITY } from './words.ts'

// AWS Monitoring: a resource of a connected account held to a rule, judged on what the account's sync read (the
// pages show the same facts): an EC2 instance running with both status checks passing (and optionally its CPU
// below a threshold), an RDS instance available, an Amplify branch's last build succeeded, a Lightsail instance
// running, or the month's cost (so far, or forecast) within a budget.

const id = (label: string) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.nonEmpty(`${label} is required.`),
    v.maxLength(255, `${label} is at most 255 characters.`),
  )

export const AWS_RULE_RESOURCES = ['ec2', 'rds', 'amplify', 'lightsail', 'cost'] as const
export type AwsRuleResource = (typeof AWS_RULE_RESOURCES)[number]

export const AwsRule = v.variant(
  'resource',
  [
    v.object({
      resource: v.literal('ec2'),
      region: AwsRegion,
      instance_id: v.pipe(
        id('Instance ID'),
        v.regex(/^i-[0-9a-f]{8,17}$/, 'An instance ID looks like i-0abc12def34567890.'),
      ),
      /** Down when the average CPU over the last hour is above this percentage; null: CPU is not judged. */
      cpu_above: v.optional(
        v.nullable(
          v.pipe(
            v.number('CPU threshold must be a number.'),
            v.minValue(1, 'CPU threshold must be at least 1 %.'),
            v.maxValue(100, 'CPU threshold must be at most 100 %.'),
          ),
        ),
        null,
      ),
    }),
    v.object({ resource: v.literal('rds'), region: AwsRegion, db_instance_id: id('DB instance') }),
    v.object({ resource: v.literal('amplify'), region: AwsRegion, app_id: id('App ID'), branch: id('Branch') }),
    v.object({ resource: v.literal('lightsail'), region: AwsRegion, instance_name: id('Instance name') }),
    v.object({
      resource: v.literal('cost'),
      ...BudgetEntries,
    }),
  ],
  `Resource must be one of ${AWS_RULE_RESOURCES.join(', ')}.`,
)
export type AwsRule = v.InferOutput<typeof AwsRule>

/** What the check saw of the resource: the page's facts of it when it ran. */
export const AwsMonitorFacts = v.variant('resource', [
  v.object({ resource: v.literal('ec2'), instance: Ec2Instance }),
  v.object({ resource: v.literal('rds'), instance: RdsInstance }),
  v.object({ resource: v.literal('amplify'), app: AmplifyApp, branch: v.string() }),
  v.object({ resource: v.literal('lightsail'), instance: LightsailInstance }),
  v.object({ resource: v.literal('cost'), costs: CostSummary }),
])
export type AwsMonitorFacts = v.InferOutput<typeof AwsMonitorFacts>

const ruleTarget = (rule: AwsRule): string => {
  switch (rule.resource) {
    case 'ec2':
      return `EC2 ${rule.instance_id} in ${rule.region}`
    case 'rds':
      return `RDS ${rule.db_instance_id} in ${rule.region}`
    case 'amplify':
      return `Amplify ${rule.app_id} ${rule.branch} in ${rule.region}`
    case 'lightsail':
      return `Lightsail ${rule.instance_name} in ${rule.region}`
    case 'cost':
      return `Cost budget ${rule.amount} (${rule.basis === 'forecast' ? 'forecast' : 'month to date'})`
  }
}

const settings = {
  /** The connected account (our id of it) the resource belongs to. */
  account_id: v.pipe(v.string('Account is required.'), v.trim(), v.nonEmpty('Choose the AWS account.')),
  rule: AwsRule,
}

export const aws = defineMonitorType({
  type: 'aws',
  ...MONITOR_TYPE_PAGES.aws,
  settings,
  shown: settings,
  // The account's sync reads it; more often than a minute would only read the same facts again.
  interval: { default: 300, min: 60, why: 'AWS accounts are read at most every minute' },
  target: (s) => ruleTarget(s.rule),
  // AWS's endpoints are not the user's targets: nothing to judge by the target policy.
  connectHosts: () => [],
  facts: AwsMonitorFacts,
  cloudAccount: { provider: 'aws', id: (s) => s.account_id },
  incidentWords: AVAILABILITY,
  observes: null,
})
