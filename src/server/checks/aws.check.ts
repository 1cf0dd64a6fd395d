import type { AmplifyApp, Ec2Instance, LightsailInstance, RdsInstance } from '@vigil/domain/aws'
import type { CostSummary } from '@vigil/domain/aws-costs'
import type { CheckOutcome } from '@vigil/domain/check-result'
import type { AwsMonitorFacts, AwsRule } from '@vigil/domain/monitor-types/aws'
import { judgeBudget } from '@vigil/domain/monitor-types/budget'
import { cloudFail, cloudGate, cloudPass } from './cloud-gate.ts'
import type { CheckContext } from './context.ts'

// AWS monitors: a resource of a connected account held to its rule, judged on what the account's last sync read
// (the same facts its pages show; the sync reads the account as often as its monitors check). A part the sync could
// not read fails the check with AWS's reason and the permission to allow.

type AwsTarget = { type: 'aws'; account_id: string; rule: AwsRule }

const fail = (message: string, detail?: AwsMonitorFacts) => cloudFail(message, detail)
const pass = (message: string, detail: AwsMonitorFacts) => cloudPass(message, detail)

const AREA_OF = { ec2: 'ec2', rds: 'rds', amplify: 'amplify', lightsail: 'lightsail', cost: 'costs' } as const
const KIND_OF = {
  ec2: 'ec2_instance',
  rds: 'rds_instance',
  amplify: 'amplify_app',
  lightsail: 'lightsail_instance',
} as const

export const checkAws = async (monitor: AwsTarget, ctx: CheckContext): Promise<CheckOutcome> => {
  const { account_id: accountId, rule } = monitor
  const scope = rule.resource === 'cost' ? '' : rule.region
  const gate = await cloudGate(
    ctx.cloud,
    'aws',
    accountId,
    [{ area: AREA_OF[rule.resource], scope }],
    (action) => `Allow ${action} to the credentials Vigil uses.`,
  )
  if (!gate.ok) return gate.outcome
  const { cloud } = gate
  switch (rule.resource) {
    case 'ec2':
      return judgeEc2(await cloud.resource<Ec2Instance>(accountId, KIND_OF.ec2, rule.region, rule.instance_id), rule)
    case 'rds': {
      const found = await cloud.resource<RdsInstance>(accountId, KIND_OF.rds, rule.region, rule.db_instance_id)
      if (!found) return fail(`The DB instance ${rule.db_instance_id} was not found in ${rule.region}.`)
      const db = found.data
      const facts: AwsMonitorFacts = { resource: 'rds', instance: db }
      return db.status === 'available'
        ? pass(`${db.id} is available (${db.engine} ${db.engine_version}).`, facts)
        : fail(`${db.id} is ${db.status}, not available.`, facts)
    }
    case 'amplify':
      return judgeAmplify(await cloud.resource<AmplifyApp>(accountId, KIND_OF.amplify, rule.region, rule.app_id), rule)
    case 'lightsail': {
      const found = await cloud.resource<LightsailInstance>(
        accountId,
        KIND_OF.lightsail,
        rule.region,
        rule.instance_name,
      )
      if (!found) return fail(`The Lightsail instance ${rule.instance_name} was not found in ${rule.region}.`)
      const instance = found.data
      const facts: AwsMonitorFacts = { resource: 'lightsail', instance }
      return instance.state === 'running'
        ? pass(`${instance.name} is running.`, facts)
        : fail(`${instance.name} is ${instance.state}, not running.`, facts)
    }
    case 'cost':
      return judgeCost(await cloud.costs<CostSummary>(accountId), rule)
  }
}

const judgeEc2 = (found: { data: Ec2Instance } | null, rule: Extract<AwsRule, { resource: 'ec2' }>): CheckOutcome => {
  if (!found) return fail(`The instance ${rule.instance_id} was not found in ${rule.region} (terminated, or removed).`)
  const instance = found.data
  const facts: AwsMonitorFacts = { resource: 'ec2', instance }
  const name = instance.name ? `${instance.name} (${instance.id})` : instance.id
  if (instance.state !== 'running') return fail(`${name} is ${instance.state}, not running.`, facts)
  const failing = [
    instance.instance_status !== 'ok' && instance.instance_status !== null
      ? `instance check ${instance.instance_status}`
      : null,
    instance.system_status !== 'ok' && instance.system_status !== null
      ? `system check ${instance.system_status}`
      : null,
  ].filter((x) => x !== null)
  if (instance.instance_status === 'impaired' || instance.system_status === 'impaired')
    return fail(`${name} is running but its status checks fail: ${failing.join(', ')}.`, facts)
  const cpu = instance.cpu_average
  if (rule.cpu_above != null && cpu !== null && cpu > rule.cpu_above)
    return fail(`${name}: CPU averaged ${cpu.toFixed(1)} % over the last hour, above ${rule.cpu_above} %.`, facts)
  const checks = failing.length === 0 ? 'both status checks pass' : `status checks: ${failing.join(', ')}`
  const load = cpu === null ? '' : `; CPU ${cpu.toFixed(1)} % over the last hour`
  return pass(`${name} is running; ${checks}${load}.`, facts)
}

const judgeAmplify = (
  found: { data: AmplifyApp } | null,
  rule: Extract<AwsRule, { resource: 'amplify' }>,
): CheckOutcome => {
  if (!found) return fail(`The Amplify app ${rule.app_id} was not found in ${rule.region}.`)
  const app = found.data
  const branch = app.branches.find((b) => b.name === rule.branch)
  const facts: AwsMonitorFacts = { resource: 'amplify', app, branch: rule.branch }
  if (!branch) return fail(`The branch ${rule.branch} of ${app.name} was not found.`, facts)
  const job = branch.last_job
  if (!job) return pass(`${app.name} ${branch.name} has not been built yet.`, facts)
  if (job.status === 'SUCCEED') return pass(`The last build of ${app.name} ${branch.name} succeeded.`, facts)
  if (job.status === 'FAILED' || job.status === 'CANCELLED')
    return fail(
      `The last build of ${app.name} ${branch.name} ${job.status === 'FAILED' ? 'failed' : 'was cancelled'}.`,
      facts,
    )
  return pass(`A build of ${app.name} ${branch.name} is ${job.status.toLowerCase()}.`, facts)
}

const judgeCost = (found: { data: CostSummary } | null, rule: Extract<AwsRule, { resource: 'cost' }>): CheckOutcome => {
  if (!found) return fail('The costs of this AWS account have not been read yet.')
  const costs = found.data
  const facts: AwsMonitorFacts = { resource: 'cost', costs }
  const { ok, message } = judgeBudget(rule, {
    spent: costs.month_to_date,
    forecast: costs.forecast,
    currency: costs.currency,
    period: costs.month,
    source: 'AWS',
  })
  return ok ? pass(message, facts) : fail(message, facts)
}
