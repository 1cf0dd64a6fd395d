import type { AwsRule } from '@vigil/domain/monitor-types/aws'
import { defineMonitorTypeUi, watched } from './define.ts'

// AWS Monitoring: a resource of a connected account held to a rule (running, available, built, within budget).

const RULES: Record<AwsRule['resource'], string> = {
  ec2: 'Running, both status checks passing',
  rds: 'Available',
  amplify: 'Last build succeeded',
  lightsail: 'Running',
  cost: 'Within budget',
}

/** What the monitor holds its resource to, in words. */
export const ruleText = (rule: AwsRule): string =>
  rule.resource === 'ec2' && rule.cpu_above !== null
    ? `${RULES.ec2}, CPU at most ${rule.cpu_above} %`
    : RULES[rule.resource]

export const aws = defineMonitorTypeUi('aws', {
  noun: 'AWS monitor',
  example: 'Production web server',
  hear: 'as soon as the resource breaks its rule',
  target: watched,
  columns: [{ title: 'Rule', cell: (m) => ruleText(m.rule) }],
  header: { note: (m) => ruleText(m.rule) },
  form: () => import('./aws.form.tsx'),
  facts: { title: 'What AWS reported', load: () => import('./aws.facts.tsx') },
})
